#!/usr/bin/env python3
"""End-to-end tests of the flotsam command line: exit statuses, error
positions, the state JSON contract, Archimedes on the iceberg scene, and the
determinism and sensitivity of the state hash.

usage: test_cli.py FLOTSAM_BINARY SOURCE_ROOT
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import unittest

FLOTSAM = None
ROOT = None


def flotsam(*args, stdin=None):
    return subprocess.run([FLOTSAM, *args], input=stdin, capture_output=True, text=True,
                          timeout=300)


def scene_path(name):
    return os.path.join(ROOT, 'scenes', name)


def run_state(scene, steps):
    """Runs a scene and returns the parsed state JSON."""
    r = flotsam('run', scene, '--steps', str(steps), '--state-out', '-')
    if r.returncode != 0:
        raise AssertionError('flotsam run failed (%d): %s' % (r.returncode, r.stderr))
    return json.loads(r.stdout)


class Workdir(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        return path


class CommandLine(Workdir):
    def test_help_and_version(self):
        r = flotsam('--help')
        self.assertEqual(r.returncode, 0)
        for word in ('run', 'check', '--steps', '--state-out'):
            self.assertIn(word, r.stdout)
        r = flotsam('--version')
        self.assertEqual(r.returncode, 0)
        self.assertRegex(r.stdout, r'^flotsam \d+\.\d+\.\d+\n$')

    def test_usage_errors_exit_2(self):
        for args in (['--frobnicate'], ['launch'], ['run', '--steps'], ['run', '--steps', '-3'],
                     ['run', '--steps', '12x'], ['run', '--bogus'], ['run', 'a', 'b'],
                     ['check'], ['check', '--x']):
            r = flotsam(*args)
            self.assertEqual(r.returncode, 2, args)
            self.assertIn('flotsam: ', r.stderr, args)
            self.assertEqual(r.stdout, '', args)

    def test_every_shipped_scene_checks(self):
        names = sorted(n for n in os.listdir(os.path.join(ROOT, 'scenes')) if n.endswith('.scene'))
        self.assertGreaterEqual(len(names), 4)
        for n in names:
            r = flotsam('check', scene_path(n))
            self.assertEqual(r.returncode, 0, n + ': ' + r.stderr)
            self.assertIn(': ok (', r.stdout)

    def test_scene_error_names_file_line_column(self):
        path = self.write('bad.scene', 'flotsam-scene 1\n# a comment\nbox at=1,2 size=1,1 densty=3\n')
        for cmd in ('check', 'run'):
            r = flotsam(cmd, path)
            self.assertEqual(r.returncode, 2)
            self.assertTrue(r.stderr.startswith(path + ':3:21: '), r.stderr)
            self.assertEqual(r.stdout, '')

    def test_missing_file(self):
        path = os.path.join(self.dir, 'nope.scene')
        r = flotsam('check', path)
        self.assertEqual(r.returncode, 2)
        self.assertIn(path, r.stderr)

    def test_default_scene_summary(self):
        r = flotsam('run', '--steps', '60')
        self.assertEqual(r.returncode, 0, r.stderr)
        for name in ('crate', 'log', 'raft'):
            self.assertIn(name, r.stdout)

    def test_unwritable_state_out_exits_1(self):
        path = os.path.join(self.dir, 'no-such-dir', 'state.json')
        r = flotsam('run', '--steps', '1', '--state-out', path)
        self.assertEqual(r.returncode, 1)
        self.assertIn('cannot write', r.stderr)
        self.assertFalse(os.path.exists(os.path.dirname(path)))

    def test_state_out_file_is_complete(self):
        path = os.path.join(self.dir, 'state.json')
        r = flotsam('run', '--steps', '10', '--state-out', path)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(path) as f:
            state = json.load(f)
        self.assertEqual(state['step'], 10)
        self.assertEqual(os.listdir(self.dir), ['state.json'])


    def test_state_out_to_a_pipe_stays_a_pipe(self):
        # Devices and pipes are written in place, never replaced by a file.
        import stat
        import threading
        fifo = os.path.join(self.dir, 'pipe')
        os.mkfifo(fifo)
        got = []

        def read_all():
            with open(fifo) as f:
                got.append(f.read())
        reader = threading.Thread(target=read_all)
        reader.start()
        r = flotsam('run', '--steps', '3', '--state-out', fifo)
        reader.join(timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(stat.S_ISFIFO(os.stat(fifo).st_mode))
        self.assertEqual(json.loads(got[0])['step'], 3)


class StateContract(Workdir):
    SCENE = '''flotsam-scene 1
world gravity=0,9.81 rate=50
fluid name=water density=1000 surface=8 left=0 right=40 bottom=14
box     name=crate at=5,3 size=1,0.5 density=500 angle=10deg velocity=1,-2 spin=0.5
ngon    at=10,2 sides=6 radius=0.4 density=300
polygon name=wedge at=8,3 density=700 points=[0,0 3,0 0,3]
box     at=20,14.5 size=42,1 static
'''

    def test_round_trip_at_step_zero(self):
        path = self.write('s.scene', self.SCENE)
        state = run_state(path, 0)
        self.assertEqual(state['format'], 'flotsam-state 1')
        self.assertEqual(state['step'], 0)
        self.assertEqual(state['time'], 0.0)
        self.assertRegex(state['hash'], r'^[0-9a-f]{16}$')
        b = state['bodies']
        self.assertEqual([x['index'] for x in b], [0, 1, 2, 3])
        self.assertEqual([x['name'] for x in b], ['crate', None, 'wedge', None])
        self.assertEqual([x['static'] for x in b], [False, False, False, True])
        # A box's and an n-gon's centre of mass is `at`: exactly, as the
        # outline is symmetric. The wedge's is at + (1, 1) (a third of its legs).
        self.assertEqual((b[0]['x'], b[0]['y']), (5.0, 3.0))
        self.assertAlmostEqual(b[1]['x'], 10.0, places=14)
        self.assertAlmostEqual(b[1]['y'], 2.0, places=14)
        self.assertAlmostEqual(b[2]['x'], 9.0, places=14)
        self.assertAlmostEqual(b[2]['y'], 4.0, places=14)
        self.assertEqual(b[0]['angle'], 10 * (math.pi / 180))
        self.assertEqual((b[0]['vx'], b[0]['vy'], b[0]['spin']), (1.0, -2.0, 0.5))
        self.assertAlmostEqual(b[0]['area'], 0.5, places=15)
        self.assertAlmostEqual(b[1]['area'], 6 * 0.4 ** 2 * math.sin(math.pi / 3) / 2, places=14)
        self.assertAlmostEqual(b[2]['area'], 4.5, places=14)
        self.assertEqual(b[3]['area'], 42.0)
        # Every body starts above the water but the wedge, whose lowest
        # vertex (y = 6) is above the surface too: nothing is submerged.
        self.assertEqual([x['submerged_area'] for x in b], [0.0, 0.0, 0.0, 0.0])

    def test_time_follows_the_rate(self):
        path = self.write('s.scene', self.SCENE)
        state = run_state(path, 25)
        self.assertEqual(state['step'], 25)
        # Time is steps * dt, not a running sum: 25 * (1/50) rounds to 0.5.
        self.assertEqual(state['time'], 0.5)
        r = flotsam('run', '--steps', '600', '--state-out', '-')
        self.assertTrue(r.stdout.startswith(
            '{"format":"flotsam-state 1","step":600,"time":10.0,"hash":"'), r.stdout[:80])
        self.assertIn('"x":10.0,"y":14.5,', r.stdout)  # shortest form, never 1e+01


class Physics(unittest.TestCase):
    def test_iceberg_floats_nine_tenths_under(self):
        state = run_state(scene_path('iceberg.scene'), 1800)
        berg = [b for b in state['bodies'] if b['name'] == 'iceberg'][0]
        fraction = berg['submerged_area'] / berg['area']
        self.assertAlmostEqual(fraction, 0.9, delta=0.009)

    def test_logs_float_at_their_density(self):
        state = run_state(scene_path('logs.scene'), 1800)
        for b in state['bodies']:
            if b['static']:
                continue
            frac = b['submerged_area'] / b['area']
            q = {'balsa': 0.15, 'cedar': 0.35, 'pine': 0.55, 'oak': 0.75, 'teak': 0.9}[b['name']]
            self.assertAlmostEqual(frac, q, delta=0.01 * q, msg=b['name'])


class Hash(Workdir):
    def test_same_scene_same_hash(self):
        a = run_state(scene_path('waves.scene'), 600)
        b = run_state(scene_path('waves.scene'), 600)
        self.assertEqual(a['hash'], b['hash'])
        self.assertEqual(a, b)

    def test_one_part_in_a_million_changes_the_hash(self):
        with open(scene_path('harbour.scene')) as f:
            text = f.read()
        self.assertIn('density=500 ', text)
        changed = self.write('changed.scene', text.replace('density=500 ', 'density=500.0005 ', 1))
        same = self.write('same.scene', text)
        a = run_state(same, 300)
        b = run_state(changed, 300)
        self.assertNotEqual(a['hash'], b['hash'])
        # The embedded default scene is harbour.scene.
        r = flotsam('run', '--steps', '300', '--state-out', '-')
        self.assertEqual(json.loads(r.stdout)['hash'], a['hash'])


if __name__ == '__main__':
    FLOTSAM = os.path.abspath(sys.argv[1])
    ROOT = os.path.abspath(sys.argv[2])
    unittest.main(argv=[sys.argv[0], '-v'])
