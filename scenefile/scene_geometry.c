/* A body the reader has read is refused there if the world would refuse
 * it: the world's own checks (fl_body_def_check, fl_hold_def_check) on the
 * defs the world would be given, reported at the field at fault rather than when the world is
 * built. */
#include <math.h>
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

/* Whether p lies in the outline v[0..n) or within `near` of its edges. */
static bool holds_or_touches(const fl_vec2 *v, int n, fl_vec2 p, double near)
{
    bool in = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        fl_vec2 a = v[j], z = v[i], e = fl_sub(z, a);
        double len2 = fl_dot(e, e);
        double t = len2 > 0.0 ? fl_dot(fl_sub(p, a), e) / len2 : 0.0;
        t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
        if (fl_length(fl_sub(p, fl_add(a, fl_scale(e, t)))) <= near)
            return true;
        if ((z.y > p.y) != (a.y > p.y) && p.x < a.x + (p.y - a.y) * e.x / e.y)
            in = !in;
    }
    return in;
}

bool scene_inside_hull(const fl_scene_body *b, const fl_vec2 *pts, int n)
{
    fl_vec2 outline[FL_SCENE_MAX_POINTS];
    const fl_vec2 *v = b->hull;
    int m = b->hull_count;
    if (m == 0) {
        m = fl_scene_body_outline(b, outline);
        v = outline;
    }
    double size = 0.0;
    for (int i = 0; i < m; i++)
        size = fmax(size, fl_length(v[i]));
    for (int i = 0; i < n; i++)
        if (!holds_or_touches(v, m, pts[i], 1e-9 * size))
            return false;
    return true;
}

bool scene_body_has_hold(const fl_scene_body *b)
{
    if (b->hull_count == 0)
        return false;
    scene_defs d;
    scene_defs_make(&d, b, 1000.0);
    return fl_hold_def_room(&d.body) >= 0.0;
}
