#!/usr/bin/env python3
"""The library's core (engine/, buoyancy/, scenefile/ and the public headers
but fl_file.h) reads only C17's own headers and asks for no system
interface beyond them: it builds with a C17 compiler and libm alone. The
one POSIX part, files written whole, lives in io/ (-Dfiles).

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
            for n, line in enumerate(f, 1):
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
