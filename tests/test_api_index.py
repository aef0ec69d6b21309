#!/usr/bin/env python3
"""docs/api.md lists every public function of the library, one line each:
this fails, naming them, when a function the headers declare (FL_API) is
missing there, or when one listed there is declared nowhere.

usage: test_api_index.py SOURCE_ROOT
"""
import glob
import os
import re
import sys


def declared(root):
    names = set()
    for path in glob.glob(os.path.join(root, 'include', 'flotsam', '*.h')):
        with open(path, encoding='utf-8') as f:
            text = f.read()
        for m in re.finditer(r'FL_API\s[^;{]*?\b(fl_[a-z0-9_]+)\s*\(', text):
            names.add(m.group(1))
    return names


def listed(root):
    with open(os.path.join(root, 'docs', 'api.md'), encoding='utf-8') as f:
        return set(re.findall(r'^- `(fl_[a-z0-9_]+)\(', f.read(), re.M))


def main():
    root = sys.argv[1]
    have, doc = declared(root), listed(root)
    missing, gone = sorted(have - doc), sorted(doc - have)
    for name in missing:
        print('docs/api.md does not list %s' % name)
    for name in gone:
        print('docs/api.md lists %s, which no header declares' % name)
    if len(have) < 150:
        print('only %d public functions found: the headers were not read' % len(have))
        return 1
    print('%d public functions, %d listed' % (len(have), len(doc)))
    return 1 if missing or gone else 0


if __name__ == '__main__':
    sys.exit(main())
