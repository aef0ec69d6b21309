/* A loading condition's weights: where each acts as the body heels. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "curves_of_form.h"
#include "loading.h"

loading_status loading_find(loading *l, const fl_sim *s, fl_body_id b, const char *condition)
{
    memset(l, 0, sizeof *l);
    if (!condition)
        return LOADING_OK;
    snprintf(l->condition, sizeof l->condition, "%s", condition);
    int found = 0;
    for (int i = 0; i < fl_sim_item_count(s); i++) {
        fl_body_id of;
        const fl_scene_item *it = fl_sim_item(s, i, &of);
        if (!fl_body_id_equal(of, b) || it->kind == FL_SCENE_COMPARTMENT ||
            strcmp(it->condition, condition) != 0)
            continue;
        found++;
        if (it->kind == FL_SCENE_ITEM) {
            l->items++;
            l->mass += it->mass;
            l->moment = fl_add(l->moment, fl_scale(it->at, it->mass));
            continue;
        }
        if (l->tank_count == LOADING_TANKS)
            return LOADING_TOO_MANY;
        loading_tank *t = &l->tanks[l->tank_count++];
        snprintf(t->name, sizeof t->name, "%s", it->name[0] ? it->name : "tank");
        memcpy(t->points, it->points, sizeof *t->points * (size_t)it->point_count);
        t->n = it->point_count;
        t->area = fabs(fl_polygon_signed_area(t->points, t->n));
        t->fill = it->fill;
        t->density = it->density;
        t->liquid = it->fill * t->area;
        t->mass = it->density * t->liquid;
    }
    return found ? LOADING_OK : LOADING_UNKNOWN;
}

loading_status loading_damage(loading *l, const fl_sim *s, fl_body_id b, const char *name)
{
    for (int i = 0; i < fl_sim_item_count(s); i++) {
        fl_body_id of;
        const fl_scene_item *it = fl_sim_item(s, i, &of);
        if (!fl_body_id_equal(of, b) || it->kind != FL_SCENE_COMPARTMENT || strcmp(it->name, name))
            continue;
        snprintf(l->open_name, sizeof l->open_name, "%s", name);
        memcpy(l->open, it->points, sizeof *l->open * (size_t)it->point_count);
        l->open_n = it->point_count;
        return LOADING_OK;
    }
    return LOADING_UNKNOWN;
}

int loading_names(const fl_sim *s, fl_body_id b, bool compartments, const char **names, int most)
{
    int count = 0;
    for (int i = 0; i < fl_sim_item_count(s); i++) {
        fl_body_id of;
        const fl_scene_item *it = fl_sim_item(s, i, &of);
        if (!fl_body_id_equal(of, b) || (it->kind == FL_SCENE_COMPARTMENT) != compartments)
            continue;
        const char *name = compartments ? it->name : it->condition;
        bool before = false;
        for (int k = 0; k < count && k < most && !before; k++)
            before = !strcmp(names[k], name);
        if (before)
            continue;
        if (count < most)
            names[count] = name;
        count++;
    }
    return count;
}

double loading_mass(const loading *l)
{
    double m = l->mass;
    for (int k = 0; k < l->tank_count; k++)
        m += l->tanks[k].mass;
    return m;
}

static void turn(const loading_tank *t, fl_rot r, fl_vec2 *out)
{
    for (int i = 0; i < t->n; i++)
        out[i] = fl_rotate(r, t->points[i]);
}

bool loading_liquid(const loading_tank *t, double heel, fl_vec2 *centroid, double *level)
{
    if (!(t->liquid > 0.0))
        return false;
    fl_vec2 p[FL_SCENE_TANK_POINTS];
    turn(t, fl_rot_from(heel), p);
    fl_hold_water w;
    if (!fl_hold_water_in(p, t->n, NULL, 0, fl_v2(0.0, 1.0), t->liquid, &w))
        return false;
    *centroid = w.centroid;
    if (level)
        *level = w.level;
    return true;
}

double loading_moment_x(const loading *l, double heel, double frozen)
{
    fl_rot r = fl_rot_from(heel);
    double x = fl_rotate(r, l->moment).x;
    for (int k = 0; k < l->tank_count; k++) {
        const loading_tank *t = &l->tanks[k];
        fl_vec2 c;
        if (isfinite(frozen)) {
            if (!loading_liquid(t, frozen, &c, NULL))
                continue;
            c = fl_rotate(r, fl_unrotate(fl_rot_from(frozen), c));
        } else if (!loading_liquid(t, heel, &c, NULL)) {
            continue;
        }
        x += t->mass * c.x;
    }
    return x;
}

double loading_moment_y(const loading *l)
{
    double y = l->moment.y;
    for (int k = 0; k < l->tank_count; k++) {
        fl_vec2 c;
        if (loading_liquid(&l->tanks[k], 0.0, &c, NULL))
            y += l->tanks[k].mass * c.y;
    }
    return y;
}

double loading_free_surface(const loading_tank *t, double heel, double *width)
{
    fl_vec2 c;
    double level;
    *width = 0.0;
    if (!(t->fill < 1.0) || !loading_liquid(t, heel, &c, &level))
        return 0.0;
    /* The surface: the level's pieces inside the tank, heeled. */
    fl_vec2 p[FL_SCENE_TANK_POINTS];
    turn(t, fl_rot_from(heel), p);
    double len, first, second;
    if (!form_waterline(p, t->n, level, &len, &first, &second))
        return 0.0;
    *width = len;
    return len > 0.0 ? second - first * first / len : 0.0;
}
