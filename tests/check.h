/* Number checks for the cmocka tests (cmocka's own compare integers, or
 * floats as float). Include after <cmocka.h>. */
#ifndef FL_TEST_CHECK_H
#define FL_TEST_CHECK_H

#include <math.h>

static inline void check_near(double actual, double expected, double tol, const char *what,
                              const char *file, int line)
{
    if (!(fabs(actual - expected) <= tol)) {
        print_error("%s = %.17g, expected %.17g (|diff| %.3g > tol %.3g)\n", what, actual,
                    expected, fabs(actual - expected), tol);
        _fail(file, line);
    }
}

static inline void check_exact(double actual, double expected, const char *what,
                               const char *file, int line)
{
    if (!(actual == expected)) {
        print_error("%s = %a (%.17g), expected exactly %a (%.17g)\n", what, actual, actual,
                    expected, expected);
        _fail(file, line);
    }
}

/* |actual - expected| <= tol */
#define ASSERT_NEAR(a, e, tol) check_near((a), (e), (tol), #a, __FILE__, __LINE__)
/* |actual - expected| <= rel * |expected| */
#define ASSERT_REL(a, e, rel) check_near((a), (e), (rel) * fabs(e), #a, __FILE__, __LINE__)
/* bit for bit (and -0 == 0) */
#define ASSERT_EXACT(a, e) check_exact((a), (e), #a, __FILE__, __LINE__)

#define COUNT(arr) ((int)(sizeof(arr) / sizeof((arr)[0])))

/* Ids in cmocka's checks: whether one is null, and whether two name the
 * same body or joint. */
#define ID_NULL(x) _Generic((x), fl_body_id: fl_body_is_null, fl_joint_id: fl_joint_is_null)(x)
#define ID_EQ(a, b) _Generic((a), fl_body_id: fl_body_id_equal, fl_joint_id: fl_joint_id_equal)(a, b)

#endif
