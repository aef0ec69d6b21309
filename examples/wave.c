/* A float on a wave: a plank 1 m wide and 4 cm thick, half as dense as
 * water, rides a swell 20 m long and 0.2 m in amplitude on water 60 m
 * deep. A float much smaller than the wave rises and falls with the
 * surface: linear theory puts its heave at the surface's amplitude times
 *   |wn^2 Ep + i w c Ev| / |wn^2 - w^2 + i w c|   (about 0.996 here),
 * wn^2 = g / T its own heave (draft T), w the wave's frequency, c the
 * water's linear drag, Ep = exp(-k T) sin(k b / 2) / (k b / 2) the wave's
 * pressure averaged under its bottom (width b) and Ev = exp(-k T / 2) the
 * water's velocity at its centre of buoyancy.
 *
 *   cc wave.c $(pkg-config --cflags --libs flotsam) -o wave */
#include <math.h>
#include <stdio.h>
#include <flotsam/flotsam.h>

int main(void)
{
    const double b = 1.0, h = 0.04, density = 500.0, dt = 1.0 / 60.0;
    fl_error err;
    fl_world_def wd = fl_world_def_default();
    fl_world *world = fl_world_create(&wd, &err);
    fl_buoyancy *buoyancy = world ? fl_buoyancy_create(world, &err) : NULL;
    fl_fluid_def sea = fl_fluid_def_default();
    sea.left = -1000.0;
    sea.right = 1000.0;
    sea.bottom = 60.0; /* the still surface at y = 0 */
    sea.wave_amplitude = 0.2;
    sea.wave_length = 20.0;
    /* The wave's speed from its length and depth, as the module finds it. */
    fl_fluid_resolve_wave_speed(&sea, wd.gravity.y);

    /* The plank starts at its draft on the surface at x = 0, along the
     * slope and moving with the water there. */
    const fl_vec2 plank[4] = {{-b / 2, -h / 2}, {b / 2, -h / 2}, {b / 2, h / 2}, {-b / 2, h / 2}};
    double draft = h * density / sea.density, slope;
    double y0 = fl_fluid_surface_at(&sea, 0.0, 0.0, &slope);
    fl_body_def def = fl_body_def_default();
    def.points = plank;
    def.point_count = 4;
    def.density = density;
    def.origin = fl_v2(0.0, y0 + h / 2 - draft);
    def.angle = atan(slope);
    def.velocity = fl_fluid_wave_velocity(&sea, def.origin, 0.0);
    fl_body_id body;
    if (!buoyancy || fl_buoyancy_add_fluid(buoyancy, &sea, NULL, &err) != FL_OK ||
        fl_world_add_body(world, &def, &body, &err) != FL_OK) {
        fprintf(stderr, "wave: %s\n", err.message);
        fl_buoyancy_destroy(buoyancy);
        fl_world_destroy(world);
        return 1;
    }

    /* 30 s for the start to die away (the drag takes exp(-c t / 2) of it),
     * then the highest and lowest the plank goes over five periods. */
    double period = sea.wave_length / sea.wave_speed, top = INFINITY, low = -INFINITY;
    long settle = lround(30.0 / dt), watch = lround(5.0 * period / dt);
    for (long i = 0; i < settle + watch; i++) {
        fl_world_step(world, dt);
        if (i >= settle) {
            top = fl_min(top, fl_body_position(body).y); /* y points down */
            low = fl_max(low, fl_body_position(body).y);
        }
    }
    double heave = (low - top) / 2, a = sea.wave_amplitude;

    double k = 2 * FL_PI / sea.wave_length, w = k * sea.wave_speed, c = sea.linear_drag;
    double wn2 = wd.gravity.y / draft, u = k * b / 2;
    double ep = exp(-k * draft) * sin(u) / u, ev = exp(-k * draft / 2);
    double theory = hypot(wn2 * ep, w * c * ev) / hypot(wn2 - w * w, w * c);
    printf("wave: amplitude %.3f m, period %.3f s, speed %.3f m/s\n", a, period,
           sea.wave_speed);
    printf("plank's heave %.5f m = %.4f of the wave's (linear theory %.4f)\n", heave,
           heave / a, theory);

    /* Linear theory leaves out what is second order in the slope, (k a)^2
     * = 0.4 %, and the pressure's moment on the plank's sides, 12 T (h - T)
     * / b^2 = 0.5 %: within 2 %. */
    int ok = fabs(heave / a - theory) <= 0.02 * theory;
    if (!ok)
        fprintf(stderr, "wave: more than 2%% off linear theory\n");
    fl_buoyancy_destroy(buoyancy);
    fl_world_destroy(world);
    return ok ? 0 : 1;
}
