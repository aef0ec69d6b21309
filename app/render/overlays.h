/* The overlays a picture may show over the scene, and their names on the
 * command line: what the renderer draws (render.h) and what a program built
 * without it still reads. */
#ifndef FL_OVERLAYS_H
#define FL_OVERLAYS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct render_options {
    bool com;       /* centre of mass: a small cross */
    bool cb;        /* centre of buoyancy: a small circle */
    bool submerged; /* outline of each submerged polygon */
    bool forces;    /* buoyancy, gravity and drag arrows */
    bool contacts;  /* contact points, with their normals */
    bool ropes;     /* ropes as straight lines between their anchors */
    bool hud;       /* time, step, bodies, step cost, a line of text */
    bool labels;    /* each named body's name, over it */
} render_options;

/* ropes and hud on, the rest off. */
render_options render_options_default(void);

/* Reads a comma list of overlay names (com, cb, submerged, forces, contacts,
 * ropes, hud, labels; also all and none) into *out, all others off. On an unknown
 * name returns false and copies the name into bad[bad_size]. */
bool render_options_parse(const char *list, render_options *out, char *bad, size_t bad_size);

#endif
