/* Capsize: two boxes of the same wood, half as dense as water, are let go
 * tilted 8 degrees. A box w x h of relative density q floats upright only
 * when its metacentre stands above its centre of mass, w^2 / h^2 >
 * 6 q (1 - q) = 1.5: the wide box (2 x 1, ratio 4) rights itself, the tall
 * one (1 x 2, ratio 0.25) rolls over and floats on its side, turned 90
 * degrees. The world is written as scene text and built by fl_sim_build.
 *
 *   cc capsize.c $(pkg-config --cflags --libs flotsam) -o capsize */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <flotsam/flotsam.h>

static const char scene_text[] =
    "flotsam-scene 1\n"
    "world gravity=0,9.81 rate=60\n"
    "fluid name=water density=1000 surface=8 left=0 right=20 bottom=14\n"
    "box   name=wide at=6,7.5 size=2,1 density=500 angle=8deg\n"
    "box   name=tall at=14,7 size=1,2 density=500 angle=8deg\n";

int main(void)
{
    const double seconds = 30.0, q = 0.5;
    fl_scene scene;
    fl_scene_error err;
    fl_sim *sim = NULL;
    char msg[512];
    if (!fl_scene_parse(scene_text, strlen(scene_text), &scene, &err) ||
        !(sim = fl_sim_build(&scene, &err))) {
        fl_scene_error_format(&err, "capsize", msg, sizeof msg);
        fprintf(stderr, "%s\n", msg);
        fl_scene_free(&scene);
        return 1;
    }
    fl_scene_free(&scene);
    fl_world *world = fl_sim_world(sim);
    fl_body_id wide = fl_world_body(world, 0), tall = fl_world_body(world, 1);
    const double rate = fl_sim_rate(sim);

    for (int step = 1; step <= lround(seconds * rate); step++) {
        fl_sim_step(sim, NULL);
        if (step % lround(5.0 * rate) == 0)
            printf("t = %4.1f s   wide %7.3f deg   tall %7.3f deg\n", fl_world_time(world),
                   fl_body_angle(wide) * 180.0 / FL_PI, fl_body_angle(tall) * 180.0 / FL_PI);
    }
    printf("upright when w^2/h^2 > 6 q (1 - q) = %.2f: wide %.2f, tall %.2f\n",
           6.0 * q * (1.0 - q), 2.0 * 2.0 / (1.0 * 1.0), 1.0 * 1.0 / (2.0 * 2.0));

    /* The roll is damped at least by the angular drag, k_ang A / A_hull =
     * 0.5 /s half under, so its swing, never more than 90 degrees, has
     * shrunk by exp(-0.5 t / 2) at least. */
    double left = 90.0 * exp(-0.25 * seconds);
    double wide_off = fabs(fl_body_angle(wide)) * 180.0 / FL_PI;
    double tall_off = fabs(fabs(fl_body_angle(tall)) * 180.0 / FL_PI - 90.0);
    int ok = wide_off <= left && tall_off <= left;
    if (!ok)
        fprintf(stderr, "capsize: off by more than %.3g deg\n", left);
    fl_sim_free(sim);
    return ok ? 0 : 1;
}
