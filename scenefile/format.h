/* How the scene library prints numbers; private to it. */
#ifndef FL_SCENE_FORMAT_H
#define FL_SCENE_FORMAT_H

/* Prints the shortest decimal that reads back as exactly x ("null" if x is
 * not finite; a whole number gets ".0") into buf; returns buf. */
const char *fl_format_double(double x, char buf[32]);

#endif
