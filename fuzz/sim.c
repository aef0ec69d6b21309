/* The simulation target: scene text -> fl_scene -> fl_sim, then
 * FUZZ_SIM_STEPS steps. After every step it aborts on
 *   - a non-finite position, angle, velocity or spin of any body, but in a
 *     scene with a body whose outline reaches outside its own hull or a
 *     wave steeper than water waves break at (known cases, fuzz/README.md);
 *   - mechanical energy out of nothing (energy.c); with FUZZ_ENERGY=warn in
 *     the environment it only says so, as the short run in .ci/run does.
 * A scene asking for more than FUZZ_SIM_PASSES solver passes a step
 * (substeps times iterations, up to 64000) is read and not stepped: slow,
 * not wrong, and libFuzzer would call it a hang. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "energy.h"
#include "flotsam/fl_scene.h"
#include "flotsam/fl_sim.h"
#include "targets.h"

static bool finite2(fl_vec2 v) { return isfinite(v.x) && isfinite(v.y); }

static void check_finite(const fl_world *w, int step, bool known)
{
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        fl_vec2 p = fl_body_position(b), v = fl_body_velocity(b);
        double a = fl_body_angle(b), spin = fl_body_spin(b);
        if (!known && (!finite2(p) || !finite2(v) || !isfinite(a) || !isfinite(spin))) {
            fprintf(stderr,
                    "fuzz: body %d not finite after %d steps: at %g,%g angle %g "
                    "velocity %g,%g spin %g\n",
                    i, step, p.x, p.y, a, v.x, v.y, spin);
            abort();
        }
    }
}

int fuzz_sim(const uint8_t *data, size_t size)
{
    fl_scene scene;
    fl_scene_error err;
    if (!fl_scene_parse((const char *)data, size, &scene, &err))
        return 0;
    if ((long)scene.substeps * scene.iterations > FUZZ_SIM_PASSES) {
        fl_scene_free(&scene);
        return 0;
    }
    fl_sim *sim = NULL;
    sim = fl_sim_build(&scene, &err);
    bool built = sim != NULL;
    fl_scene_free(&scene);
    if (!built)
        return 0;
    bool known = !fuzz_waves_unbroken(fl_sim_buoyancy(sim));
    const char *mode = getenv("FUZZ_ENERGY");
    bool warn_only = mode && strcmp(mode, "warn") == 0;
    check_finite(fl_sim_world(sim), 0, known);
    fuzz_energy meter;
    bool metering = fuzz_energy_start(&meter, sim);
    for (int k = 1; k <= FUZZ_SIM_STEPS; k++) {
        (void)fl_sim_step(sim, &err); /* an event that cannot apply is skipped */
        check_finite(fl_sim_world(sim), k, known);
        /* Events (spawns, pushes, a fluid moved) change the energy from
         * outside: the account stops at the first. */
        if (metering && fl_sim_events_done(sim) > 0)
            metering = false;
        if (metering) {
            fuzz_energy_verdict v = fuzz_energy_step(&meter, sim, k);
            if (v == FUZZ_ENERGY_GAINED && !warn_only)
                abort();
            metering = v == FUZZ_ENERGY_HELD;
        }
    }
    fuzz_energy_free(&meter);
    fl_sim_free(sim);
    return 0;
}
