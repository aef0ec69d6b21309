#!/usr/bin/env python3
"""The README's embedding example is a program that works: its C block is
compiled against the library just built, run, and must print the draft
Archimedes gives (0.3000 m) for a box of 600 kg/m^2 in water of 1000.

usage: test_readme.py SOURCE_ROOT BUILD_INCLUDE LIBRARY CC..."""
import os
import re
import subprocess
import sys
import tempfile


def main():
    root, build_include, library, cc = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        blocks = re.findall(r"```c\n(.*?)```", f.read(), re.S)
    if len(blocks) != 1:
        sys.exit("README.md: expected one C block, found %d" % len(blocks))
    lines = blocks[0].count("\n")
    if lines > 25:
        sys.exit("README.md: the embedding example has %d lines; keep it near 20" % lines)
    with tempfile.TemporaryDirectory() as tmp:
        src, exe = os.path.join(tmp, "box.c"), os.path.join(tmp, "box")
        with open(src, "w", encoding="utf-8") as f:
            f.write(blocks[0])
        libdir = os.path.dirname(os.path.abspath(library))
        cmd = cc + ["-std=c17", "-Wall", "-Wextra", "-Werror", "-I" + os.path.join(root, "include"),
                    "-I" + build_include, src, library, "-lm", "-o", exe,
                    "-Wl,-rpath," + libdir]
        subprocess.run(cmd, check=True)
        out = subprocess.run([exe], check=True, capture_output=True, text=True).stdout
    print(out, end="")
    m = re.match(r"draft (\S+) m \(Archimedes: 0\.3000\)\n$", out)
    if not m or m.group(1) != "0.3000":
        sys.exit("the README's example printed %r, not the draft 0.3000" % out)


if __name__ == "__main__":
    main()
