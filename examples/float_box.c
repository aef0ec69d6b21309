/* A box floating in water: a 1 m x 0.5 m box of density 600 kg/m^2 is let go
 * just above still water, and its draft is printed every second as it
 * settles. Archimedes says it comes to rest with 600/1000 of its height
 * under the surface: 0.3 m. (In flotsam y points down, so the draft is the
 * box's bottom minus the surface.) It exits non-zero unless it comes to
 * that, to the digits it prints.
 *
 *   cc float_box.c $(pkg-config --cflags --libs flotsam) -o float_box */
#include <math.h>
#include <stdio.h>
#include <flotsam/flotsam.h>

int main(void)
{
    const double width = 1.0, height = 0.5, density = 600.0;
    fl_error err;

    fl_world_def wd = fl_world_def_default(); /* gravity (0, 9.81) */
    fl_world *world = fl_world_create(&wd, &err);
    if (!world) {
        fprintf(stderr, "float_box: %s\n", err.message);
        return 1;
    }
    /* The buoyancy module hooks itself onto the world's beforeUpdate. */
    fl_buoyancy *buoyancy = fl_buoyancy_create(world, &err);
    fl_fluid_def water = fl_fluid_def_default(); /* 1000 kg/m^2 */
    water.left = -10.0;
    water.right = 10.0;
    water.surface = 5.0;
    water.bottom = 15.0;
    if (!buoyancy || fl_buoyancy_add_fluid(buoyancy, &water, NULL, &err) != FL_OK) {
        fprintf(stderr, "float_box: %s\n", err.message);
        fl_world_destroy(world);
        return 1;
    }

    const fl_vec2 outline[4] = {{-width / 2, -height / 2}, {width / 2, -height / 2},
                                {width / 2, height / 2}, {-width / 2, height / 2}};
    fl_body_def def = fl_body_def_default();
    def.points = outline;
    def.point_count = 4;
    def.origin = fl_v2(0.0, water.surface - height); /* its bottom at the surface */
    def.density = density;
    fl_body_id box;
    if (fl_world_add_body(world, &def, &box, &err) != FL_OK) {
        fprintf(stderr, "float_box: %s\n", err.message);
        fl_buoyancy_destroy(buoyancy);
        fl_world_destroy(world);
        return 1;
    }

    const double dt = 1.0 / 60.0;
    double draft = 0.0;
    for (int step = 1; step <= 60 * 60; step++) {
        fl_world_step(world, dt);
        draft = fl_body_position(box).y + height / 2 - water.surface;
        if (step % 300 == 0)
            printf("t = %4.1f s   draft %.5f m\n", fl_world_time(world), draft);
    }
    double archimedes = density / water.density * height;
    printf("Archimedes: %.5f m\n", archimedes);

    fl_buoyancy_destroy(buoyancy);
    fl_world_destroy(world);
    /* The water's linear drag has taken the bob out: the last draft reads
     * as Archimedes' to the digits printed. */
    if (fabs(draft - archimedes) > 0.5e-5) {
        fprintf(stderr, "float_box: the draft is not Archimedes'\n");
        return 1;
    }
    return 0;
}
