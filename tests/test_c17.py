#!/usr/bin/env python3
"""The library's core (engine/, buoyancy/, scenefile/ and the public headers
but fl_file.h) reads only C17's own headers and asks for no system
interface beyond them: it builds with a C17 compiler and libm alone. The
one POSIX part, files written whole, lives in io/ (-Dfiles).

Of libm it calls only what IEEE 754 defines exactly (sqrt, floor, fabs,
...): never sin, cos, exp or another function that C libraries round each
their own way, since a world must step to the same bits everywhere
(docs/determinism.md). flotsam's own are in engine/fmath_*.c.

usage: test_c17.py SOURCE_ROOT
"""
import glob
import os
import re
import sys

C17_HEADERS = set('''assert.h complex.h ctype.h errno.h fenv.h float.h inttypes.h iso646.h
limits.h locale.h math.h setjmp.h signal.h stdalign.h stdarg.h stdatomic.h stdbool.h stddef.h
stdint.h stdio.h stdlib.h stdnoreturn.h string.h tgmath.h threads.h time.h uchar.h wchar.h
wctype.h'''.split())
# libm's functions that are not exact, and that the core must not call.
INEXACT = re.compile(r'(?<![\w.>])(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|'
                     r'atanh|exp|exp2|expm1|log|log2|log10|log1p|pow|cbrt|hypot|erf|erfc|'
                     r'lgamma|tgamma)[fl]?\s*\(')
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)
FEATURE_MACROS = re.compile(r'#\s*define\s+_(POSIX_C_SOURCE|GNU_SOURCE|XOPEN_SOURCE|DEFAULT_SOURCE|BSD_SOURCE)\b')


def core_files(root):
    for folder in ('engine', 'buoyancy', 'scenefile', 'replay', 'include/flotsam'):
        for path in sorted(glob.glob(os.path.join(root, folder, '*'))):
            if path.endswith(('.c', '.h', '.h.in')) and not path.endswith('fl_file.h'):
                yield path


def main():
    root = sys.argv[1]
    problems = []
    count = 0
    for path in core_files(root):
        count += 1
        with open(path, encoding='utf-8') as f:
            text = f.read()
        # Comments become blank lines, so line numbers hold.
        code = COMMENT.sub(lambda m: '\n' * m.group(0).count('\n'), text)
        for n, line in enumerate(code.split('\n'), 1):
            m = INEXACT.search(line)
            if m:
                problems.append('%s:%d: calls libm\'s %s, which is not the same everywhere '
                                '(use fl_fmath.h)' % (path, n, m.group(1)))
        for n, line in enumerate(text.split('\n'), 1):
            m = re.match(r'\s*#\s*include\s*<([^>]+)>', line)
            if m and m.group(1) not in C17_HEADERS:
                problems.append('%s:%d: <%s> is not a C17 header' % (path, n, m.group(1)))
            if FEATURE_MACROS.search(line):
                problems.append('%s:%d: asks for system interfaces beyond C17' % (path, n))
    if count < 50:
        problems.append('only %d core files found under %s' % (count, root))
    for p in problems:
        print(p)
    print('%d core files read, %d problems' % (count, len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
