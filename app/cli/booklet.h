/* `flotsam stability --report FILE.pdf`: a stability booklet, a page each
 * for the section with its waterlines and the loading condition with the
 * criteria's table, the GZ curve with every criterion marked, and the
 * curves of form. Drawn where the program has its pictures (booklet.c),
 * refused where it has none (booklet_none.c). */
#ifndef FL_BOOKLET_H
#define FL_BOOKLET_H

#include <stdbool.h>
#include <stddef.h>
#include "gz_curve.h"

/* Writes the booklet of body b of s, whose curve is c, in a fluid of
 * `density`; false with a message in err. */
bool booklet_write(const char *path, const fl_sim *s, fl_body_id b, const gz_curve *c,
                   double density, char *err, size_t err_size);

#endif
