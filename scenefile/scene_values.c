/* The values of a scene file's fields: numbers with their ranges, angles,
 * points, point lists, colours, collision bits and names' spelling, and the
 * checks that make a point list a usable outline. */
#include "flotsam/flotsam.h"

#include "scene_parser.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#define SCENE_PI 3.14159265358979323846

/* ---- numbers ------------------------------------------------------------------ */

static scene_pos offset_pos(scene_pos start, const char *s, size_t offset)
{
    scene_pos pos = {start.line, start.column + scene_count_chars(s, offset)};
    return pos;
}

static bool read_number_text(parser *p, const char *s, size_t n, scene_pos at, double *out)
{
    char quoted[SCENE_QUOTE_SIZE];
    scene_number_status status = scene_lex_number(s, n, out);
    scene_quote(quoted, s, n);
    switch (status) {
    case SCENE_NUMBER_OK: return true;
    case SCENE_NUMBER_SYNTAX: return scene_fail(p, at, "expected a number, got '%s'", quoted);
    case SCENE_NUMBER_RANGE: return scene_fail(p, at, "number '%s' is out of range", quoted);
    default: return scene_fail_no_memory(p, at, "reading a number");
    }
}

bool scene_read_number(parser *p, const scene_token *t, double *out)
{
    return read_number_text(p, t->value, t->value_len, t->value_pos, out);
}

/* A number with a range condition; the message names the field. */
bool scene_read_real(parser *p, const scene_token *t, field_id f, limit lim, double *out)
{
    double v;
    if (!scene_read_number(p, t, &v))
        return false;
    if (lim == POSITIVE && !(v > 0))
        return scene_fail(p, t->value_pos, "%s must be > 0", scene_field_names[f]);
    if (lim == NON_NEGATIVE && !(v >= 0))
        return scene_fail(p, t->value_pos, "%s must be >= 0", scene_field_names[f]);
    if (lim == SCALE && !(v >= SCENE_SMALL && v <= SCENE_BIG))
        return scene_fail(p, t->value_pos, "%s must be from %g to %g", scene_field_names[f],
                          SCENE_SMALL, SCENE_BIG);
    if (fabs(v) > SCENE_BIG)
        return scene_fail(p, t->value_pos, "%s must be within -%g to %g", scene_field_names[f],
                          SCENE_BIG, SCENE_BIG);
    *out = v;
    return true;
}

bool scene_read_integer(parser *p, const scene_token *t, field_id f, int lo, int hi, int *out)
{
    double v;
    if (!scene_read_number(p, t, &v))
        return false;
    if (v != floor(v) || v < lo || v > hi)
        return scene_fail(p, t->value_pos, "%s must be an integer from %d to %d",
                          scene_field_names[f], lo, hi);
    *out = (int)v;
    return true;
}

/* Collision bits: a whole number from 0 to 4294967295 (32 bits). */
bool scene_read_bits(parser *p, const scene_token *t, field_id f, uint32_t *out)
{
    double v;
    if (!scene_read_number(p, t, &v))
        return false;
    if (v != floor(v) || v < 0 || v > 4294967295.0)
        return scene_fail(p, t->value_pos, "%s must be a whole number from 0 to 4294967295",
                          scene_field_names[f]);
    *out = (uint32_t)v;
    return true;
}

bool scene_read_angle(parser *p, const scene_token *t, double *out)
{
    static const char suffix[] = "deg";
    size_t n = t->value_len, k = sizeof suffix - 1;
    if (n > k && memcmp(t->value + n - k, suffix, k) == 0) {
        double degrees;
        if (!read_number_text(p, t->value, n - k, t->value_pos, &degrees))
            return false;
        *out = degrees * (SCENE_PI / 180.0);
        return fabs(degrees) <= SCENE_BIG ||
               scene_fail(p, t->value_pos, "angle must be within -%g to %g", SCENE_BIG, SCENE_BIG);
    }
    if (!scene_read_number(p, t, out))
        return false;
    return fabs(*out) <= SCENE_BIG ||
           scene_fail(p, t->value_pos, "angle must be within -%g to %g", SCENE_BIG, SCENE_BIG);
}

/* ---- points ------------------------------------------------------------------- */

static bool bad_point(parser *p, const char *s, size_t n, scene_pos at)
{
    char quoted[SCENE_QUOTE_SIZE];
    scene_quote(quoted, s, n);
    return scene_fail(p, at, "expected a point x,y, got '%s'", quoted);
}

/* `x,y`: exactly one comma, a number on each side. */
static bool read_point_text(parser *p, const char *s, size_t n, scene_pos at, fl_vec2 *out)
{
    const char *comma = memchr(s, ',', n);
    size_t left = comma == NULL ? 0 : (size_t)(comma - s), right;
    if (comma == NULL || left == 0 || left + 1 == n || memchr(comma + 1, ',', n - left - 1) != NULL ||
        memchr(s, '[', n) != NULL)
        return bad_point(p, s, n, at);
    right = n - left - 1;
    if (!read_number_text(p, s, left, at, &out->x) ||
        !read_number_text(p, comma + 1, right, offset_pos(at, s, left + 1), &out->y))
        return false;
    if (fabs(out->x) > SCENE_BIG || fabs(out->y) > SCENE_BIG)
        return scene_fail(p, at, "coordinates must be within -%g to %g", SCENE_BIG, SCENE_BIG);
    return true;
}

bool scene_read_point(parser *p, const scene_token *t, fl_vec2 *out)
{
    return read_point_text(p, t->value, t->value_len, t->value_pos, out);
}

static bool is_list_blank(char c)
{
    return c == ' ' || c == '\t';
}

static bool is_list_shape(const char *s, size_t n)
{
    return n >= 2 && s[0] == '[' && s[n - 1] == ']' && memchr(s + 1, '[', n - 2) == NULL &&
           memchr(s + 1, ']', n - 2) == NULL;
}

/* `[x,y x,y ...]` into pts (up to SCENE_MAX_POINTS); *count gets the number
 * of points written, however many there were. */
static bool read_point_list(parser *p, const scene_token *t, fl_vec2 *pts, size_t *count)
{
    const char *s = t->value;
    size_t n = t->value_len, i = 1, k = 0;
    if (!is_list_shape(s, n)) {
        char quoted[SCENE_QUOTE_SIZE];
        scene_quote(quoted, s, n);
        return scene_fail(p, t->value_pos, "expected a point list [x,y x,y ...], got '%s'", quoted);
    }
    scene_pos at = t->value_pos; /* of s[counted]: counted on as the list is read */
    size_t counted = 0;
    for (;;) {
        fl_vec2 v;
        size_t start;
        while (i < n - 1 && is_list_blank(s[i]))
            i++;
        if (i >= n - 1)
            break;
        start = i;
        while (i < n - 1 && !is_list_blank(s[i]))
            i++;
        at = offset_pos(at, s + counted, start - counted);
        counted = start;
        if (!read_point_text(p, s + start, i - start, at, &v))
            return false;
        if (k < FL_SCENE_MAX_POINTS)
            pts[k] = v;
        k++;
    }
    *count = k;
    return true;
}

/* ---- colours and names ---------------------------------------------------------- */

bool scene_read_color(parser *p, const scene_token *t, uint32_t *out)
{
    const char *s = t->value;
    uint32_t rgb = 0;
    bool ok = t->value_len == 7 && s[0] == '#';
    for (size_t i = 1; ok && i < 7; i++) {
        char c = s[i];
        int digit = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
        ok = digit >= 0;
        rgb = (rgb << 4) | (uint32_t)(ok ? digit : 0);
    }
    if (!ok) {
        char quoted[SCENE_QUOTE_SIZE];
        scene_quote(quoted, s, t->value_len);
        return scene_fail(p, t->value_pos, "expected a colour #rrggbb, got '%s'", quoted);
    }
    *out = rgb;
    return true;
}

static bool is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-';
}

/* A name's spelling (letters, digits, '_', '-'; 1..63 characters). The word
 * `world` is checked by the callers, since a rope's `b` may be `world`. */
bool scene_read_name(parser *p, const scene_token *t, char out[FL_SCENE_NAME_MAX])
{
    char quoted[SCENE_QUOTE_SIZE];
    for (size_t i = 0; i < t->value_len; i++) {
        if (!is_name_char(t->value[i])) {
            scene_quote(quoted, t->value, t->value_len);
            return scene_fail(p, t->value_pos, "bad name '%s' (use letters, digits, '_' and '-')",
                              quoted);
        }
    }
    if (t->value_len >= FL_SCENE_NAME_MAX)
        return scene_fail(p, t->value_pos, "name is longer than %d characters", FL_SCENE_NAME_MAX - 1);
    memcpy(out, t->value, t->value_len);
    out[t->value_len] = '\0';
    return true;
}

/* ---- polygon shape checks ---------------------------------------------------- */

static bool has_repeated_point(const fl_vec2 *pts, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (pts[i].x == pts[j].x && pts[i].y == pts[j].y)
                return true;
    return false;
}

/* With no repeated points: do all points lie on one line? */
static bool all_collinear(const fl_vec2 *pts, size_t n)
{
    for (size_t i = 2; i < n; i++)
        if (fl_cross(fl_sub(pts[1], pts[0]), fl_sub(pts[i], pts[0])) != 0.0)
            return false;
    return true;
}

/* Checks a point list for `what` ("polygon" or "hull"). */
static bool check_outline(parser *p, const scene_token *t, const char *what, const fl_vec2 *pts,
                          size_t n)
{
    if (n < 3 || n > FL_SCENE_MAX_POINTS)
        return scene_fail(p, t->value_pos, "%s needs 3 to %d points, got %zu", what,
                          FL_SCENE_MAX_POINTS, n);
    if (has_repeated_point(pts, n))
        return scene_fail(p, t->value_pos, "%s points must not repeat", what);
    if (all_collinear(pts, n))
        return scene_fail(p, t->value_pos, "%s must have a non-zero area", what);
    for (size_t i = 0; i < n; i++)
        if (fl_length(fl_sub(pts[(i + 1) % n], pts[i])) < SCENE_SMALL)
            return scene_fail(p, t->value_pos, "%s points %zu and %zu are closer than %g", what,
                              i + 1, (i + 1) % n + 1, SCENE_SMALL);
    /* Distinct points, not all on one line: only crossing edges (or edges
     * that touch or fold back) can make the outline other than simple. */
    if (!fl_polygon_is_simple(pts, (int)n))
        return scene_fail(p, t->value_pos, "%s points must not cross each other", what);
    return true;
}

bool scene_read_outline(parser *p, const scene_token *t, const char *what, fl_vec2 *pts,
                        int *count)
{
    size_t n = 0;
    if (!read_point_list(p, t, pts, &n) || !check_outline(p, t, what, pts, n))
        return false;
    *count = (int)n;
    return true;
}

bool scene_read_openings(parser *p, const scene_token *t, fl_vec2 *pts, int *count)
{
    size_t n = 0;
    if (!read_point_list(p, t, pts, &n))
        return false;
    if (n % 2 != 0)
        return scene_fail(p, t->value_pos, "openings come as pairs of ends [x,y x,y ...], got %zu "
                                           "points", n);
    if (n > FL_SCENE_MAX_POINTS)
        return scene_fail(p, t->value_pos, "at most %d openings, got %zu", FL_SCENE_MAX_POINTS / 2,
                          n / 2);
    for (size_t k = 0; k < n; k += 2)
        if (fl_length(fl_sub(pts[k + 1], pts[k])) < SCENE_SMALL)
            return scene_fail(p, t->value_pos, "opening %zu's ends are closer than %g", k / 2 + 1,
                              SCENE_SMALL);
    *count = (int)(n / 2);
    return true;
}
