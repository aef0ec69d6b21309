/* Replays in memory: building one as a person works, applying its inputs to
 * a sim, and playing it back step by step against its checkpoints. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "flotsam/flotsam.h"
#include "replay_internal.h"
#include "sim_state.h"
#include "store.h"

/* Room for one more item in *array (count used, *capacity allocated). */
static bool grow(void **array, int *capacity, int count, size_t size)
{
    FL_ASSERT(count >= 0 && count <= *capacity && (*array || *capacity == 0));
    if (count < *capacity)
        return true;
    int want = *capacity > 0 ? 2 * *capacity : 8;
    void *bigger = realloc(*array, size * (size_t)want);
    if (!bigger)
        return false;
    *array = bigger;
    *capacity = want;
    return true;
}

fl_replay *fl_replay_create(void) { return calloc(1, sizeof(fl_replay)); }

void fl_replay_clear(fl_replay *r)
{
    FL_ASSERT(r);
    for (int i = 0; i < r->scene_count; i++) {
        free(r->scenes[i].text);
    }
    free(r->scenes);
    free(r->spawns);
    scene_store_free(&r->store);
    free(r->inputs);
    free(r->checks);
    memset(r, 0, sizeof *r);
}

void fl_replay_free(fl_replay *r)
{
    if (!r)
        return;
    fl_replay_clear(r);
    free(r);
}

/* ---- what a replay holds ------------------------------------------------------ */

int fl_replay_scene_count(const fl_replay *r)
{
    FL_ASSERT(r);
    return r->scene_count;
}

const char *fl_replay_scene_text(const fl_replay *r, int k, size_t *len)
{
    FL_ASSERT(r && k >= 0 && k < r->scene_count);
    if (len)
        *len = r->scenes[k].len;
    return r->scenes[k].text;
}

int fl_replay_scene_line(const fl_replay *r, int k)
{
    FL_ASSERT(r && k >= 0 && k < r->scene_count);
    return r->scenes[k].line;
}

int fl_replay_spawn_count(const fl_replay *r)
{
    FL_ASSERT(r);
    return r->spawn_count;
}

const fl_scene_body *fl_replay_spawn(const fl_replay *r, int i)
{
    FL_ASSERT(r && i >= 0 && i < r->spawn_count);
    return &r->spawns[i];
}

int fl_replay_input_count(const fl_replay *r)
{
    FL_ASSERT(r);
    return r->input_count;
}

const fl_input *fl_replay_input(const fl_replay *r, int i)
{
    FL_ASSERT(r && i >= 0 && i < r->input_count);
    return &r->inputs[i];
}

int fl_replay_check_count(const fl_replay *r)
{
    FL_ASSERT(r);
    return r->check_count;
}

uint64_t fl_replay_check_step(const fl_replay *r, int i)
{
    FL_ASSERT(r && i >= 0 && i < r->check_count);
    return r->checks[i].step;
}

uint64_t fl_replay_steps(const fl_replay *r)
{
    FL_ASSERT(r);
    return r->steps;
}

bool fl_replay_ended(const fl_replay *r)
{
    FL_ASSERT(r);
    return r->ended;
}

/* ---- recording ---------------------------------------------------------------- */

/* A scene that cannot be kept: -1, the reason in *err and to each. */
static int out_of_memory(fl_scene_error *err, fl_scene_error_fn each, void *ctx)
{
    scene_set_no_memory(err, (scene_pos){0, 0}, "the replay's scenes");
    if (each)
        each(ctx, err);
    return -1;
}

int fl_replay_add_scene(fl_replay *r, const char *text, size_t len, fl_scene_error *err)
{
    FL_ASSERT(r && (text || len == 0));
    return replay_add_scene(r, text, len, NULL, NULL, err);
}

int replay_add_unread_scene(fl_replay *r)
{
    if (!grow((void **)&r->scenes, &r->scene_capacity, r->scene_count, sizeof *r->scenes))
        return -1;
    memset(&r->scenes[r->scene_count], 0, sizeof *r->scenes);
    return r->scene_count++;
}

int replay_add_scene(fl_replay *r, const char *text, size_t len, fl_scene_error_fn each,
                     void *ctx, fl_scene_error *err)
{
    fl_scene_error spare;
    if (!err)
        err = &spare;
    memset(err, 0, sizeof *err);
    if (!grow((void **)&r->scenes, &r->scene_capacity, r->scene_count, sizeof *r->scenes))
        return out_of_memory(err, each, ctx);
    replay_scene *s = &r->scenes[r->scene_count];
    memset(s, 0, sizeof *s);
    /* Read to be checked, then only its text kept: a replay of many
     * scenes holds none of them read (fl_replay_scene_read reads one). */
    fl_scene sc;
    if (fl_scene_parse_all(text, len, &sc, each, ctx, err) > 0)
        return -1;
    fl_scene_free(&sc);
    s->text = malloc(len + 1);
    if (!s->text)
        return out_of_memory(err, each, ctx);
    memcpy(s->text, text, len);
    s->text[len] = '\0';
    s->len = len;
    return r->scene_count++;
}

bool fl_replay_scene_read(const fl_replay *r, int k, fl_scene *out, fl_scene_error *err)
{
    FL_ASSERT(r && out);
    fl_scene_error spare;
    if (!err)
        err = &spare;
    memset(out, 0, sizeof *out);
    if (k < 0 || k >= r->scene_count || !r->scenes[k].text) {
        memset(err, 0, sizeof *err);
        snprintf(err->message, sizeof err->message, "no scene %d in this replay", k);
        return false;
    }
    const replay_scene *s = &r->scenes[k];
    if (fl_scene_parse(s->text, s->len, out, err))
        return true;
    if (err->line > 0 && s->line > 0)
        err->line = s->line + err->line - 1;
    return false;
}

int fl_replay_add_spawn(fl_replay *r, const fl_scene_body *b)
{
    FL_ASSERT(r && b);
    /* b may be one of r's own spawns, and the list may move as it grows. */
    fl_scene_body copy = *b;
    if (!grow((void **)&r->spawns, &r->spawn_capacity, r->spawn_count, sizeof *r->spawns) ||
        !scene_store_body(&r->store, &copy))
        return -1;
    r->spawns[r->spawn_count] = copy;
    return r->spawn_count++;
}

/* The step after which nothing more may be recorded: the last input's or
 * checkpoint's. */
static uint64_t last_step(const fl_replay *r)
{
    uint64_t s = 0;
    if (r->input_count > 0)
        s = r->inputs[r->input_count - 1].step;
    if (r->check_count > 0 && r->checks[r->check_count - 1].step > s)
        s = r->checks[r->check_count - 1].step;
    return s;
}

bool replay_append_input(fl_replay *r, const fl_input *in)
{
    /* in may be one of r's own inputs, and the list may move as it grows. */
    fl_input copy = *in;
    if (!grow((void **)&r->inputs, &r->input_capacity, r->input_count, sizeof *r->inputs))
        return false;
    r->inputs[r->input_count++] = copy;
    return true;
}

fl_status fl_replay_add_input(fl_replay *r, const fl_input *in)
{
    FL_ASSERT(r && in);
    if (r->ended || (r->input_count > 0 && in->step < r->inputs[r->input_count - 1].step))
        return FL_EINVAL;
    if (in->kind == FL_INPUT_DRAG && r->input_count > 0) {
        fl_input *last = &r->inputs[r->input_count - 1];
        if (last->kind == FL_INPUT_DRAG && last->step == in->step) {
            *last = *in;
            return FL_OK;
        }
    }
    return replay_append_input(r, in) ? FL_OK : FL_ENOMEM;
}

fl_status fl_replay_add_check(fl_replay *r, uint64_t step, uint64_t hash)
{
    FL_ASSERT(r);
    if (r->ended || (r->check_count > 0 && step <= r->checks[r->check_count - 1].step))
        return FL_EINVAL;
    if (!grow((void **)&r->checks, &r->check_capacity, r->check_count, sizeof *r->checks))
        return FL_ENOMEM;
    r->checks[r->check_count++] = (replay_check){step, hash, 0};
    return FL_OK;
}

fl_status fl_replay_end(fl_replay *r, uint64_t steps, uint64_t hash)
{
    FL_ASSERT(r);
    if (r->ended || steps < last_step(r))
        return FL_EINVAL;
    /* Inputs at the last step would come before a step never taken. */
    while (r->input_count > 0 && r->inputs[r->input_count - 1].step >= steps)
        r->input_count--;
    if (r->check_count == 0 || r->checks[r->check_count - 1].step != steps) {
        fl_status st = fl_replay_add_check(r, steps, hash);
        if (st != FL_OK)
            return st;
    } else if (r->checks[r->check_count - 1].hash != hash) {
        return FL_EINVAL;
    }
    r->steps = steps;
    r->ended = true;
    return FL_OK;
}

/* ---- applying ---------------------------------------------------------------- */

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static bool input_fail(fl_scene_error *err, const fl_input *in, const char *fmt, ...)
{
    memset(err, 0, sizeof *err);
    err->line = in->line;
    err->column = in->line > 0 ? 1 : 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return false;
}

/* input_fail for what the world refused with status st (its reason e
 * after the words fmt makes): marked out of memory when that is why. */
static bool input_refused(fl_scene_error *err, const fl_input *in, fl_status st,
                          const fl_error *e, const char *fmt, ...) SCENE_PRINTF(5, 6);

static bool input_refused(fl_scene_error *err, const fl_input *in, fl_status st,
                          const fl_error *e, const char *fmt, ...)
{
    char what[sizeof err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    input_fail(err, in, "%s: %s", what, e->message);
    err->out_of_memory = st == FL_ENOMEM;
    return false;
}

static fl_body_id body_with_id(const fl_world *w, uint32_t id)
{
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        if (fl_body_serial(b) == id)
            return b;
    }
    return FL_NULL_BODY;
}

static void let_go(fl_sim *s, fl_joint_id *grab)
{
    if (!fl_joint_is_null(*grab))
        fl_world_remove_joint(fl_sim_world(s), *grab);
    *grab = FL_NULL_JOINT;
}

static bool build(fl_sim *s, fl_joint_id *grab, const fl_replay *r, const fl_input *in,
                  fl_scene_error *err)
{
    if (in->scene < 0 || in->scene >= r->scene_count)
        return input_fail(err, in, "no scene %d in this replay", in->scene);
    fl_sim *fresh = NULL;
    fl_scene sc;
    fl_scene_error e;
    bool built = fl_replay_scene_read(r, in->scene, &sc, &e);
    if (built) {
        fresh = fl_sim_build(&sc, &e);
        built = fresh != NULL;
        fl_scene_free(&sc);
        if (!built && e.line > 0 && r->scenes[in->scene].line > 0)
            e.line = r->scenes[in->scene].line + e.line - 1; /* its line in the replay */
    }
    if (!built) {
        *err = e; /* its message, and whether memory ran out */
        if (e.line <= 0)
            err->line = in->line;
        return false;
    }
    *grab = FL_NULL_JOINT;
    sim_move(s, fresh); /* built in place: s keeps its address */
    return true;
}

fl_joint_id fl_replay_grab(const fl_sim *s)
{
    for (int i = 0; fl_sim_world(s) && i < fl_world_joint_count(fl_sim_world(s)); i++) {
        fl_joint_id j = fl_world_joint(fl_sim_world(s), i);
        if (fl_joint_kind(j) == FL_JOINT_MOUSE)
            return j;
    }
    return FL_NULL_JOINT;
}

bool fl_replay_apply(fl_sim *s, fl_joint_id *grab, const fl_replay *r, const fl_input *in,
                     fl_scene_error *err)
{
    FL_ASSERT(s && grab && r && in);
    fl_scene_error spare;
    if (!err)
        err = &spare;
    /* A scene's script may have removed the held body since the last
     * input, and the spring with it: *grab may be stale. */
    *grab = fl_replay_grab(s);
    fl_error e;
    fl_status st;
    fl_body_id b = FL_NULL_BODY;
    switch (in->kind) {
    case FL_INPUT_SPAWN:
        if (in->spawn < 0 || in->spawn >= r->spawn_count)
            return input_fail(err, in, "no body %d to spawn", in->spawn);
        if ((st = fl_sim_add_body(s, &r->spawns[in->spawn], NULL, &e)) != FL_OK)
            return input_refused(err, in, st, &e, "cannot spawn the body");
        return true;
    case FL_INPUT_REMOVE:
        if (fl_body_is_null(b = body_with_id(fl_sim_world(s), in->body)))
            return input_fail(err, in, "no body with id %u to remove", (unsigned)in->body);
        if (!fl_joint_is_null(*grab) && fl_body_id_equal(fl_joint_body_a(*grab), b))
            *grab = FL_NULL_JOINT; /* the world removes the spring with the body */
        fl_world_remove_body(fl_sim_world(s), b);
        return true;
    case FL_INPUT_GRAB: {
        if (fl_body_is_null(b = body_with_id(fl_sim_world(s), in->body)) || fl_body_is_static(b))
            return input_fail(err, in, "no moving body with id %u to grab", (unsigned)in->body);
        let_go(s, grab);
        fl_mouse_def d = {0};
        d.body = b;
        d.anchor = in->anchor;
        d.target = in->target;
        d.max_force = in->force;
        if ((st = fl_world_add_mouse(fl_sim_world(s), &d, grab, &e)) != FL_OK) {
            *grab = FL_NULL_JOINT;
            return input_refused(err, in, st, &e, "cannot grab body %u", (unsigned)in->body);
        }
        return true;
    }
    case FL_INPUT_DRAG:
        if (!fl_joint_is_null(*grab))
            fl_mouse_set_target(*grab, in->target);
        return true;
    case FL_INPUT_RELEASE:
        let_go(s, grab);
        return true;
    case FL_INPUT_FLUID: {
        fl_fluid_id fluid = fl_buoyancy_fluid_at(fl_sim_buoyancy(s), in->fluid);
        if (fl_fluid_is_null(fluid))
            return input_fail(err, in, "no fluid %d in the world", in->fluid);
        const fl_fluid_def *f = fl_buoyancy_fluid(fl_sim_buoyancy(s), fluid);
        fl_fluid_def moved = *f;
        moved.surface = in->surface;
        if ((st = fl_buoyancy_set_fluid(fl_sim_buoyancy(s), fluid, &moved, &e)) != FL_OK)
            return input_refused(err, in, st, &e, "fluid %d cannot have that surface",
                                 in->fluid);
        return true;
    }
    case FL_INPUT_WATER: {
        fl_fluid_id fluid = fl_buoyancy_fluid_at(fl_sim_buoyancy(s), in->fluid);
        if (fl_fluid_is_null(fluid))
            return input_fail(err, in, "no fluid %d in the world", in->fluid);
        fl_fluid_def changed = *fl_buoyancy_fluid(fl_sim_buoyancy(s), fluid);
        changed.density = in->density;
        changed.linear_drag = in->linear_drag;
        changed.angular_drag = in->angular_drag;
        changed.wave_amplitude = in->wave_amplitude;
        changed.wave_length = in->wave_length;
        if ((st = fl_buoyancy_set_fluid(fl_sim_buoyancy(s), fluid, &changed, &e)) != FL_OK)
            return input_refused(err, in, st, &e, "fluid %d cannot be so", in->fluid);
        return true;
    }
    case FL_INPUT_GRAVITY:
        if (!isfinite(in->gravity.x) || !isfinite(in->gravity.y))
            return input_fail(err, in, "gravity must be finite");
        fl_world_set_gravity(fl_sim_world(s), in->gravity);
        return true;
    case FL_INPUT_DENSITY:
        if (fl_body_is_null(b = body_with_id(fl_sim_world(s), in->body)))
            return input_fail(err, in, "no body with id %u to change", (unsigned)in->body);
        if (fl_body_set_density(b, in->density) != FL_OK)
            return input_fail(err, in, "body %u cannot have the density %g", (unsigned)in->body,
                              in->density);
        return true;
    case FL_INPUT_BUILD:
        return build(s, grab, r, in, err);
    case FL_INPUT_HOLE:
        if (fl_body_is_null(b = body_with_id(fl_sim_world(s), in->body)))
            return input_fail(err, in, "no body with id %u to hole", (unsigned)in->body);
        if (fl_buoyancy_add_opening(fl_sim_buoyancy(s), b, in->anchor, in->target) != FL_OK)
            return input_fail(err, in, "body %u cannot be holed there (it has no hold, or the "
                                       "ends are one point)", (unsigned)in->body);
        return true;
    }
    return input_fail(err, in, "unknown input %d", (int)in->kind);
}

bool fl_replay_build_each(const fl_replay *r, fl_scene_error *err)
{
    FL_ASSERT(r);
    fl_scene_error spare;
    if (!err)
        err = &spare;
    for (int k = 0; k < r->scene_count; k++) {
        fl_sim *s = calloc(1, sizeof *s); /* empty, to build into */
        fl_input build = {.kind = FL_INPUT_BUILD, .scene = k, .line = r->scenes[k].line};
        if (!s) {
            input_fail(err, &build, "out of memory building scene %d", k);
            err->out_of_memory = true;
            return false;
        }
        fl_joint_id grab = FL_NULL_JOINT;
        bool built = fl_replay_apply(s, &grab, r, &build, err);
        fl_sim_free(s);
        if (!built)
            return false;
    }
    return true;
}

/* ---- playing ------------------------------------------------------------------ */

/* Builds the start scene into a new sim, its mouse spring into *grab. */
static fl_sim *start_sim(const fl_replay *r, fl_joint_id *grab, fl_scene_error *err)
{
    if (r->scene_count == 0) {
        memset(err, 0, sizeof *err);
        snprintf(err->message, sizeof err->message, "the replay has no scene to start from");
        return NULL;
    }
    fl_input start = {0};
    start.kind = FL_INPUT_BUILD;
    start.line = r->scenes[0].line;
    fl_sim *s = calloc(1, sizeof *s); /* empty, to build into */
    if (!s) {
        input_fail(err, &start, "out of memory starting the replay");
        err->out_of_memory = true;
        return NULL;
    }
    if (!build(s, grab, r, &start, err)) {
        free(s);
        return NULL;
    }
    return s;
}

fl_replay_player *fl_replay_player_start(const fl_replay *r, fl_scene_error *err)
{
    FL_ASSERT(r);
    fl_scene_error spare;
    if (!err)
        err = &spare;
    fl_replay_player *p = calloc(1, sizeof *p);
    if (!p) {
        scene_set_no_memory(err, (scene_pos){0, 0}, "the replay's player");
        return NULL;
    }
    p->replay = r;
    p->grab = FL_NULL_JOINT;
    if (!(p->sim = start_sim(r, &p->grab, err))) {
        free(p);
        return NULL;
    }
    return p;
}

static void drop_snapshot(replay_snapshot *s) { fl_sim_free(s->sim); }

/* Keeps a copy of the world as it is now, if one falls due here. */
static void keep_snapshot(fl_replay_player *p)
{
    if (p->snapshot_most <= 0 || p->snapshot_every == 0 || p->step % p->snapshot_every != 0)
        return;
    int n = p->snapshot_count;
    if (n > 0 && p->snapshots[n - 1].step >= p->step)
        return; /* kept already, on an earlier pass */
    if (n == p->snapshot_most) {
        /* Full: keep every other one, twice as far apart. */
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (i % 2 == 0)
                p->snapshots[k++] = p->snapshots[i];
            else
                drop_snapshot(&p->snapshots[i]);
        }
        p->snapshot_count = n = k;
        p->snapshot_every *= 2;
        if (p->step % p->snapshot_every != 0)
            return;
    }
    replay_snapshot *s = &p->snapshots[n];
    if (!(s->sim = fl_sim_clone(p->sim, NULL)))
        return; /* out of memory: seeking only costs more */
    s->step = p->step;
    s->grab = -1;
    for (int i = 0; !fl_joint_is_null(p->grab) && i < fl_world_joint_count(fl_sim_world(p->sim));
         i++)
        if (fl_joint_id_equal(fl_world_joint(fl_sim_world(p->sim), i), p->grab))
            s->grab = i;
    s->next_input = p->next_input;
    s->next_check = p->next_check;
    p->snapshot_count++;
}

void fl_replay_player_keep(fl_replay_player *p, uint64_t every, int most)
{
    FL_ASSERT(p);
    for (int i = 0; i < p->snapshot_count; i++)
        drop_snapshot(&p->snapshots[i]);
    free(p->snapshots);
    p->snapshots = NULL;
    p->snapshot_count = 0;
    p->snapshot_most = 0;
    p->snapshot_every = every;
    if (every == 0 || most <= 0)
        return;
    p->snapshots = calloc((size_t)most, sizeof *p->snapshots);
    if (p->snapshots)
        p->snapshot_most = most;
    keep_snapshot(p);
}

/* Back to the copy kept at s (the player is then just after s->step steps). */
static bool restore(fl_replay_player *p, const replay_snapshot *s)
{
    fl_sim *copy = fl_sim_clone(s->sim, NULL);
    if (!copy)
        return false;
    sim_move(p->sim, copy); /* the player's sim keeps its address */
    p->grab = s->grab >= 0 ? fl_world_joint(fl_sim_world(p->sim), s->grab) : FL_NULL_JOINT;
    p->step = s->step;
    p->next_input = s->next_input;
    p->next_check = s->next_check;
    return true;
}

/* Compares the state with the player's next checkpoint and moves past it. */
static bool check_matches(fl_replay_player *p, uint64_t *expected, uint64_t *got)
{
    uint64_t h = fl_state_hash(fl_sim_world(p->sim));
    const replay_check *c = &p->replay->checks[p->next_check++];
    if (h == c->hash)
        return true;
    if (expected)
        *expected = c->hash;
    if (got)
        *got = h;
    return false;
}

fl_replay_status fl_replay_player_step(fl_replay_player *p, fl_scene_error *err,
                                       uint64_t *expected, uint64_t *got)
{
    FL_ASSERT(p);
    const fl_replay *r = p->replay;
    FL_ASSERT(r && p->sim && fl_sim_world(p->sim)); /* started, and not freed */
    FL_ASSERT(p->next_input <= r->input_count && p->next_check <= r->check_count);
    /* A checkpoint after 0 steps is the state as built: compared before
     * anything is applied (a replay of no steps has only that one). */
    if (p->step == 0 && p->next_check < r->check_count && r->checks[p->next_check].step == 0 &&
        !check_matches(p, expected, got))
        return FL_REPLAY_DIFFERS;
    if (p->step >= r->steps)
        return FL_REPLAY_DONE;
    while (p->next_input < r->input_count && r->inputs[p->next_input].step <= p->step) {
        if (!fl_replay_apply(p->sim, &p->grab, r, &r->inputs[p->next_input], err))
            return FL_REPLAY_FAILED;
        p->next_input++;
    }
    /* A scripted event that cannot apply was skipped the same way live. */
    (void)fl_sim_step(p->sim, NULL);
    p->grab = fl_replay_grab(p->sim); /* a scripted remove frees the spring with its body */
    p->step++;
    keep_snapshot(p);
    while (p->next_check < r->check_count && r->checks[p->next_check].step < p->step)
        p->next_check++;
    if (p->next_check < r->check_count && r->checks[p->next_check].step == p->step &&
        !check_matches(p, expected, got))
        return FL_REPLAY_DIFFERS;
    return FL_REPLAY_STEPPED;
}

fl_replay_status fl_replay_player_seek(fl_replay_player *p, uint64_t step, fl_scene_error *err,
                                       uint64_t *expected, uint64_t *got)
{
    FL_ASSERT(p);
    const fl_replay *r = p->replay;
    FL_ASSERT(r && p->sim && fl_sim_world(p->sim));
    if (step > r->steps)
        step = r->steps;
    /* The last copy at or before the target, if it is nearer than here. */
    const replay_snapshot *best = NULL;
    for (int i = 0; i < p->snapshot_count; i++)
        if (p->snapshots[i].step <= step)
            best = &p->snapshots[i];
    bool behind = step < p->step;
    if (best && (behind || best->step > p->step) && restore(p, best))
        behind = false;
    if (behind) {
        fl_scene_error spare;
        fl_joint_id grab = FL_NULL_JOINT;
        fl_sim *fresh = start_sim(r, &grab, err ? err : &spare);
        if (!fresh)
            return FL_REPLAY_FAILED;
        sim_move(p->sim, fresh); /* the player's sim keeps its address */
        p->grab = grab;
        p->step = 0;
        p->next_input = p->next_check = 0;
    }
    fl_replay_status st = FL_REPLAY_STEPPED;
    while (p->step < step && st == FL_REPLAY_STEPPED)
        st = fl_replay_player_step(p, err, expected, got);
    return st;
}

fl_sim *fl_replay_player_release(fl_replay_player *p)
{
    FL_ASSERT(p);
    fl_sim *s = p->sim;
    fl_replay_player_keep(p, 0, 0);
    free(p);
    return s;
}

void fl_replay_player_free(fl_replay_player *p)
{
    if (p)
        fl_sim_free(fl_replay_player_release(p));
}

uint64_t fl_replay_player_step_count(const fl_replay_player *p)
{
    FL_ASSERT(p);
    return p->step;
}

fl_sim *fl_replay_player_sim(const fl_replay_player *p)
{
    FL_ASSERT(p);
    return p->sim;
}

fl_joint_id fl_replay_player_grab(const fl_replay_player *p)
{
    FL_ASSERT(p);
    return p->grab;
}
