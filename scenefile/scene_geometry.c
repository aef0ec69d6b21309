/* A body the reader has read is refused there if the world would refuse
 * it: the world's own checks (fl_body_def_check, fl_hold_def_check) on the
 * defs the world would be given, reported at the field at fault rather than when the world is
 * built. */
#include "body_def.h"
#include "scene_parser.h"

/* Where the part of a body's def that fl_body_def_check names was written. */
static scene_pos part_pos(const pending *c, fl_body_def_part part)
{
    field_id f;
    switch (part) {
    case FL_BODY_DEF_HULL: f = F_HULL; break;
    case FL_BODY_DEF_MOTION: f = F_AT; break;
    case FL_BODY_DEF_DENSITY: f = (c->seen & ((uint64_t)1 << F_MASS)) ? F_MASS : F_DENSITY; break;
    case FL_BODY_DEF_SURFACE: f = (c->seen & ((uint64_t)1 << F_FRICTION)) ? F_FRICTION : F_RESTITUTION; break;
    default:
        f = c->kind == K_BOX ? F_SIZE : c->kind == K_NGON ? F_RADIUS : F_POINTS;
        break;
    }
    return (c->seen & ((uint64_t)1 << f)) ? c->value_pos[f] : c->where;
}

/* ... and of its hold's def (fl_hold_def_check). */
static scene_pos hold_part_pos(const pending *c, fl_hold_def_part part)
{
    field_id f = part == FL_HOLD_DEF_OPENINGS                  ? F_OPENINGS
                 : (c->seen & ((uint64_t)1 << F_WATER)) ? F_WATER
                                                            : F_WATER_DENSITY;
    return (c->seen & ((uint64_t)1 << f)) ? c->value_pos[f] : c->where;
}

bool scene_check_body(parser *p)
{
    scene_defs d;
    /* Any density will do for the water: the check only asks for one. */
    scene_defs_make(&d, &p->cur.body, 1000.0);
    fl_body_def_part part;
    fl_error e;
    if (fl_body_def_check(&d.body, &part, &e) != FL_OK)
        return scene_fail(p, part_pos(&p->cur, part), "the world cannot build this body: %s",
                          e.message);
    fl_hold_def_part hold_part;
    if (fl_hold_def_check(&d.body, &d.hold, &hold_part, &e) != FL_OK)
        return scene_fail(p, hold_part_pos(&p->cur, hold_part),
                          "the world cannot build this body: %s", e.message);
    return true;
}
