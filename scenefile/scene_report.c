/* What every part of the scene parser reports through: the fields'
 * spellings, and failing at a position with a message. */
#include "scene_parser.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const scene_field_names[F_COUNT] = {
    [F_GRAVITY] = "gravity", [F_RATE] = "rate", [F_ITERATIONS] = "iterations",
    [F_SUBSTEPS] = "substeps",
    [F_CENTER] = "center", [F_WIDTH] = "width",
    [F_NAME] = "name", [F_DENSITY] = "density", [F_MASS] = "mass", [F_CG] = "cg",
    [F_SURFACE] = "surface", [F_LEFT] = "left", [F_RIGHT] = "right", [F_BOTTOM] = "bottom",
    [F_LINEAR_DRAG] = "linear-drag", [F_ANGULAR_DRAG] = "angular-drag", [F_CURRENT] = "current",
    [F_WAVE_AMPLITUDE] = "wave-amplitude", [F_WAVE_LENGTH] = "wave-length",
    [F_WAVE_SPEED] = "wave-speed", [F_CLOSED] = "closed",
    [F_AT] = "at", [F_SIZE] = "size", [F_SIDES] = "sides", [F_RADIUS] = "radius",
    [F_POINTS] = "points", [F_HULL] = "hull", [F_OPENINGS] = "openings", [F_WATER] = "water",
    [F_WATER_DENSITY] = "water-density",
    [F_ANGLE] = "angle", [F_VELOCITY] = "velocity", [F_SPIN] = "spin", [F_FRICTION] = "friction",
    [F_RESTITUTION] = "restitution", [F_COLOR] = "color", [F_STATIC] = "static",
    [F_CATEGORY] = "category", [F_MASK] = "mask", [F_SENSOR] = "sensor",
    [F_A] = "a", [F_B] = "b", [F_ANCHOR_A] = "anchor-a", [F_ANCHOR_B] = "anchor-b",
    [F_LENGTH] = "length", [F_STIFFNESS] = "stiffness", [F_DAMPING] = "damping",
    [F_CONDITION] = "condition", [F_BODY] = "body", [F_FILL] = "fill",
};

bool scene_fail(parser *p, scene_pos at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    scene_set_error_va(p->err, at, false, fmt, ap);
    va_end(ap);
    return false;
}

bool scene_fail_no_memory(parser *p, scene_pos at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    scene_set_error_va(p->err, at, true, fmt, ap);
    va_end(ap);
    return false;
}

void scene_record(parser *p)
{
    if (!p->stopped && !scene_problems_add(&p->problems, p->err))
        p->stopped = true;
}

/* ---- the list of problems ------------------------------------------------------ */

bool scene_problems_add(scene_problems *ps, const fl_scene_error *e)
{
    if (ps->full)
        return false;
    if (!scene_reserve((void **)&ps->list, &ps->capacity, ps->count, sizeof *ps->list)) {
        ps->lost_one = *e;
        ps->full = ps->lost = true;
        return false;
    }
    ps->list[ps->count] = *e;
    /* Out of memory, nothing after it can be trusted to be the text's
     * problem: reading stops there, and says that one. */
    if (e->out_of_memory)
        ps->full = true;
    else if (ps->count == FL_SCENE_MAX_ERRORS - 1) {
        /* The last is where reading stops. */
        snprintf(ps->list[ps->count].message, sizeof ps->list[0].message,
                 "too many problems (%d); reading stops here", FL_SCENE_MAX_ERRORS - 1);
        ps->full = true;
    }
    ps->count++;
    return !ps->full;
}

int scene_problems_count(const scene_problems *ps)
{
    return ps->count + (ps->lost ? 1 : 0);
}

const fl_scene_error *scene_problems_first(const scene_problems *ps)
{
    return ps->count > 0 ? &ps->list[0] : ps->lost ? &ps->lost_one : NULL;
}

/* The problems in order of line and column (then as found). */
static int by_position(const void *a, const void *b)
{
    const fl_scene_error *x = *(const fl_scene_error *const *)a;
    const fl_scene_error *y = *(const fl_scene_error *const *)b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->column != y->column)
        return x->column < y->column ? -1 : 1;
    return x < y ? -1 : x > y;
}

void scene_problems_report(const scene_problems *ps, fl_scene_error_fn each, void *ctx)
{
    int n = ps->count;
    const fl_scene_error **order = malloc(sizeof *order * ((size_t)n + 1));
    if (order == NULL) {
        for (int i = 0; i < n; i++) /* as found, then */
            each(ctx, &ps->list[i]);
    } else {
        for (int i = 0; i < n; i++)
            order[i] = &ps->list[i];
        qsort(order, (size_t)n, sizeof *order, by_position);
        for (int i = 0; i < n; i++)
            each(ctx, order[i]);
        free(order);
    }
    if (ps->lost)
        each(ctx, &ps->lost_one);
}

void scene_problems_free(scene_problems *ps)
{
    free(ps->list);
    memset(ps, 0, sizeof *ps);
}
