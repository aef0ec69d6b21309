#!/usr/bin/env python3
"""The bad-input catalogue: every file in tests/data/bad is given to
`flotsam check` (a .scene, or a .replay whose name starts with `check-`) or
`flotsam replay` (any other .replay), and its exit status and its whole
stdout and stderr must be what its .expect file says.
Large inputs are made here, at test time, each with its output written out
below.

A .expect file is `exit N`, then `--- stdout` and/or `--- stderr`, each
followed by that stream's lines exactly; a stream not given must be empty.
The commands run in tests/data/bad, so files are named as there.

usage: test_catalogue.py FLOTSAM_BINARY SOURCE_ROOT
"""
import os
import subprocess
import sys
import tempfile
import time
import unittest

FLOTSAM = None
DATA = None


def run(args, cwd):
    return subprocess.run([FLOTSAM, *args], cwd=cwd, capture_output=True, timeout=120)


def command_for(name):
    checked = name.endswith('.scene') or name.startswith('check-')
    return ['check', name] if checked else ['replay', name]


def read_expect(path):
    """(exit status, {stream: bytes}) from a .expect file."""
    with open(path, 'rb') as f:
        lines = f.read().split(b'\n')
    head = lines[0].split()
    if len(head) != 2 or head[0] != b'exit':
        raise ValueError('%s: the first line must be "exit N"' % path)
    streams = {'stdout': b'', 'stderr': b''}
    current = None
    body = {}
    for line in lines[1:]:
        if line in (b'--- stdout', b'--- stderr'):
            current = line[4:].decode()
            body[current] = []
        elif current is None:
            if line:
                raise ValueError('%s: text before a --- stdout or --- stderr line' % path)
        else:
            body[current].append(line)
    for name, got in body.items():
        while got and got[-1] == b'':
            got.pop()  # the file's own last line end
        streams[name] = b''.join(l + b'\n' for l in got)
    return int(head[1]), streams


def cases():
    names = sorted(n for n in os.listdir(DATA) if n.endswith(('.scene', '.replay')))
    return names


class Catalogue(unittest.TestCase):
    def test_every_file_has_an_expectation(self):
        names = cases()
        self.assertGreaterEqual(len(names), 100)
        for n in names:
            self.assertTrue(os.path.exists(os.path.join(DATA, n + '.expect')), n)
        for n in os.listdir(DATA):
            if n.endswith('.expect'):
                self.assertIn(n[:-len('.expect')], names, 'a .expect without its file')

    def test_each_file(self):
        for name in cases():
            with self.subTest(name=name):
                status, streams = read_expect(os.path.join(DATA, name + '.expect'))
                r = run(command_for(name), DATA)
                self.assertEqual(r.stdout.decode(errors='replace'),
                                 streams['stdout'].decode(errors='replace'), name + ': stdout')
                self.assertEqual(r.stderr.decode(errors='replace'),
                                 streams['stderr'].decode(errors='replace'), name + ': stderr')
                self.assertEqual(r.returncode, status, name + ': exit status')

    def test_three_mistakes_are_three_lines(self):
        for name in ('three-mistakes.scene', 'check-three-mistakes.replay'):
            r = run(['check', name], DATA)
            self.assertEqual(r.returncode, 2, name)
            self.assertEqual(len(r.stderr.decode().splitlines()), 3, name)


class Generated(unittest.TestCase):
    """Inputs too large to keep in the repository."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def check(self, name, data, status, stdout=b'', stderr=b''):
        with open(os.path.join(self.dir.name, name), 'wb') as f:
            f.write(data)
        start = time.monotonic()
        r = run(command_for(name), self.dir.name)
        took = time.monotonic() - start
        self.assertEqual(r.stdout, stdout)
        self.assertEqual(r.stderr, stderr)
        self.assertEqual(r.returncode, status)
        self.assertLess(took, 20, '%s took %.1f s' % (name, took))

    HEAD = b'flotsam-scene 1\n'
    MB10 = 10 << 20

    def test_ten_megabyte_comment_line(self):
        self.check('comment.scene',
                   self.HEAD + b'box at=0,0 size=1,1 density=5 # ' + b'x' * self.MB10 + b'\n', 0,
                   stdout=b'comment.scene: ok (0 fluids, 1 body, 0 ropes)\n')

    def test_ten_megabyte_name(self):
        self.check('name.scene', self.HEAD + b'box name=' + b'x' * self.MB10 +
                   b' at=0,0 size=1,1 density=5\n', 2,
                   stderr=b'name.scene:2:10: name is longer than 63 characters\n')

    def test_ten_megabyte_number(self):
        self.check('number.scene', self.HEAD + b'box at=0,0 size=1,1 density=' +
                   b'1' * self.MB10 + b'\n', 2,
                   stderr=b"number.scene:2:29: number '" + b'1' * 40 +
                   b"...' is out of range\n")

    def test_ten_megabyte_point_list(self):
        self.check('points.scene', self.HEAD + b'polygon at=0,0 density=5 points=[' +
                   b'0,0 ' * (self.MB10 // 4) + b']\n', 2,
                   stderr=b'points.scene:2:33: polygon needs 3 to 64 points, got %d\n' %
                   (self.MB10 // 4))

    def test_ten_megabyte_line_of_mistakes(self):
        self.check('junk.scene', self.HEAD + b'box ' + b'a=1 ' * (self.MB10 // 4) + b'\n', 2,
                   stderr=b"junk.scene:2:5: unknown field 'a' in box\n")

    def test_ten_megabyte_replay_line(self):
        self.check('long.replay', b'flotsam-replay 1\n# ' + b'x' * self.MB10 + b'\n', 2,
                   stderr=b"long.replay:3:1: the replay has no scene\n")

    def test_file_over_the_cap(self):
        path = os.path.join(self.dir.name, 'big.scene')
        with open(path, 'wb') as f:
            f.truncate((64 << 20) + 1)  # sparse: no disk to speak of
        r = run(['check', 'big.scene'], self.dir.name)
        self.assertEqual(r.stderr, b'big.scene: cannot read file: it is larger than 64 MB, '
                         b'the most a scene or replay file may be\n')
        self.assertEqual(r.returncode, 2)

    def test_file_at_the_cap_is_read(self):
        path = os.path.join(self.dir.name, 'full.scene')
        with open(path, 'wb') as f:
            f.truncate(64 << 20)
        r = run(['check', 'full.scene'], self.dir.name)
        self.assertEqual(r.stderr, b'full.scene:1:1: NUL byte in the file\n')
        self.assertEqual(r.returncode, 2)

    def test_endless_device(self):
        start = time.monotonic()
        for command in ('check', 'replay'):
            r = run([command, '/dev/zero'], self.dir.name)
            self.assertEqual(r.stderr, b'/dev/zero: cannot read file: it is larger than 64 MB, '
                             b'the most a scene or replay file may be\n')
            self.assertEqual(r.returncode, 2)
        self.assertLess(time.monotonic() - start, 20)


if __name__ == '__main__':
    FLOTSAM = os.path.abspath(sys.argv[1])
    DATA = os.path.join(os.path.abspath(sys.argv[2]), 'tests', 'data', 'bad')
    del sys.argv[1:3]
    unittest.main(verbosity=1)
