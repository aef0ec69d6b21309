/* A custom beforeUpdate hook: wind on a sail. A raft (2 m x 0.4 m, density
 * 500 kg/m^2) carries a 2 m^2 sail whose centre of effort is 1.5 m above the
 * raft's centre. Every step, before velocities integrate, the hook pushes on
 * that point with the wind's quadratic drag,
 *     F = 1/2 rho_air C_d A_sail |w - v| (w - v),
 * where v is the velocity of the sail's point; the buoyancy module's own
 * hook adds the water's lift and drag. The raft heels to leeward and speeds
 * up until the water's linear drag, k rho A_sub v (k = 0.5/s, A_sub = half
 * the raft), balances the wind: the program prints that terminal speed
 * beside the simulated one, and exits non-zero unless they agree.
 *
 *   cc sail.c $(pkg-config --cflags --libs flotsam) -o sail */
#include <math.h>
#include <stdio.h>
#include <flotsam/flotsam.h>

#define AIR_DENSITY 1.2 /* kg/m^3 */
#define SAIL_CD 1.2
#define SAIL_AREA 2.0   /* m^2 */

typedef struct sail {
    fl_body_id raft;
    fl_vec2 centre; /* the sail's centre of effort, in the raft's frame */
    fl_vec2 wind;   /* m/s */
} sail;

static void blow(const fl_event *ev, void *user)
{
    (void)ev;
    const sail *s = user;
    fl_vec2 at = fl_body_world_point(s->raft, s->centre);
    fl_vec2 rel = fl_sub(s->wind, fl_body_point_velocity(s->raft, at));
    double k = 0.5 * AIR_DENSITY * SAIL_CD * SAIL_AREA * fl_length(rel);
    fl_body_apply_force(s->raft, at, fl_scale(rel, k));
}

int main(void)
{
    const double length = 2.0, depth = 0.4, density = 500.0, wind = 8.0;
    fl_error err;
    fl_world_def wd = fl_world_def_default();
    fl_world *world = fl_world_create(&wd, &err);
    fl_buoyancy *buoyancy = world ? fl_buoyancy_create(world, &err) : NULL;
    fl_fluid_def water = fl_fluid_def_default();
    water.left = -1000.0;
    water.right = 1000.0;
    water.surface = 0.0;
    water.bottom = 50.0;
    const fl_vec2 outline[4] = {{-length / 2, -depth / 2}, {length / 2, -depth / 2},
                                {length / 2, depth / 2}, {-length / 2, depth / 2}};
    fl_body_def def = fl_body_def_default();
    def.points = outline;
    def.point_count = 4;
    def.origin = fl_v2(0.0, 0.0); /* floating at its own draft: half under */
    def.density = density;
    sail s = {FL_NULL_BODY, fl_v2(0.0, -1.5), fl_v2(wind, 0.0)};
    if (!buoyancy || fl_buoyancy_add_fluid(buoyancy, &water, NULL, &err) != FL_OK ||
        fl_world_add_body(world, &def, &s.raft, &err) != FL_OK) {
        fprintf(stderr, "sail: %s\n", err.message);
        fl_buoyancy_destroy(buoyancy);
        fl_world_destroy(world);
        return 1;
    }
    if (fl_world_on(world, FL_EVENT_BEFORE_UPDATE, blow, &s) != FL_OK) {
        fprintf(stderr, "sail: cannot add the wind's hook\n");
        fl_buoyancy_destroy(buoyancy);
        fl_world_destroy(world);
        return 1;
    }

    double speed = 0.0;
    for (int step = 1; step <= 60 * 60; step++) {
        fl_world_step(world, 1.0 / 60.0);
        speed = fl_body_velocity(s.raft).x;
        if (step % 600 == 0)
            printf("t = %4.0f s   speed %.4f m/s   heel %5.2f deg\n", fl_world_time(world), speed,
                   fl_body_angle(s.raft) * 180.0 / FL_PI);
    }
    /* Terminal speed: k rho A_sub v = c (w - v)^2, with c = rho_air C_d A / 2. */
    double drag = water.linear_drag * water.density * (length * depth / 2);
    double c = 0.5 * AIR_DENSITY * SAIL_CD * SAIL_AREA;
    double bq = -(2.0 * c * wind + drag);
    double v = (-bq - sqrt(bq * bq - 4.0 * c * c * wind * wind)) / (2.0 * c);
    printf("terminal speed, upright: %.4f m/s\n", v);

    fl_world_off(world, FL_EVENT_BEFORE_UPDATE, blow, &s);
    fl_buoyancy_destroy(buoyancy);
    fl_world_destroy(world);
    /* The lift still carries the weight, so the part under water and its
     * drag are the upright raft's: the speeds agree to the digits printed. */
    if (fabs(speed - v) > 0.5e-4) {
        fprintf(stderr, "sail: not the terminal speed\n");
        return 1;
    }
    return 0;
}
