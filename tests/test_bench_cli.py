#!/usr/bin/env python3
"""End-to-end tests of flotsam-bench, the harbor benchmark program: its JSON,
its options and errors, and the Chipmunk2D peer.

usage: test_bench_cli.py FLOTSAM_BENCH_BINARY SOURCE_ROOT
"""
import json
import os
import subprocess
import sys
import unittest

BENCH = None
ROOT = None


def bench(*args):
    return subprocess.run([BENCH, *args], capture_output=True, text=True, timeout=300)


def harbor_vertex_count(n):
    """The dynamic bodies' vertex total for N bodies, counted in the scene
    that tools/harbor_scene.py writes from the same generator: 4 per box,
    `sides` per ngon, the listed points per polygon."""
    import re
    text = subprocess.run([sys.executable, os.path.join(ROOT, 'tools', 'harbor_scene.py'), str(n)],
                          capture_output=True, text=True, check=True).stdout
    total = 0
    for line in text.splitlines():
        if line.startswith('box ') and ' static' not in line:
            total += 4
        elif line.startswith('ngon '):
            total += int(re.search(r'\bsides=(\d+)', line).group(1))
        elif line.startswith('polygon '):
            total += len(re.search(r'points=\[([^]]*)\]', line).group(1).split())
    return total


class Bench(unittest.TestCase):
    FIELDS = ('engine', 'bodies', 'steps', 'repeat', 'dt', 'ms_per_step', 'body_steps_per_second',
              'stages_ms_per_step', 'vertices', 'buoyancy_ns_per_vertex', 'below_surface',
              'mean_submerged_fraction', 'nan', 'outside')
    STAGES = ('buoyancy', 'broad_phase', 'narrow_phase', 'solver', 'integration')

    def bench(self, *args):
        r = bench('--bodies', '30', '--steps', '20', *args)
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertEqual(len(lines), 1, r.stdout)
        return json.loads(lines[0])

    def check_engine(self, j, iterations, substeps=1):
        for f in self.FIELDS:
            self.assertIn(f, j)
        self.assertEqual(j['bodies'], 30)
        self.assertEqual(j['steps'], 20)
        self.assertEqual(j['repeat'], 1)
        self.assertAlmostEqual(j['dt'], 1 / 60)
        self.assertEqual(j['iterations'], iterations)
        self.assertEqual(j['substeps'], substeps)
        self.assertGreater(j['ms_per_step'], 0)
        self.assertGreater(j['body_steps_per_second'], 0)
        self.assertEqual(j['vertices'], harbor_vertex_count(30))
        self.assertGreaterEqual(j['mean_submerged_fraction'], 0)
        self.assertLessEqual(j['mean_submerged_fraction'], 1)
        self.assertGreaterEqual(j['below_surface'], 0)
        self.assertLessEqual(j['below_surface'], 30)
        self.assertIs(j['nan'], False)
        self.assertEqual(j['outside'], 0)

    def test_flotsam_json(self):
        j = self.bench()
        self.check_engine(j, 10)  # a scene's default: 10 passes, 1 substep
        self.assertEqual(j['engine'], 'flotsam')
        self.assertEqual(j['vertices'], 165)  # 10 boxes, 10 regular, 10 irregular (docs/harbor-benchmark.md)
        for s in self.STAGES:
            self.assertGreaterEqual(j['stages_ms_per_step'][s], 0)
        self.assertGreater(j['buoyancy_ns_per_vertex'], 0)
        self.assertNotIn('peer', j)

    def test_buoyancy_alone(self):
        j = self.bench('--buoyancy-alone')
        alone = j['buoyancy_alone']
        self.assertEqual(alone['calls'], 21)
        self.assertGreater(alone['evict_mib'], 0)
        self.assertGreater(alone['cached_ns_per_vertex'], 0)
        self.assertGreater(alone['evicted_ns_per_vertex'], 0)
        # Timed after the run's measurements, which it leaves as they were.
        plain = self.bench()
        for f in ('below_surface', 'mean_submerged_fraction', 'vertices'):
            self.assertEqual(j[f], plain[f])
        self.assertNotIn('buoyancy_alone', plain)

    def test_usage_errors_exit_2(self):
        for args in (['--bodies', '0'], ['--bodies', '100001'], ['--steps', 'x'], ['--steps', '0'],
                     ['--repeat', '100'], ['--iterations', '0'], ['--substeps', '0'],
                     ['--substeps', '65'], ['--frob'], ['--bodies'], ['scene.scene'],
                     ['--bodies', '3', '--bodies=4'], ['--peer', '--peer']):
            r = bench(*args)
            self.assertEqual(r.returncode, 2, args)
            self.assertIn('flotsam-bench: ', r.stderr, args)
            self.assertEqual(r.stdout, '', args)

    def test_iterations(self):
        j = self.bench('--iterations', '7')
        self.check_engine(j, 7)
        self.check_engine(self.bench('--iterations', '2', '--substeps', '4'), 2, 4)
        # The count reaches the solver: once the pile touches, 1
        # and 7 iterations end in different states (3 s: the pile still
        # plunging and bobbing at 2 s).
        runs = [bench('--bodies', '30', '--steps', '180', '--iterations', k) for k in ('1', '7')]
        ends = [json.loads(r.stdout) for r in runs]
        self.assertNotEqual(ends[0]['mean_submerged_fraction'], ends[1]['mean_submerged_fraction'])

    def test_help_and_version(self):
        r = bench('--help')
        self.assertEqual(r.returncode, 0)
        for word in ('--bodies', '--steps', '--repeat', '--iterations', '--peer', '--buoyancy-alone'):
            self.assertIn(word, r.stdout)
        self.assertEqual(bench('-h').stdout, r.stdout)
        if os.path.exists('/dev/full'):
            with open('/dev/full', 'w') as full:
                r = subprocess.run([BENCH, '--help'], stdout=full, stderr=subprocess.PIPE,
                                   text=True, timeout=60)
            self.assertEqual(r.returncode, 1)
            self.assertIn('cannot write to stdout', r.stderr)
        r = bench('--version')
        self.assertEqual(r.returncode, 0)
        self.assertRegex(r.stdout, r'^flotsam-bench \d+\.\d+\.\d+\n$')

    def test_peer(self):
        if not self.bench()['chipmunk_available']:
            r = bench('--bodies', '30', '--steps', '20', '--peer')
            self.assertEqual(r.returncode, 1)
            self.assertIn('Chipmunk', r.stderr)
            self.skipTest('built without Chipmunk2D')
        j = self.bench('--peer', '--repeat', '2')
        peer = j['peer']
        self.check_engine(dict(peer, repeat=1), 10, 0)  # Chipmunk's default; no substeps
        self.assertEqual(peer['repeat'], 2)
        self.assertRegex(peer['engine'], r'^chipmunk 7\.0\.\d+$')
        self.assertEqual(peer['spatial_index'], 'bounding-box tree')
        self.assertAlmostEqual(j['ratio'], j['ms_per_step'] / peer['ms_per_step'], places=5)
        self.assertIn('Chipmunk', j['notes'])


if __name__ == '__main__':
    BENCH = os.path.abspath(sys.argv[1])
    ROOT = os.path.abspath(sys.argv[2])
    unittest.main(argv=[sys.argv[0], '-v'])
