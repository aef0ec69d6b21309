#include <stdio.h>
#include "body_command.h"
#include "cli.h"
#include "readings.h"
#include "scene_source.h"

int body_command_args(const char *command, int argc, char **argv, const char *const *names,
                      const char ***slots, int count, const char **scene)
{
    *scene = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a))
            return cli_answer_help(command);
        int k = 0;
        while (k < count && !cli_is_option(a, names[k]))
            k++;
        if (k < count) {
            const char *v = cli_option_value(names[k], argc, argv, &i);
            if (!v || !v[0])
                return cli_usage_error("%s needs a value", names[k]);
            *slots[k] = v;
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error("unknown option '%s' for %s", a, command);
        } else if (!*scene) {
            *scene = a;
        } else {
            return cli_usage_error("%s takes one scene file, got '%s' too", command, a);
        }
    }
    return *scene ? CLI_OK : cli_usage_error("%s needs a scene file", command);
}

int body_command_open(const char *command, const char *scene, const char *body, fl_sim **s,
                      fl_body_id *b)
{
    char err[512];
    fl_scene sc;
    *s = NULL;
    int loaded = scene_source_load(scene, &sc, err, sizeof err);
    if (loaded == CLI_OK && (loaded = scene_source_build(scene, &sc, s, err, sizeof err)) != CLI_OK)
        fl_scene_free(&sc);
    if (loaded != CLI_OK) {
        fprintf(stderr, "%s\n", err);
        return loaded;
    }
    fl_scene_free(&sc);
    *b = reading_body(*s, body);
    int rc = CLI_OK;
    if (fl_body_is_null(*b) || fl_body_is_static(*b)) {
        if (fl_body_is_null(*b) && body)
            fprintf(stderr, "flotsam: --body: no body of that name in the scene\n");
        else
            fprintf(stderr, "flotsam: %s: pick a body that moves (--body NAME)\n", command);
        rc = CLI_BAD_INPUT;
    } else if (fl_buoyancy_fluid_count(fl_sim_buoyancy(*s)) == 0) {
        fprintf(stderr, "flotsam: %s: the scene has no fluid to float in\n", command);
        rc = CLI_BAD_INPUT;
    }
    if (rc != CLI_OK) {
        fl_sim_free(*s);
        *s = NULL;
    }
    return rc;
}

/* Says which conditions (or, for compartments, which compartments) body
 * b has. */
static void list_names(const fl_sim *s, fl_body_id b, bool compartments)
{
    const char *names[64];
    int count = loading_names(s, b, compartments, names, 64);
    for (int i = 0; i < count && i < 64; i++)
        fprintf(stderr, "%s%s", i ? ", " : "", names[i]);
    fprintf(stderr, "%s\n", count > 64 ? ", ..."
                            : count         ? ""
                            : compartments  ? "none (the scene's compartment statements give them)"
                                            : "none (the scene's item and tank statements give them)");
}

int body_command_loading(const fl_sim *s, fl_body_id b, const char *condition, const char *damage,
                         loading *l)
{
    switch (loading_find(l, s, b, condition)) {
    case LOADING_OK:
        if (!damage || loading_damage(l, s, b, damage) == LOADING_OK)
            return CLI_OK;
        fprintf(stderr, "flotsam: --damage: '%s' is no compartment of '%s'; it has: ", damage,
                fl_sim_body_name(s, b));
        list_names(s, b, true);
        return CLI_BAD_INPUT;
    case LOADING_UNKNOWN:
        fprintf(stderr, "flotsam: --condition: '%s' is no loading condition of '%s'; it has: ",
                condition, fl_sim_body_name(s, b));
        list_names(s, b, false);
        return CLI_BAD_INPUT;
    default:
        fprintf(stderr, "flotsam: --condition: '%s' has more than %d tanks\n", condition,
                LOADING_TANKS);
        return CLI_BAD_INPUT;
    }
}
