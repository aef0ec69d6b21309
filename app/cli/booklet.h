/* `flotsam stability --report FILE.pdf`: a stability booklet, for each
 * loading condition a page for the section with its waterlines and the
 * condition with the criteria's table and one for the GZ curve with every
 * criterion marked; then the curves of form. Drawn where the program has its pictures (booklet.c),
 * refused where it has none (booklet_none.c). */
#ifndef FL_BOOKLET_H
#define FL_BOOKLET_H

#include <stdbool.h>
#include <stddef.h>
#include "gz_curve.h"

#define BOOKLET_MOST 8 /* loading conditions in one booklet */

/* Writes the booklet of body b of s in a fluid of `density`: two pages for
 * each of its `count` curves (a loading condition each, at most
 * BOOKLET_MOST), then the curves of form; false with a message in err. */
bool booklet_write(const char *path, const fl_sim *s, fl_body_id b, const gz_curve *const *curves,
                   int count, double density, char *err, size_t err_size);

#endif
