#!/usr/bin/env python3
"""Writes a C file defining `const char NAME[]` (and NAME_len) holding a text file."""
import sys

def main():
    name, src, dst = sys.argv[1:4]
    data = open(src, 'rb').read()
    out = ['/* Generated from %s; do not edit. */' % src.replace('\\', '/').split('/')[-1],
           '#include <stddef.h>',
           'const char %s[] = {' % name]
    for i in range(0, len(data), 16):
        out.append('    ' + ', '.join('0x%02x' % b for b in data[i:i + 16]) + ',')
    out.append('    0x00};')
    out.append('const size_t %s_len = %d;' % (name, len(data)))
    with open(dst, 'w') as f:
        f.write('\n'.join(out) + '\n')

if __name__ == '__main__':
    main()
