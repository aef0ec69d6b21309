#!/usr/bin/env python3
"""A flotsam built without its window (-Dsandbox=disabled): the commands
work, the window is refused with a clear message and status 2, and the
program links no SDL.

usage: test_headless.py FLOTSAM SOURCE_ROOT"""
import os
import subprocess
import sys


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=60, **kw)


def main():
    flotsam, root = sys.argv[1], sys.argv[2]
    scene = os.path.join(root, "scenes", "harbour.scene")
    fails = []
    r = run([flotsam])
    if r.returncode != 2 or "without its window" not in r.stderr:
        fails.append("the window: status %d, %r" % (r.returncode, r.stderr))
    r = run([flotsam, scene])
    if r.returncode != 2 or "without its window" not in r.stderr:
        fails.append("a scene for the window: status %d, %r" % (r.returncode, r.stderr))
    r = run([flotsam, "run", scene, "--steps", "600", "--state-out", "-"])
    if r.returncode != 0 or '"flotsam-state 1"' not in r.stdout and "flotsam-state" not in r.stdout:
        fails.append("run: status %d, %r" % (r.returncode, r.stderr))
    r = run([flotsam, "check", scene])
    if r.returncode != 0 or "ok" not in r.stdout:
        fails.append("check: status %d, %r" % (r.returncode, r.stderr))
    ldd = run(["ldd", flotsam])
    if ldd.returncode == 0 and "libSDL2" in ldd.stdout:
        fails.append("the program links SDL2:\n" + ldd.stdout)
    for f in fails:
        print("FAIL:", f)
    if fails:
        sys.exit(1)
    print("the headless flotsam runs and checks scenes, refuses the window, links no SDL2")


if __name__ == "__main__":
    main()
