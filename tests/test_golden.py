#!/usr/bin/env python3
"""Determinism, proven against stored values: every scene in scenes/ is run
for 600 steps, and every replay in tests/data is replayed (which checks its
own checkpoints on the way), and each final state hash is compared with the
golden value in tests/data/golden-hashes.txt (docs/determinism.md says what
this holds and the rule for changing a value).

usage: test_golden.py FLOTSAM_BINARY SOURCE_ROOT [--update]

--update writes the file from this build instead of checking it; use it only
with a physics change, in the same commit, saying why each value moved.
"""
import os
import re
import subprocess
import sys

STEPS = 600
GOLDEN = os.path.join('tests', 'data', 'golden-hashes.txt')
HEADER = """\
# Golden state hashes: `flotsam run SCENE --steps 600` for every scene in
# scenes/, and `flotsam replay REPLAY` for every replay in tests/data. Checked by tests/test_golden.py in every build CI makes (gcc,
# clang, sanitizers). Change a value only with a physics change, in the same
# commit, saying why (docs/determinism.md); regenerate with
#   python3 tests/test_golden.py build/flotsam . --update
"""


def scene_hash(flotsam, path):
    if path.endswith('.replay'):
        args = [flotsam, 'replay', path, '--state-out', '-']
    else:
        args = [flotsam, 'run', path, '--steps', str(STEPS), '--state-out', '-']
    r = subprocess.run(args, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        raise RuntimeError(f'{path}: flotsam {args[1]} exited {r.returncode}: {r.stderr.strip()}')
    m = re.search(r'"hash":"([0-9a-f]{16})"', r.stdout)
    if not m:
        raise RuntimeError(f'{path}: no hash in the state flotsam wrote')
    return m.group(1)


def read_golden(path):
    values = {}
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            parts = line.split()
            if len(parts) != 2 or not re.fullmatch(r'[0-9a-f]{16}', parts[1]):
                raise RuntimeError(f'{path}:{number}: expected "SCENE HASH", got {line!r}')
            values[parts[0]] = parts[1]
    return values


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != '--update'):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    flotsam, root = argv[1], argv[2]
    where = {n: os.path.join(root, 'scenes', n)
             for n in os.listdir(os.path.join(root, 'scenes')) if n.endswith('.scene')}
    data = os.path.join(root, 'tests', 'data')
    where.update({n: os.path.join(data, n) for n in os.listdir(data) if n.endswith('.replay')})
    scenes = sorted(where)
    got = {n: scene_hash(flotsam, where[n]) for n in scenes}
    golden_path = os.path.join(root, GOLDEN)
    if len(argv) == 4:
        with open(golden_path, 'w', encoding='utf-8') as f:
            f.write(HEADER)
            for n in scenes:
                f.write(f'{n} {got[n]}\n')
        print(f'wrote {len(scenes)} hashes to {golden_path}')
        return 0
    golden = read_golden(golden_path)
    problems = []
    for n in scenes:
        if n not in golden:
            problems.append(f'{n}: no golden hash (this build gives {got[n]}); add it with --update')
        elif golden[n] != got[n]:
            problems.append(f'{n}: final hash is {got[n]}, golden {golden[n]}')
    for n in sorted(set(golden) - set(got)):
        problems.append(f'{n}: golden hash for a scene or replay that is not there')
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print('The simulation no longer gives the stored results. If a physics change '
              'meant this, update the values in the same commit and say why '
              '(docs/determinism.md).', file=sys.stderr)
        return 1
    print(f'{len(scenes)} scenes and replays match their golden hashes')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
