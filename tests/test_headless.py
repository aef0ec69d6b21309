#!/usr/bin/env python3
"""A flotsam built without its window (-Dsandbox=disabled): the commands
work, the window is refused with a clear message and status 2, and the
program links no SDL. Built without pictures as well (-Drender=disabled,
third argument 'no-pictures'), it asks for none of Cairo, libpng, giflib
and libwebp, and refuses each picture option at once with status 2.

usage: test_headless.py FLOTSAM SOURCE_ROOT [pictures|no-pictures]"""
import os
import subprocess
import sys


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=60, **kw)


def main():
    flotsam, root = sys.argv[1], sys.argv[2]
    pictures = len(sys.argv) < 4 or sys.argv[3] != "no-pictures"
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
    r = run([flotsam, "stability", os.path.join(root, "scenes", "capsize.scene"), "--csv", "-"])
    if r.returncode != 0 or "GM" not in r.stdout or "heel_deg,gz_m" not in r.stdout:
        fails.append("stability: status %d, %r" % (r.returncode, r.stderr))
    ldd = run(["ldd", flotsam])
    unwanted = ["libSDL2"] + ([] if pictures else ["libcairo", "libpng", "libgif", "libwebp"])
    for lib in unwanted:
        if ldd.returncode == 0 and lib in ldd.stdout:
            fails.append("the program links %s:\n%s" % (lib, ldd.stdout))
    if not pictures:
        for args in (["--frames", "out"], ["--animation", "a.gif"], ["--snapshot", "s.png"],
                     ["--plot", "p.png", "--quantity", "draft"]):
            r = run([flotsam, "run", scene, "--steps", "10"] + args)
            if r.returncode != 2 or "built without pictures" not in r.stderr:
                fails.append("run %s: status %d, %r" % (args[0], r.returncode, r.stderr))
        r = run([flotsam, "stability", scene, "--plot", "gz.png"])
        if r.returncode != 2 or "built without pictures" not in r.stderr:
            fails.append("stability --plot: status %d, %r" % (r.returncode, r.stderr))
    for f in fails:
        print("FAIL:", f)
    if fails:
        sys.exit(1)
    print("the headless flotsam runs and checks scenes, refuses the window, links no SDL2")


if __name__ == "__main__":
    main()
