/* Undo and redo (Ctrl+Z, Ctrl+Shift+Z): a history of the person's edits.
 * Before each edit (a spawn, a removal, a shape drawn, a hole, a density,
 * a water level, a reset or a reload) the world is copied whole
 * (fl_sim_clone), so that undoing gives back exactly the world the edit
 * met, state hash and all; the world undone is kept for redo. A new edit
 * forgets what could be redone, as editors do.
 *
 * While a replay is being recorded an undo is recorded too: the world
 * swapped in is written into the replay as a scene and built anew from it,
 * so that the window shows what the replay will play. */
#include <stdio.h>
#include <string.h>
#include "sandbox_parts.h"
#include "sandbox_trace.h"

/* Copies of big worlds are big: past this many bodies in all the copies
 * kept, the oldest go. */
#define UNDO_BODIES 200000
/* Seconds between edits of one thing that are undone as one. */
#define UNDO_MERGE_S 0.75

static int bodies(const sandbox_undo_entry *e)
{
    return fl_world_body_count(fl_sim_world(e->sim));
}

static void forget(sandbox_undo_entry *stack, int *count, int first, int n)
{
    for (int i = first; i < first + n; i++)
        fl_sim_free(stack[i].sim);
    memmove(stack + first, stack + first + n, (size_t)(*count - first - n) * sizeof *stack);
    *count -= n;
}

/* The oldest undo copies go until there is room for one more, within
 * both limits, counting the redo copies too. */
static void make_room(sandbox_history *h, int more_bodies)
{
    int total = more_bodies;
    for (int i = 0; i < h->undo_count; i++)
        total += bodies(&h->undo[i]);
    for (int i = 0; i < h->redo_count; i++)
        total += bodies(&h->redo[i]);
    while (h->undo_count > 0 && (h->undo_count >= UNDO_MOST || total > UNDO_BODIES)) {
        total -= bodies(&h->undo[0]);
        forget(h->undo, &h->undo_count, 0, 1);
    }
}

static void push(sandbox_undo_entry *stack, int *count, fl_sim *s, const char *what,
                 long long target, const sandbox *sb)
{
    sandbox_undo_entry *e = &stack[(*count)++];
    e->sim = s;
    snprintf(e->what, sizeof e->what, "%s", what);
    e->changes = sb->changes;
    e->epoch = sb->kept_epoch;
    e->target = target;
    e->at = sb->clock.now;
}

/* The last edit, of the same thing a moment ago, takes this one in. */
static bool merges(sandbox *sb, const char *what, long long target)
{
    sandbox_history *h = &sb->history;
    sandbox_undo_entry *last = h->undo_count > 0 ? &h->undo[h->undo_count - 1] : NULL;
    if (!last || target < 0 || h->redo_count > 0 || last->target != target ||
        strcmp(last->what, what) != 0 || sb->clock.now - last->at > UNDO_MERGE_S)
        return false;
    last->at = sb->clock.now;
    return true;
}

bool sandbox_history_push(sandbox *sb, const char *what, long long target)
{
    sandbox_history *h = &sb->history;
    if (merges(sb, what, target))
        return false;
    forget(h->redo, &h->redo_count, 0, h->redo_count);
    make_room(h, fl_world_body_count(fl_sim_world(sb->sim)));
    fl_error err;
    fl_sim *copy = h->undo_count < UNDO_MOST ? fl_sim_clone(sb->sim, &err) : NULL;
    if (!copy) {
        /* Undo then goes back past this edit, to the one before it. */
        sandbox_say(sb, "this %s cannot be undone: the world is too big to copy", what);
        return false;
    }
    push(h->undo, &h->undo_count, copy, what, target, sb);
    sandbox_trace_world("kept", what, copy); /* for a test of undo */
    return true;
}

void sandbox_history_drop_last(sandbox *sb)
{
    sandbox_history *h = &sb->history;
    if (h->undo_count > 0)
        forget(h->undo, &h->undo_count, h->undo_count - 1, 1);
}

void sandbox_history_clear(sandbox *sb)
{
    sandbox_history *h = &sb->history;
    forget(h->undo, &h->undo_count, 0, h->undo_count);
    forget(h->redo, &h->redo_count, 0, h->redo_count);
}

void sandbox_changes_kept(sandbox *sb)
{
    sb->changes = 0;
    sb->kept_epoch++;
}

/* The mouse spring of a copy taken while a body was held: let go. */
static void let_go(sandbox *sb)
{
    sb->mouse.grab = fl_replay_grab(sb->sim);
    if (fl_joint_is_null(sb->mouse.grab))
        return;
    fl_input release = {0};
    release.kind = FL_INPUT_RELEASE;
    fl_scene_error err;
    fl_replay_apply(sb->sim, &sb->mouse.grab, sb->replay.rec, &release, &err);
    sb->mouse.grab = FL_NULL_JOINT;
}

/* Takes the newest world of `from` in, and keeps the one it replaces on
 * `to`. */
static void swap_in(sandbox *sb, sandbox_undo_entry *from, int *from_count,
                    sandbox_undo_entry *to, int *to_count, const char *done, const char *next)
{
    fl_input release = {0};
    release.kind = FL_INPUT_RELEASE;
    sandbox_apply_own(sb, &release);
    sandbox_replay_changing(sb);
    sandbox_undo_entry e = from[--*from_count];
    push(to, to_count, sb->sim, e.what, -1, sb);
    sb->sim = e.sim;
    let_go(sb);
    /* What the world now is against what was last kept: the same count of
     * changes when nothing was kept since the copy, else at least one. */
    sb->changes = e.epoch == sb->kept_epoch ? e.changes : (e.changes > 0 ? e.changes : 1);
    sandbox_replay_rebuild(sb);
    sb->clock.accumulator = 0.0;
    sb->gz.made = false;
    sb->redraw = true;
    sandbox_trace_world(done, e.what, sb->sim);
    sandbox_say(sb, "%s the %s (%s)", done, e.what, next);
}

void sandbox_undo(sandbox *sb)
{
    sandbox_take_over(sb);
    if (sb->drawing.on) {
        sandbox_drawing_undo(sb); /* the last corner, as Backspace */
        return;
    }
    sandbox_history *h = &sb->history;
    if (h->undo_count == 0) {
        sandbox_say(sb, "nothing to undo");
        return;
    }
    swap_in(sb, h->undo, &h->undo_count, h->redo, &h->redo_count, "undid",
            "Ctrl+Shift+Z redoes it");
}

void sandbox_redo(sandbox *sb)
{
    sandbox_take_over(sb);
    sandbox_history *h = &sb->history;
    if (sb->drawing.on || h->redo_count == 0) {
        sandbox_say(sb, "nothing to redo");
        return;
    }
    swap_in(sb, h->redo, &h->redo_count, h->undo, &h->undo_count, "redid",
            "Ctrl+Z undoes it");
}

bool sandbox_can_undo(const sandbox *sb) { return sb->history.undo_count > 0 || sb->drawing.on; }
bool sandbox_can_redo(const sandbox *sb) { return sb->history.redo_count > 0 && !sb->drawing.on; }
