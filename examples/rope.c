/* A weight on an elastic rope: a 10 kg box hangs from a point of the world
 * on a rope 1 m long of stiffness k = 2000 N/m, let go with the rope just
 * slack. It bounces, the rope's damping (a damping ratio of 0.1) takes the
 * bounce out, and at rest the rope is stretched by m g / k, where its pull
 * holds the weight.
 *
 *   cc rope.c $(pkg-config --cflags --libs flotsam) -o rope */
#include <math.h>
#include <stdio.h>
#include <flotsam/flotsam.h>

int main(void)
{
    const double k = 2000.0, zeta = 0.1, length = 1.0, seconds = 10.0, dt = 1.0 / 60.0;
    const fl_vec2 box[4] = {{-0.25, -0.2}, {0.25, -0.2}, {0.25, 0.2}, {-0.25, 0.2}};
    fl_error err;
    fl_world_def wd = fl_world_def_default();
    fl_world *world = fl_world_create(&wd, &err);

    /* 0.5 m x 0.4 m at 50 kg/m^2: 10 kg, its top 1 m below the hook. */
    fl_body_def def = fl_body_def_default();
    def.points = box;
    def.point_count = 4;
    def.density = 50.0;
    def.origin = fl_v2(0.0, length + 0.2);
    fl_body_id weight = FL_NULL_BODY;
    fl_joint_id joint = FL_NULL_JOINT;
    fl_status st = world ? fl_world_add_body(world, &def, &weight, &err) : FL_ENOMEM;
    double m = !fl_body_is_null(weight) ? fl_body_mass(weight) : 0.0, g = wd.gravity.y;
    if (st == FL_OK) {
        /* Tied to the world at (0, 0), damped at a ratio c / (2 sqrt(k m)). */
        fl_rope_def rope = {weight, FL_NULL_BODY, fl_v2(0.0, -0.2), fl_v2(0.0, 0.0), length, k,
                            2.0 * zeta * sqrt(k * m)};
        st = fl_world_add_rope(world, &rope, &joint, &err);
    }
    if (st != FL_OK) {
        fprintf(stderr, "rope: %s\n", err.message);
        fl_world_destroy(world);
        return 1;
    }

    double longest = 0.0, stretch = 0.0;
    for (int step = 1; step <= lround(seconds / dt); step++) {
        fl_world_step(world, dt);
        stretch = fl_length(fl_sub(fl_joint_world_a(joint), fl_joint_world_b(joint))) - length;
        longest = fl_max(longest, stretch);
        if (step % 120 == 0)
            printf("t = %4.1f s   stretch %.6f m\n", fl_world_time(world), stretch);
    }
    /* The first swing down overshoots the rest by exp(-zeta pi / sqrt(1 - zeta^2)). */
    double overshoot = exp(-zeta * FL_PI / sqrt(1.0 - zeta * zeta));
    printf("longest %.4f m (first swing, predicted %.4f m)\n", longest, m * g / k * (1 + overshoot));
    printf("at rest %.6f m, predicted m g / k = %.6f m\n", stretch, m * g / k);

    /* Let go slack, it swings m g / k either side of its rest; the damping
     * shrinks that by exp(-zeta w t), w = sqrt(k / m): zeta w t = 14 here. */
    double left = m * g / k * exp(-zeta * sqrt(k / m) * seconds) / sqrt(1.0 - zeta * zeta);
    int ok = fabs(stretch - m * g / k) <= left;
    if (!ok)
        fprintf(stderr, "rope: off by more than %.2g m\n", left);
    fl_world_destroy(world);
    return ok ? 0 : 1;
}
