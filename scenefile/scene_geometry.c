/* A body the reader has read is refused there if the world would refuse
 * it: the world's own check (fl_body_def_check) on the def the world would
 * be given, reported at the field at fault rather than when the world is
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
    case FL_BODY_DEF_DENSITY: f = F_DENSITY; break;
    case FL_BODY_DEF_SURFACE: f = (c->seen & ((uint64_t)1 << F_FRICTION)) ? F_FRICTION : F_RESTITUTION; break;
    case FL_BODY_DEF_OPENINGS: f = F_OPENINGS; break;
    case FL_BODY_DEF_WATER: f = (c->seen & ((uint64_t)1 << F_WATER)) ? F_WATER : F_WATER_DENSITY; break;
    default:
        f = c->kind == K_BOX ? F_SIZE : c->kind == K_NGON ? F_RADIUS : F_POINTS;
        break;
    }
    return (c->seen & ((uint64_t)1 << f)) ? c->value_pos[f] : c->where;
}

bool scene_check_body(parser *p)
{
    fl_vec2 pts[FL_SCENE_MAX_POINTS];
    /* Any density will do for the water: the world's only asks for one. */
    fl_body_def def = scene_body_def(&p->cur.body, pts, 1000.0);
    fl_body_def_part part;
    fl_error e;
    if (fl_body_def_check(&def, &part, &e) == FL_OK)
        return true;
    return scene_fail(p, part_pos(&p->cur, part), "the world cannot build this body: %s",
                      e.message);
}
