/* A curve of statical stability: a box 2 m x 1 m at half the water's
 * density floats at its Archimedes draft T = 0.5 m. fl_buoyancy_hydrostatics
 * reads its metacentric height GM off the waterline, and fl_righting_arm
 * heels its hull to each angle, sinks it to the same displacement and
 * measures the righting arm GZ. A box is wall-sided until its deck edge
 * goes under (tan p = (h - T) / (b / 2), 26.6 degrees here), where GZ =
 * sin p (GM + BM tan^2 p / 2): GM sin p at small heel.
 *
 *   cc stability_curve.c $(pkg-config --cflags --libs flotsam) -o stability_curve */
#include <math.h>
#include <stdio.h>
#include <flotsam/flotsam.h>

int main(void)
{
    const double b = 2.0, h = 1.0, q = 0.5, deg = FL_PI / 180.0;
    const fl_vec2 box[4] = {{-b / 2, -h / 2}, {b / 2, -h / 2}, {b / 2, h / 2}, {-b / 2, h / 2}};
    fl_error err;
    fl_world_def wd = fl_world_def_default();
    fl_world *world = fl_world_create(&wd, &err);
    fl_buoyancy *buoyancy = world ? fl_buoyancy_create(world, &err) : NULL;
    fl_fluid_def water = fl_fluid_def_default(); /* the surface at y = 0 */
    water.left = -10.0;
    water.right = 10.0;
    water.bottom = 10.0;
    fl_body_def def = fl_body_def_default();
    def.points = box;
    def.point_count = 4;
    def.density = q * water.density;
    def.origin = fl_v2(0.0, h / 2 - q * h); /* its bottom at the draft */
    fl_body_id body;
    if (!buoyancy || fl_buoyancy_add_fluid(buoyancy, &water, NULL, &err) != FL_OK ||
        fl_world_add_body(world, &def, &body, &err) != FL_OK) {
        fprintf(stderr, "stability_curve: %s\n", err.message);
        fl_buoyancy_destroy(buoyancy);
        fl_world_destroy(world);
        return 1;
    }

    /* Hydrostatics, measured where it floats, against the box's formulas. */
    fl_hydrostatics hs;
    fl_buoyancy_measure(buoyancy, 0.0);
    fl_buoyancy_hydrostatics(buoyancy, fl_world_body(world, 0), 0.0, &hs);
    double t = q * h, bm = b * b / (12 * t), gm = t / 2 + bm - h / 2;
    printf("draft %.6f m, BM %.6f m, GM %.6f m (box: %.6f, %.6f, %.6f)\n", hs.draft, hs.bm,
           hs.gm, t, bm, gm);
    int ok = fabs(hs.draft - t) <= 1e-12 && fabs(hs.gm - gm) <= 1e-12;

    /* The curve, every 10 degrees (and 2 degrees, where GZ ~ GM sin p). */
    int n;
    const fl_vec2 *hull = fl_body_hull(body, &n);
    double displaced = fl_body_mass(body) / water.density, deck = atan((h - t) / (b / 2));
    const double heels[] = {2, 10, 20, 30, 40, 50, 60, 70, 80, 90};
    double top = 0.0, top_heel = 0.0;
    printf("heel      GZ        GM sin p   wall-sided\n");
    for (int i = 0; i < 10; i++) {
        double p = heels[i] * deg;
        fl_righting r;
        if (!fl_righting_arm(hull, n, displaced, p, &r)) {
            ok = 0;
            break;
        }
        double wall = sin(p) * (gm + bm * tan(p) * tan(p) / 2);
        printf("%4.0f  %9.6f  %9.6f", heels[i], r.gz, hs.gm * sin(p));
        if (r.gz > top) {
            top = r.gz;
            top_heel = heels[i];
        }
        if (p <= deck) {
            printf("  %9.6f", wall);
            ok = ok && fabs(r.gz - wall) <= 1e-12; /* exact for a box, to roundoff */
        }
        printf("\n");
        if (heels[i] == 90) /* on its side it is symmetric again: no arm */
            ok = ok && fabs(r.gz) <= 1e-12;
    }
    printf("deck edge under at %.1f deg; GZ largest near %.0f deg (%.4f m), none at 90\n",
           deck / deg, top_heel, top);
    fl_buoyancy_destroy(buoyancy);
    fl_world_destroy(world);
    if (!ok)
        fprintf(stderr, "stability_curve: not the box's hydrostatics\n");
    return ok ? 0 : 1;
}
