/* How the scene library prints numbers; private to it. */
#ifndef FL_SCENE_FORMAT_H
#define FL_SCENE_FORMAT_H

#include <stdio.h>
#include "flotsam/fl_math.h"
#include "flotsam/fl_scene.h"

/* Prints the shortest decimal that reads back as exactly x ("null" if x is
 * not finite; a whole number gets ".0") into buf; returns buf. */
const char *format_double(double x, char buf[32]);

/* " KEY=VALUE" with the value printed as above: a number, a point `x,y`,
 * or a point list `[x,y x,y ...]` (scene_write.c). */
void format_num(FILE *f, const char *key, double x);
void format_point(FILE *f, const char *key, fl_vec2 p);
void format_points(FILE *f, const char *key, const fl_vec2 *p, int n);

/* A scene body as one statement (box, ngon or polygon), with the fields
 * that differ from the defaults, and no line end (scene_write.c). */
void write_scene_body(FILE *f, const fl_scene_body *b);

#endif
