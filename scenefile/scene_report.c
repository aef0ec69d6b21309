/* What every part of the scene parser reports through: the fields'
 * spellings, and failing at a position with a message. */
#include "scene_parser.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

const char *const scene_field_names[F_COUNT] = {
    [F_GRAVITY] = "gravity", [F_RATE] = "rate", [F_ITERATIONS] = "iterations",
    [F_SUBSTEPS] = "substeps",
    [F_CENTER] = "center", [F_WIDTH] = "width",
    [F_NAME] = "name", [F_DENSITY] = "density",
    [F_SURFACE] = "surface", [F_LEFT] = "left", [F_RIGHT] = "right", [F_BOTTOM] = "bottom",
    [F_LINEAR_DRAG] = "linear-drag", [F_ANGULAR_DRAG] = "angular-drag", [F_CURRENT] = "current",
    [F_WAVE_AMPLITUDE] = "wave-amplitude", [F_WAVE_LENGTH] = "wave-length",
    [F_WAVE_SPEED] = "wave-speed",
    [F_AT] = "at", [F_SIZE] = "size", [F_SIDES] = "sides", [F_RADIUS] = "radius",
    [F_POINTS] = "points", [F_HULL] = "hull", [F_OPENINGS] = "openings", [F_WATER] = "water",
    [F_WATER_DENSITY] = "water-density",
    [F_ANGLE] = "angle", [F_VELOCITY] = "velocity", [F_SPIN] = "spin", [F_FRICTION] = "friction",
    [F_RESTITUTION] = "restitution", [F_COLOR] = "color", [F_STATIC] = "static",
    [F_CATEGORY] = "category", [F_MASK] = "mask", [F_SENSOR] = "sensor",
    [F_A] = "a", [F_B] = "b", [F_ANCHOR_A] = "anchor-a", [F_ANCHOR_B] = "anchor-b",
    [F_LENGTH] = "length", [F_STIFFNESS] = "stiffness", [F_DAMPING] = "damping",
};

bool scene_fail(parser *p, scene_pos at, const char *fmt, ...)
{
    va_list args;
    p->err->line = at.line;
    p->err->column = at.column;
    va_start(args, fmt);
    vsnprintf(p->err->message, sizeof p->err->message, fmt, args);
    va_end(args);
    return false;
}

bool scene_fail_no_memory(parser *p, scene_pos at)
{
    return scene_fail(p, at, "out of memory");
}

void scene_record(parser *p)
{
    if (p->stopped)
        return;
    if (!scene_reserve((void **)&p->errors, &p->error_capacity, p->error_count,
                       sizeof *p->errors)) {
        p->stopped = p->lost = true;
        return;
    }
    p->errors[p->error_count] = *p->err;
    if (p->error_count == FL_SCENE_MAX_ERRORS - 1) {
        /* The last is where reading stops. */
        snprintf(p->errors[p->error_count].message, sizeof p->errors[0].message,
                 "too many problems (%d); reading stops here", FL_SCENE_MAX_ERRORS - 1);
        p->stopped = true;
    }
    p->error_count++;
}
