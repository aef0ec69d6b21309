/* The reader targets: scene text and replay text, parsed and freed. A
 * failed parse must leave its output empty and its message terminated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flotsam/fl_replay.h"
#include "flotsam/fl_scene.h"
#include "targets.h"

static void check_error(const fl_scene_error *err, const char *what)
{
    if (memchr(err->message, '\0', sizeof err->message) == NULL) {
        fprintf(stderr, "fuzz: %s error message not terminated\n", what);
        abort();
    }
    if (err->message[0] == '\0' || err->line < 0 || err->column < 0) {
        fprintf(stderr, "fuzz: %s failed without a message (line %d column %d)\n", what,
                err->line, err->column);
        abort();
    }
}

int fuzz_scene(const uint8_t *data, size_t size)
{
    fl_scene scene;
    fl_scene_error err;
    memset(&err, 0x55, sizeof err);
    if (fl_scene_parse((const char *)data, size, &scene, &err)) {
        fl_scene_free(&scene);
    } else {
        check_error(&err, "scene");
        if (scene.bodies || scene.fluids || scene.ropes || scene.events) {
            fprintf(stderr, "fuzz: failed scene parse left arrays behind\n");
            abort();
        }
    }
    return 0;
}

int fuzz_replay(const uint8_t *data, size_t size)
{
    fl_replay replay;
    fl_scene_error err;
    memset(&err, 0x55, sizeof err);
    if (fl_replay_parse((const char *)data, size, &replay, &err)) {
        fl_replay_free(&replay);
    } else {
        check_error(&err, "replay");
        if (replay.scenes || replay.spawns || replay.inputs || replay.checks) {
            fprintf(stderr, "fuzz: failed replay parse left arrays behind\n");
            abort();
        }
    }
    return 0;
}
