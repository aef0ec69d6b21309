/* A shape a person drew with the mouse, made into the body a scene
 * statement would give: checked as a scene file's polygon is. No SDL. */
#ifndef FL_DRAWN_SHAPE_H
#define FL_DRAWN_SHAPE_H

#include <stdbool.h>
#include <stddef.h>
#include "flotsam/flotsam.h"

/* The clicked points (world, in the order clicked), as a polygon body of
 * `density` whose `at` is the points' mean, its outlines in *room. False, with a message for the
 * window, when they are too few or too many, or do not outline a simple
 * polygon (crossing, repeated, all on a line). */
bool drawn_shape_body(const fl_vec2 *points, int n, double density, fl_scene_body *out,
                      fl_scene_body_room *room, char *msg, size_t msg_size);

/* The clicked points as a hollow hull: they are the hull (what displaces
 * water), and the solid is a wall `wall` m thick inside it, open along
 * the highest edge (the gunwale), as the scenes' boats are made. False
 * when the shape is too small for that wall or the wall would cross. */
bool drawn_hull_body(const fl_vec2 *points, int n, double density, double wall,
                     fl_scene_body *out, fl_scene_body_room *room, char *msg, size_t msg_size);

/* A box from one corner to the other, as the body a scene's box gives;
 * false for a box too thin to be one. */
bool drawn_box_body(fl_vec2 a, fl_vec2 b, double density, fl_scene_body *out, char *msg,
                    size_t msg_size);

#endif
