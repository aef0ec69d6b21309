/* A body's loading condition (the scene's `item` and `tank` statements of
 * one condition name): masses stowed at points, and tanks whose liquid
 * lies level as the body heels. What the weights add to the righting arm
 * and to the displacement, and each tank's free surface. No SDL, no
 * Cairo. */
#ifndef FL_LOADING_H
#define FL_LOADING_H

#include <stdbool.h>
#include "flotsam/flotsam.h"

#define LOADING_TANKS 16

typedef struct loading_tank {
    char name[FL_SCENE_NAME_MAX];
    fl_vec2 points[FL_SCENE_TANK_POINTS]; /* about the body's G, its frame */
    int n;
    double area;     /* the tank's, m2 */
    double fill;     /* the share full */
    double density;  /* the liquid's, kg/m2 */
    double liquid;   /* m2 of it */
    double mass;     /* kg */
} loading_tank;

typedef struct loading {
    char condition[FL_SCENE_NAME_MAX]; /* "": none (the body alone) */
    int items;       /* how many masses are stowed ... */
    double mass;     /* ... their kg ... */
    fl_vec2 moment;  /* ... and the sum of mass times place, about G */
    int tank_count;
    loading_tank tanks[LOADING_TANKS];
    /* Damage: a compartment of the hull open to the sea (open_n 0: none). */
    char open_name[FL_SCENE_NAME_MAX];
    fl_vec2 open[FL_SCENE_TANK_POINTS]; /* about G, the body's frame */
    int open_n;
} loading;

typedef enum loading_status {
    LOADING_OK,
    LOADING_UNKNOWN,   /* no part of the scene's is of that condition and body */
    LOADING_TOO_MANY,  /* more than LOADING_TANKS tanks */
} loading_status;

/* The condition `condition` of body b from the sim's parts (NULL: none,
 * an empty loading). */
loading_status loading_find(loading *l, const fl_sim *s, fl_body_id b, const char *condition);

/* Opens body b's compartment `name` to the sea in *l (after
 * loading_find): LOADING_OK, or LOADING_UNKNOWN when b has none so named. */
loading_status loading_damage(loading *l, const fl_sim *s, fl_body_id b, const char *name);

/* The names of body b's loading conditions, each once in the order the
 * scene first gives them (compartments: its compartments' names), into
 * names[0 .. most); how many there are (more than most: the first most). */
int loading_names(const fl_sim *s, fl_body_id b, bool compartments, const char **names, int most);

/* All it adds, kg: the items and the tanks' liquid. */
double loading_mass(const loading *l);

/* Tank t's liquid lying level in it, the body heeled `heel` rad (y down):
 * its centroid about G in the heeled frame, and its surface's level;
 * false for an empty tank. */
bool loading_liquid(const loading_tank *t, double heel, fl_vec2 *centroid, double *level);

/* The sum over every weight of the load of mass times its x about G, the
 * body heeled `heel` rad: the items turned with the body, the liquid level
 * at that heel, or, for a finite `frozen`, set solid where it lay at
 * `frozen` rad. Over the displacement's mass it is what the load takes
 * off GZ. */
double loading_moment_x(const loading *l, double heel, double frozen);

/* The same for y upright, and so with the liquid where it lies upright. */
double loading_moment_y(const loading *l);

/* The second moment of tank t's free surface about its own middle, m^3
 * (b^3 / 12 for one surface b wide), the body heeled `heel` rad, and the
 * surface's width (*width); 0 for a tank empty or full. */
double loading_free_surface(const loading_tank *t, double heel, double *width);

#endif
