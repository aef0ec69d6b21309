/* Option values shared by the programs: option names, counts and sizes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cmdline.h"

bool cli_is_help(const char *arg) { return !strcmp(arg, "-h") || !strcmp(arg, "--help"); }

bool cli_is_option(const char *arg, const char *opt)
{
    size_t n = strlen(opt);
    return !strncmp(arg, opt, n) && (arg[n] == '\0' || arg[n] == '=');
}

const char *cli_option_value(const char *opt, int argc, char **argv, int *i)
{
    size_t n = strlen(opt);
    if (!strncmp(argv[*i], opt, n) && argv[*i][n] == '=')
        return argv[*i] + n + 1;
    return *i + 1 < argc ? argv[++*i] : NULL;
}

/* The length of a long option's name ("--name" of "--name=value"), or 0
 * when arg is no long option. */
static size_t long_option(const char *arg)
{
    if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0' || arg[2] == '=')
        return 0;
    return strcspn(arg, "=");
}

/* Whether the option of n characters at arg is one of `repeatable`. */
static bool listed(const char *arg, size_t n, const char *const *repeatable)
{
    for (; repeatable && *repeatable; repeatable++)
        if (strlen(*repeatable) == n && !strncmp(arg, *repeatable, n))
            return true;
    return false;
}

int cli_refuse_repeats(int argc, char **argv, const char *const *repeatable)
{
    for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++) {
        size_t n = long_option(argv[i]);
        if (listed(argv[i], n, repeatable))
            continue;
        for (int j = 0; n > 0 && j < i; j++)
            if (long_option(argv[j]) == n && !strncmp(argv[i], argv[j], n))
                return cli_usage_error("%.*s is given twice: give it once", (int)n, argv[i]);
    }
    return 0;
}

bool cli_parse_count(const char *s, long lo, long hi, long *out)
{
    if (*s < '0' || *s > '9')
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

bool cli_parse_size(const char *s, int *w, int *h)
{
    long v[2];
    for (int k = 0; k < 2; k++) {
        char *end;
        if (*s < '0' || *s > '9')
            return false;
        errno = 0;
        v[k] = strtol(s, &end, 10);
        if (errno || v[k] < 16 || v[k] > 8192 || *end != (k == 0 ? 'x' : '\0'))
            return false;
        s = end + 1;
    }
    *w = (int)v[0];
    *h = (int)v[1];
    return true;
}
