/* A boat with cargo: a hollow boat 3 m wide (a U-shaped shell 0.1 m thick,
 * floating on a hull that closes it at the gunwale) is let go at its
 * draft, then a 300 kg crate is set down on the floor of its hold. The
 * hold is dry, so the crate displaces nothing: the hull must displace it,
 * and a wall-sided hull of waterline width W sinks by m / (rho W) more.
 *
 *   cc boat_cargo.c $(pkg-config --cflags --libs flotsam) -o boat_cargo */
#include <math.h>
#include <stdio.h>
#include <flotsam/flotsam.h>

/* The boat's draft, measured now: its lowest point below the surface. */
static double draft(fl_world *world, fl_buoyancy *buoyancy, fl_body_id boat)
{
    fl_hydrostatics h;
    fl_buoyancy_measure(buoyancy, fl_world_time(world));
    return fl_buoyancy_hydrostatics(buoyancy, boat, fl_world_time(world), &h)
               ? h.draft
               : NAN;
}

/* Floats the boat, loads it and prints its drafts. Returns 0 when the
 * draft changed as predicted, 1 when not, -1 (with err) when the world
 * refuses a body. */
static int load_boat(fl_world *world, fl_buoyancy *buoyancy, const fl_fluid_def *water,
                     fl_error *err)
{
    const double width = 3.0, wall = 0.1, settle = 60.0, dt = 1.0 / 60.0;
    const fl_vec2 shell[8] = {{-1.5, -0.5}, {-1.4, -0.5}, {-1.4, 0.4}, {1.4, 0.4},
                              {1.4, -0.5},  {1.5, -0.5},  {1.5, 0.5},  {-1.5, 0.5}};
    const fl_vec2 hull[4] = {{-1.5, -0.5}, {1.5, -0.5}, {1.5, 0.5}, {-1.5, 0.5}};
    const fl_vec2 crate[4] = {{-0.5, -0.25}, {0.5, -0.25}, {0.5, 0.25}, {-0.5, 0.25}};

    /* The shell is 0.48 m^2 at 500 kg/m^2: 240 kg, floating 0.08 m deep. */
    fl_body_def boat_def = fl_body_def_default();
    boat_def.points = shell;
    boat_def.point_count = 8;
    boat_def.hull = hull;
    boat_def.hull_count = 4;
    boat_def.density = 500.0;
    double shell_area = width * 1.0 - (width - 2 * wall) * 0.9;
    double d0 = boat_def.density * shell_area / (water->density * width);
    boat_def.origin = fl_v2(0.0, water->surface + d0 - 0.5); /* its bottom at that draft */
    fl_body_id boat, cargo;
    if (fl_world_add_body(world, &boat_def, &boat, err) != FL_OK)
        return -1;
    fl_vec2 start = fl_body_position(boat);
    for (int i = 0; i < 60; i++)
        fl_world_step(world, dt);
    double before = draft(world, buoyancy, boat);
    printf("empty:      draft %.6f m   (Archimedes %.6f m)\n", before, d0);

    /* The crate, 1 m x 0.5 m at 600 kg/m^2, set down on the hold's floor. */
    fl_body_def crate_def = fl_body_def_default();
    crate_def.points = crate;
    crate_def.point_count = 4;
    crate_def.density = 600.0;
    fl_vec2 moved = fl_sub(fl_body_position(boat), start); /* (it stayed upright) */
    crate_def.origin = fl_add(fl_add(boat_def.origin, moved), fl_v2(0.0, 0.4 - 0.25));
    if (fl_world_add_body(world, &crate_def, &cargo, err) != FL_OK)
        return -1;
    for (int i = 0; i < lround(settle / dt); i++)
        fl_world_step(world, dt);
    double after = draft(world, buoyancy, boat);
    double deeper = fl_body_mass(cargo) / (water->density * width);
    printf("with cargo: draft %.6f m\n", after);
    printf("deeper by %.8f m, predicted m / (rho W) = %.8f m\n", after - before, deeper);

    /* Setting the crate down starts a heave as large as the change, which
     * the water's linear drag (rate k = 0.5 /s afloat) decays as
     * exp(-k t / 2): what may be left of it after the settling time. The
     * empty boat, let go at its draft, stays there to roundoff. */
    double left = deeper * exp(-water->linear_drag * settle / 2);
    if (fabs(after - before - deeper) <= left && fabs(before - d0) <= 1e-12)
        return 0;
    fprintf(stderr, "boat_cargo: off by more than %.2g m\n", left);
    return 1;
}

int main(void)
{
    fl_error err;
    fl_world_def wd = fl_world_def_default();
    fl_world *world = fl_world_create(&wd, &err);
    fl_buoyancy *buoyancy = world ? fl_buoyancy_create(world, &err) : NULL;
    fl_fluid_def water = fl_fluid_def_default();
    water.left = -20.0;
    water.right = 20.0;
    water.bottom = 10.0; /* the surface at y = 0 */
    int result = -1;
    if (buoyancy && fl_buoyancy_add_fluid(buoyancy, &water, NULL, &err) == FL_OK)
        result = load_boat(world, buoyancy, &water, &err);
    if (result < 0)
        fprintf(stderr, "boat_cargo: %s\n", err.message);
    fl_buoyancy_destroy(buoyancy);
    fl_world_destroy(world);
    return result == 0 ? 0 : 1;
}
