/* Feeds flotsam's elementary functions for tests/test_fmath.py and times
 * them against the C library's.
 *
 *   fmath_probe FUNCTION      reads doubles (8 bytes each, this machine's
 *                             order) on stdin, writes FUNCTION of each
 *   fmath_probe --speed       nanoseconds a call, flotsam's and libm's
 *
 * FUNCTION: sin cos sincos-sin sincos-cos exp expm1 tanh */
#include <flotsam/fl_fmath.h>

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

typedef double (*fn)(double);

static double sincos_sin(double x)
{
    double s, c;
    fl_sincos(x, &s, &c);
    return s;
}

static double sincos_cos(double x)
{
    double s, c;
    fl_sincos(x, &s, &c);
    return c;
}

static const struct {
    const char *name;
    fn own, libm;
} functions[] = {
    {"sin", fl_sin, sin},           {"cos", fl_cos, cos},   {"sincos-sin", sincos_sin, sin},
    {"sincos-cos", sincos_cos, cos}, {"exp", fl_exp, exp},   {"expm1", fl_expm1, expm1},
    {"tanh", fl_tanh, tanh},
};
#define COUNT (sizeof functions / sizeof functions[0])

static double seconds(void)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The best of five passes over 2^16 arguments in the range the step meets
 * (|x| < 100), per call. */
static double time_calls(fn f, const double *xs, int n)
{
    double best = 1e30;
    volatile double sink = 0.0;
    for (int pass = 0; pass < 5; pass++) {
        double t0 = seconds(), acc = 0.0;
        for (int rep = 0; rep < 20; rep++)
            for (int i = 0; i < n; i++)
                acc += f(xs[i]);
        double t = (seconds() - t0) / (20.0 * n);
        sink += acc;
        if (t < best)
            best = t;
    }
    (void)sink;
    return best * 1e9;
}

static int speed(void)
{
    enum { N = 1 << 16 };
    static double xs[N];
    unsigned long long s = 88172645463325252ULL;
    for (int i = 0; i < N; i++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        xs[i] = ((double)(s >> 11) / 9007199254740992.0 - 0.5) * 40.0; /* -20 .. 20 */
    }
    printf("%-10s %9s %9s %6s\n", "function", "flotsam", "libm", "ratio");
    for (size_t k = 0; k < COUNT; k++) {
        if (strncmp(functions[k].name, "sincos-", 7) == 0)
            continue;
        double own = time_calls(functions[k].own, xs, N), lib = time_calls(functions[k].libm, xs, N);
        printf("%-10s %7.2f ns %7.2f ns %6.2f\n", functions[k].name, own, lib, own / lib);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--speed") == 0)
        return speed();
    for (size_t k = 0; argc == 2 && k < COUNT; k++) {
        if (strcmp(argv[1], functions[k].name) != 0)
            continue;
        double buf[4096];
        size_t n;
        while ((n = fread(buf, sizeof buf[0], 4096, stdin)) > 0) {
            for (size_t i = 0; i < n; i++)
                buf[i] = functions[k].own(buf[i]);
            if (fwrite(buf, sizeof buf[0], n, stdout) != n)
                return 1;
        }
        return ferror(stdin) ? 1 : 0;
    }
    fprintf(stderr, "usage: fmath_probe sin|cos|sincos-sin|sincos-cos|exp|expm1|tanh|--speed\n");
    return 2;
}
