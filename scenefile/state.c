/* The state output of a run ("flotsam-state 1"): every body's motion as
 * JSON, the hash over its exact bits, and the shortest round-trip decimal
 * that both this and the scene writer print numbers with. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "flotsam/flotsam.h"
#include "sim_state.h"
#include "format.h"

static uint64_t fnv_u64(uint64_t h, double x)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    for (int i = 0; i < 8; i++) {
        h ^= (bits >> (8 * i)) & 0xffu;
        h *= 0x100000001b3ull;
    }
    return h;
}

uint64_t fl_state_hash(const fl_world *w)
{
    FL_ASSERT(w);
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id b = fl_world_body(w, i);
        fl_vec2 x = fl_body_position(b), u = fl_body_velocity(b);
        const double v[] = {x.x, x.y, fl_body_angle(b), u.x, u.y, fl_body_spin(b)};
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
            h = fnv_u64(h, v[k]);
    }
    return h;
}

const char *format_double(double x, char buf[32])
{
    if (!isfinite(x))
        return strcpy(buf, "null");
    if (x == 0.0)
        x = 0.0; /* -0 prints as 0 */
    /* Fewest significant digits that read back exactly, but never fewer
     * than the integer part needs, so 10 prints as 10 and not 1e+01.
     * (The digits of the integer part are counted against powers of ten,
     * all exact below 1e23, rather than by log10, which libraries round
     * differently.) */
    int first = 1;
    for (double ten = 10.0; first < 17 && fabs(x) >= ten; ten *= 10.0)
        first++;
    for (int digits = first; digits <= 17; digits++) {
        snprintf(buf, 32, "%.*g", digits, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    /* Keep it a JSON number that reads as a float: 10 -> 10.0. */
    if (!strpbrk(buf, ".eEn"))
        strcat(buf, ".0");
    return buf;
}

static void write_name(FILE *f, const char *name)
{
    if (!name[0]) {
        fputs("null", f);
        return;
    }
    /* Scene names are letters, digits, '_' and '-': nothing to escape. */
    fprintf(f, "\"%s\"", name);
}

int fl_state_write_json(FILE *f, fl_sim *s)
{
    FL_ASSERT(f && s && s->world && s->buoyancy);
    fl_world *w = s->world;
    fl_buoyancy_measure(s->buoyancy, fl_world_time(w));
    char a[32], b[32], c[32], d[32], e[32], g[32], h[32], k[32];
    fprintf(f, "{\"format\":\"flotsam-state 1\",\"step\":%llu,\"time\":%s,\"hash\":\"%016llx\",\"bodies\":[",
            (unsigned long long)fl_world_step_count(w), format_double(fl_world_time(w), a),
            (unsigned long long)fl_state_hash(w));
    for (int i = 0; i < fl_world_body_count(w); i++) {
        fl_body_id bd = fl_world_body(w, i);
        const char *name = fl_sim_body_name(s, bd);
        fl_vec2 x = fl_body_position(bd), v = fl_body_velocity(bd);
        fprintf(f, "%s\n {\"index\":%d,\"name\":", i ? "," : "", i);
        write_name(f, name);
        fprintf(f, ",\"static\":%s,\"x\":%s,\"y\":%s,\"angle\":%s,\"vx\":%s,\"vy\":%s,\"spin\":%s,"
                   "\"area\":%s,\"submerged_area\":%s}",
                fl_body_is_static(bd) ? "true" : "false", format_double(x.x, a),
                format_double(x.y, b), format_double(fl_body_angle(bd), c),
                format_double(v.x, d), format_double(v.y, e),
                format_double(fl_body_spin(bd), g), format_double(fl_body_area(bd), h),
                format_double(fl_buoyancy_body_area(s->buoyancy, bd, NULL), k));
    }
    fputs("]}\n", f);
    return ferror(f) ? -1 : 0;
}
