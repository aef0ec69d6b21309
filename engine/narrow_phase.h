/* The narrow phase between two convex parts, some of whose edges are no
 * surface (narrow_phase.c; which edges: cover.c). */
#ifndef FL_NARROW_PHASE_H
#define FL_NARROW_PHASE_H

#include <stdint.h>
#include "flotsam/fl_collide.h"

/* Edges past the first FL_COVER_EDGES of a part are never marked. */
#define FL_COVER_EDGES 64

/* As fl_collide_polygons, but the edges of a and b marked in covered_a and
 * covered_b (bit i: edge i) are no surface: never the reference face, nor
 * is an edge of the other part facing within 60 degrees against one
 * (unless that would leave a part no edge at all); parts apart most along
 * one of their own covered edges do not touch; and where the face so
 * chosen does not reach the other part, the other part's best face, then
 * the plain choice, is taken. */
void collide_parts(const fl_poly *a, uint64_t covered_a, const fl_poly *b, uint64_t covered_b,
                      double margin, fl_manifold *m);

#endif
