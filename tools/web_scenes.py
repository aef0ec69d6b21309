#!/usr/bin/env python3
"""Writes the bundled scenes as a script for the web page:
FLOTSAM_SCENES, a list of [name, text] with the harbour first (the page's
default), the rest by name.

usage: web_scenes.py SCENES_DIR OUT.js
"""
import json
import os
import sys


def main():
    folder, out = sys.argv[1], sys.argv[2]
    names = sorted(n[:-6] for n in os.listdir(folder) if n.endswith('.scene'))
    names.sort(key=lambda n: n != 'harbour')
    scenes = []
    for n in names:
        with open(os.path.join(folder, n + '.scene'), encoding='utf-8') as f:
            scenes.append([n, f.read()])
    with open(out, 'w', encoding='utf-8') as f:
        f.write('// The scenes bundled with flotsam (scenes/), written by tools/web_scenes.py.\n')
        f.write('const FLOTSAM_SCENES = %s;\n' % json.dumps(scenes, indent=0))


if __name__ == '__main__':
    main()
