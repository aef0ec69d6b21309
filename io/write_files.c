/* A scene and a replay written into a file whole, through fl_write_file. */
#include "flotsam/flotsam.h"

typedef struct scene_ctx {
    const fl_sim *s;
    const fl_scene_view *view;
} scene_ctx;

static bool write_scene(FILE *f, void *ctx, char *why, size_t why_size)
{
    const scene_ctx *c = ctx;
    return fl_scene_write(f, c->s, c->view, why, why_size);
}

bool fl_scene_write_file(const char *path, const fl_sim *s, const fl_scene_view *view, char *err,
                         size_t err_size)
{
    scene_ctx c = {s, view};
    return fl_write_file(path, write_scene, &c, err, err_size);
}

static bool write_replay(FILE *f, void *ctx, char *why, size_t why_size)
{
    return fl_replay_write(f, ctx, why, why_size);
}

bool fl_replay_write_file(const char *path, const fl_replay *r, char *err, size_t err_size)
{
    return fl_write_file(path, write_replay, (void *)r, err, err_size);
}
