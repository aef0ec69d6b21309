#!/usr/bin/env python3
"""End-to-end tests of the flotsam command line: exit statuses, error
positions, the state JSON contract, Archimedes on the iceberg scene, and the
determinism and sensitivity of the state hash.

usage: test_cli.py FLOTSAM_BINARY SOURCE_ROOT ANIM_PROBE_BINARY window|headless
                   VIDEO_PROBE_BINARY
"""
import csv
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

FLOTSAM = None
ROOT = None
ANIM_PROBE = None
VIDEO_PROBE = None


def flotsam(*args, stdin=None):
    return subprocess.run([FLOTSAM, *args], input=stdin, capture_output=True, text=True,
                          timeout=300)


def scene_path(name):
    return os.path.join(ROOT, 'scenes', name)


def harbour_replay_text():
    """tests/data/harbour.replay, a session recorded in the sandbox."""
    with open(os.path.join(ROOT, 'tests', 'data', 'harbour.replay'), encoding='utf-8') as f:
        return f.read()


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
        for word in ('run', 'check', '--steps', '--state-out', '--frames', '--every',
                     '--size', '--overlay'):
            self.assertIn(word, r.stdout)
        r = flotsam('--version')
        self.assertEqual(r.returncode, 0)
        self.assertRegex(r.stdout, r'^flotsam \d+\.\d+\.\d+\n$')

    def test_docs_key_card_is_the_windows(self):
        """docs/sandbox.md's key table lists the sandbox's help card (F1), row for row."""
        import re
        with open(os.path.join(ROOT, 'app', 'sandbox', 'help.c'), encoding='utf-8') as f:
            card = re.findall(r'\{"([^"]+)", "([^"]+)"\}', f.read())
        with open(os.path.join(ROOT, 'docs', 'sandbox.md'), encoding='utf-8') as f:
            text = f.read()
        table = text[text.index('| keys | what they do |'):]
        table = table[:table.index('\n\n')]
        rows = [tuple(c.strip() for c in line.strip('|').split('|'))
                for line in table.splitlines()[2:]]
        self.assertEqual(rows, card)

    def test_monkeys_keys_are_the_windows(self):
        """scripts/monkey's key table has the help card's rows, in its order."""
        r = subprocess.run([sys.executable, os.path.join(ROOT, 'scripts', 'monkey'),
                            '--check-keys'], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('matches the help card', r.stdout)

    def test_readme_is_short_and_doc_links_resolve(self):
        """README.md is at most 200 lines (details live in docs/), and every
        relative link and picture in it, in docs/ and in fuzz/README.md names
        a file that is there (and a heading of it, for a #fragment)."""
        import glob
        import re
        with open(os.path.join(ROOT, 'README.md'), encoding='utf-8') as f:
            self.assertLessEqual(len(f.read().splitlines()), 200)
        pages = [os.path.join(ROOT, 'README.md'), os.path.join(ROOT, 'fuzz', 'README.md')]
        pages += sorted(glob.glob(os.path.join(ROOT, 'docs', '*.md')))

        def headings(path):
            with open(path, encoding='utf-8') as f:
                text = re.sub(r'```.*?```', '', f.read(), flags=re.S)
            return {re.sub(r'[^\w\- ]', '', h.strip().lower()).replace(' ', '-')
                    for h in re.findall(r'^#+ (.*)$', text, re.M)}

        for page in pages:
            with open(page, encoding='utf-8') as f:
                text = re.sub(r'```.*?```', '', f.read(), flags=re.S)
            for target in re.findall(r'\]\(([^)\s]+)\)', text):
                if re.match(r'[a-z]+:', target):
                    continue
                path, _, fragment = target.partition('#')
                path = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                where = os.path.relpath(page, ROOT) + ': ' + target
                self.assertTrue(os.path.exists(path), where)
                if fragment:
                    self.assertIn(fragment, headings(path), where)

    def test_usage_errors_exit_2(self):
        for args in (['--frobnicate'], ['launch'], ['run', '--steps'], ['run', '--steps', '-3'],
                     ['run', '--steps', '12x'], ['run', '--bogus'], ['run', 'a', 'b'],
                     ['check'], ['check', '--x']):
            r = flotsam(*args)
            self.assertEqual(r.returncode, 2, args)
            self.assertIn('flotsam: ', r.stderr, args)
            self.assertEqual(r.stdout, '', args)

    def test_an_option_given_twice_is_refused(self):
        """None of the options means more for being repeated: the last would
        silently win, so a repeat is a usage error, whatever the command."""
        scene = scene_path('harbour.scene')
        here = lambda name: os.path.join(self.dir, name)
        for args, name in ((['run', scene, '--steps', '3', '--steps', '4'], '--steps'),
                           (['run', scene, '--steps=3', '--steps', '4'], '--steps'),
                           (['stability', scene, '--body', 'tall', '--body', 'wide'], '--body'),
                           (['run', scene, '--frames', here('f'), '--overwrite', '--overwrite'],
                            '--overwrite'),
                           (['replay', 'x.replay', '--state-out', '-', '--state-out=-'],
                            '--state-out'),
                           (['stability', scene, '--csv', '-', '--csv', here('b.csv')],
                            '--csv'),
                           ([scene, '--size', '100x100', '--size=200x200'], '--size')):
            r = flotsam(*args)
            self.assertEqual(r.returncode, 2, args)
            self.assertTrue(r.stderr.startswith('flotsam: %s is given twice' % name), r.stderr)
            self.assertEqual(r.stdout, '', args)
        self.assertEqual(os.listdir(self.dir), [])

    def test_every_shipped_scene_checks(self):
        names = sorted(n for n in os.listdir(os.path.join(ROOT, 'scenes')) if n.endswith('.scene'))
        self.assertGreaterEqual(len(names), 4)
        for n in names:
            r = flotsam('check', scene_path(n))
            self.assertEqual(r.returncode, 0, n + ': ' + r.stderr)
            self.assertIn(': ok (', r.stdout)

    def test_check_replays_of_many_scenes(self):
        """A replay holding 8, 9 or 64 scenes (the window writes one for each
        scene it loads) checks, then plays; its fluid input is checked
        against scene 0 however many scenes follow."""
        for n in (8, 9, 64):
            scene = ('scene lines=2\nflotsam-scene 1\n'
                     'fluid density=1000 surface=8 left=0 right=20 bottom=14\n')
            for surface, ok in ((7, True), (14, False)):
                text = ('flotsam-replay 1\n' + scene * n +
                        'at 0 fluid index=0 surface=%d\nend 1 0000000000000000\n' % surface)
                path = self.write('many-%d.replay' % n, text)
                r = flotsam('check', path)
                if ok:
                    self.assertEqual(r.returncode, 0, r.stderr)
                    self.assertIn('ok (a replay of 1 step: %d scenes' % n, r.stdout)
                else:
                    self.assertEqual(r.returncode, 2, r.stderr)
                    self.assertEqual(r.stderr, "%s:%d:28: surface must be less than fluid 0's "
                                     "bottom (14)\n" % (path, 2 + 3 * n))

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
        # After 60 s the summary shows each body floating at its relative
        # density (crate 500, log 650, raft 300 kg/m^2 in water of 1000).
        r = flotsam('run', '--steps', '3600')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('3600 steps, 60.000 s simulated, hash ', r.stdout)
        rows = {}
        for line in r.stdout.splitlines()[2:]:
            cols = line.split()
            rows[cols[0]] = float(cols[-1].rstrip('%'))
        self.assertEqual(sorted(rows), ['crate', 'log', 'raft'])
        for name, q in (('crate', 50.0), ('log', 65.0), ('raft', 30.0)):
            self.assertAlmostEqual(rows[name], q, delta=0.01 * q, msg=name)

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

    def test_archimedes_level_rises_by_what_is_displaced(self):
        # The closed tank keeps its 8 m^2 of water: the floating block takes
        # 0.5 m^2, the sunk iron its 1 m^2, so the level rises 1.5 / 4 =
        # 0.375 m and the block floats half under it, its centre at 7.625.
        state = run_state(scene_path('archimedes.scene'), 7200)
        by = {b['name']: b for b in state['bodies']}
        self.assertAlmostEqual(by['wood']['submerged_area'], 0.5, delta=1e-9)
        self.assertAlmostEqual(by['iron']['submerged_area'], 1.0, delta=1e-12)
        self.assertAlmostEqual(by['wood']['y'], 7.625, delta=1e-9)

    def test_logs_float_at_their_density(self):
        state = run_state(scene_path('logs.scene'), 1800)
        for b in state['bodies']:
            if b['static']:
                continue
            frac = b['submerged_area'] / b['area']
            q = {'balsa': 0.15, 'cedar': 0.35, 'pine': 0.55, 'oak': 0.75, 'teak': 0.9}[b['name']]
            self.assertAlmostEqual(frac, q, delta=0.01 * q, msg=b['name'])


def fluid_region(path):
    """(left, right, bottom) of the first fluid statement of a scene file."""
    import re
    with open(path) as f:
        text = f.read()
    line = re.search(r'^fluid .*$', text, re.M).group(0)
    get = lambda k: float(re.search(r'\b%s=([-0-9.e]+)' % k, line).group(1))
    return get('left'), get('right'), get('bottom')


class ContactScenes(unittest.TestCase):
    """Thirty seconds of every scene with contacts: nothing becomes NaN,
    nothing leaves the tank, and two runs agree bit for bit."""
    SCENES = ('barge.scene', 'raft.scene', 'buoy.scene', 'boat.scene', 'debris.scene')

    def test_thirty_seconds_in_the_tank(self):
        for name in self.SCENES:
            path = scene_path(name)
            a = run_state(path, 1800)
            b = run_state(path, 1800)
            self.assertEqual(a['hash'], b['hash'], name)
            left, right, bottom = fluid_region(path)
            for body in a['bodies']:
                if body['static']:
                    continue
                for k in ('x', 'y', 'angle', 'vx', 'vy', 'spin'):
                    self.assertIsNotNone(body[k], '%s: body %d %s' % (name, body['index'], k))
                self.assertTrue(left <= body['x'] <= right and body['y'] <= bottom,
                                '%s: body %d left the tank at %r' % (name, body['index'],
                                                                    (body['x'], body['y'])))

    def test_laden_barge_draft(self):
        # Barge 8 x 1 of 300 kg/m^2, ten 0.8 m crates of 400: 4960 kg over
        # 8 m of water line at 1000 kg/m^2 is a draft of 0.62 m.
        state = run_state(scene_path('barge.scene'), 1800)
        barge = [b for b in state['bodies'] if b['name'] == 'barge'][0]
        draft = barge['y'] + 0.5 - 8.0
        self.assertAlmostEqual(draft, (8 * 300 + 10 * 0.64 * 400) / (1000 * 8), delta=0.02 * 0.62)

    def test_cargo_stays_in_the_boat(self):
        state = run_state(scene_path('boat.scene'), 1800)
        by_name = {b['name']: b for b in state['bodies']}
        boat = by_name['boat']
        for crate in ('crate-1', 'crate-2'):
            # Within the walls (inner width 3.5 m at the floor), above the keel.
            self.assertLess(abs(by_name[crate]['x'] - boat['x']), 1.75)
            self.assertLess(by_name[crate]['y'], boat['y'] + 0.3)


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


def read_png(path):
    """Checks a PNG's structure (signature, chunk CRCs, IHDR, the pixel data's
    length once inflated) and returns (width, height, colour type)."""
    import struct
    import zlib
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise AssertionError(path + ': not a PNG signature')
    pos, chunks, idat = 8, [], b''
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(kind + body) != crc or len(body) != length:
            raise AssertionError('%s: bad %r chunk' % (path, kind))
        chunks.append(kind)
        if kind == b'IHDR':
            width, height, depth, ctype = struct.unpack('>IIBB', body[:10])
        if kind == b'IDAT':
            idat += body
        pos += 12 + length
    if chunks[0] != b'IHDR' or chunks[-1] != b'IEND' or depth != 8 or ctype not in (2, 6):
        raise AssertionError('%s: unexpected chunks %r' % (path, chunks))
    channels = 3 if ctype == 2 else 4
    if len(zlib.decompress(idat)) != height * (1 + width * channels):
        raise AssertionError(path + ': pixel data of the wrong size')
    return width, height, ctype


class FrameCapture(Workdir):
    """run --frames: PNG frames, their schedule and size, and the errors."""
    SCENE = '\n'.join([
        'flotsam-scene 1',
        'world rate=60',
        'fluid name=water density=1000 surface=8 left=0 right=20 bottom=14',
        'box name=crate at=5,7 size=1,1 density=500 angle=10deg color=#c8873a',
        'ngon at=12,7 sides=7 radius=0.6 density=700', ''])

    def frames(self, *args, env=None):
        scene = self.write('s.scene', self.SCENE)
        return subprocess.run([FLOTSAM, 'run', scene, *args], capture_output=True, text=True,
                              timeout=300, env=env)

    def test_frames_every_k_steps(self):
        out = os.path.join(self.dir, 'out')
        env = {k: v for k, v in os.environ.items() if k not in ('DISPLAY', 'WAYLAND_DISPLAY')}
        env['SDL_VIDEODRIVER'] = 'nonexistent'  # capturing needs no display at all
        r = self.frames('--steps', '10', '--every', '5', '--frames', out, '--size', '64x48',
                        env=env)
        self.assertEqual(r.returncode, 0, r.stderr)
        names = sorted(os.listdir(out))
        self.assertEqual(names, ['frame-000001.png', 'frame-000002.png', 'frame-000003.png'])
        for n in names:
            self.assertEqual(read_png(os.path.join(out, n))[:2], (64, 48), n)

    def test_default_interval_is_30_frames_a_second(self):
        out = os.path.join(self.dir, 'out')
        r = self.frames('--steps', '7', '--frames', out, '--size', '32x32')
        self.assertEqual(r.returncode, 0, r.stderr)
        # At 60 Hz: every 2 steps, so steps 0, 2, 4, 6.
        self.assertEqual(len(os.listdir(out)), 4)
        self.assertEqual(read_png(os.path.join(out, 'frame-000004.png'))[:2], (32, 32))

    def test_frames_are_deterministic_and_leave_the_run_alone(self):
        a, b = os.path.join(self.dir, 'a'), os.path.join(self.dir, 'b')
        ra = self.frames('--steps', '30', '--every', '30', '--frames', a, '--size', '96x54',
                         '--overlay', 'all', '--state-out', '-')
        rb = self.frames('--steps', '30', '--every', '30', '--frames', b, '--size', '96x54',
                         '--overlay', 'all')
        plain = self.frames('--steps', '30', '--state-out', '-')
        self.assertEqual(ra.returncode, 0, ra.stderr)
        self.assertEqual(rb.returncode, 0, rb.stderr)
        for n in ('frame-000001.png', 'frame-000002.png'):
            with open(os.path.join(a, n), 'rb') as fa, open(os.path.join(b, n), 'rb') as fb:
                self.assertEqual(fa.read(), fb.read(), n)
        self.assertEqual(json.loads(ra.stdout)['hash'], json.loads(plain.stdout)['hash'])

    def test_unwritable_folder_exits_1_and_creates_nothing(self):
        blocker = self.write('blocker', 'a regular file\n')
        for target in (os.path.join(blocker, 'frames'),        # its parent is a file
                       blocker,                                  # it is a file
                       os.path.join(self.dir, 'no', 'such')):   # its parent is missing
            r = self.frames('--steps', '5', '--frames', target, '--size', '32x32')
            self.assertEqual(r.returncode, 1, target)
            self.assertIn('flotsam: cannot', r.stderr)
            self.assertIn(target, r.stderr)
            self.assertEqual(r.stdout, '', target)  # no simulation ran
            self.assertEqual(sorted(os.listdir(self.dir)), ['blocker', 's.scene'], target)

    def test_bad_frame_options_exit_2(self):
        out = os.path.join(self.dir, 'out')
        for args in (['--size', '15x48'], ['--size', '64'], ['--size', '64x48x'],
                     ['--size', '9000x100'], ['--size', 'x'], ['--size', '-64x48'],
                     ['--size', '64x+48'], ['--every', '0'], ['--every', '-2'],
                     ['--every', 'x'], ['--overlay', 'com,sails'], ['--every']):
            r = self.frames('--frames', out, *args)
            self.assertEqual(r.returncode, 2, args)
            self.assertIn('flotsam: ', r.stderr, args)
            self.assertFalse(os.path.exists(out), args)
        for args in (['--every', '3'], ['--size', '64x48'], ['--overlay', 'hud'],
                     ['--every', '3', '--steps', '5']):
            r = self.frames(*args)  # without --frames
            self.assertEqual(r.returncode, 2, args)
            self.assertIn('--frames', r.stderr, args)

    def test_existing_folder_is_reused(self):
        out = os.path.join(self.dir, 'out')
        os.mkdir(out)
        r = self.frames('--steps', '2', '--every', '2', '--frames', out, '--size', '16x16')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(sorted(os.listdir(out)), ['frame-000001.png', 'frame-000002.png'])

    def test_folder_with_old_frames_is_refused_unless_overwrite(self):
        out = os.path.join(self.dir, 'out')
        r = self.frames('--steps', '8', '--every', '2', '--frames', out, '--size', '16x16')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.write(os.path.join('out', 'notes.txt'), 'mine\n')
        r = self.frames('--steps', '2', '--every', '2', '--frames', out, '--size', '16x16')
        self.assertEqual(r.returncode, 2)
        self.assertIn("already holds 5 frames", r.stderr)
        self.assertIn('--overwrite', r.stderr)
        self.assertEqual(r.stdout, '')
        self.assertEqual(len(os.listdir(out)), 6)  # untouched
        r = self.frames('--steps', '2', '--every', '2', '--frames', out, '--size', '16x16',
                        '--overwrite')
        self.assertEqual(r.returncode, 0, r.stderr)
        # The old run's frames are gone, the new run's are there, the rest is kept.
        self.assertEqual(sorted(os.listdir(out)),
                         ['frame-000001.png', 'frame-000002.png', 'notes.txt'])


class Snapshot(Workdir):
    """run --snapshot: one picture as PNG, SVG or PDF."""
    SCENE = '\n'.join([
        'flotsam-scene 1',
        'fluid name=water density=1000 surface=8 left=0 right=20 bottom=14',
        'box name=red at=4,7 size=1,1 density=500 color=#ff0000',
        'box name=green at=10,7 size=1,1 density=500 color=#00ff00',
        'ngon name=blue at=16,7 sides=6 radius=0.6 density=500 color=#0000ff', ''])

    def snap(self, name, *args):
        scene = self.write('s.scene', self.SCENE)
        out = os.path.join(self.dir, name)
        r = flotsam('run', scene, '--steps', '20', '--snapshot', out, '--size', '320x180', *args)
        self.assertEqual(r.returncode, 0, r.stderr)
        return out

    def test_png_is_the_frame_at_that_step(self):
        out = self.snap('s.png', '--at', '10', '--frames', os.path.join(self.dir, 'f'),
                        '--every', '5', '--overlay', 'all')
        with open(out, 'rb') as a, open(os.path.join(self.dir, 'f', 'frame-000003.png'), 'rb') as b:
            self.assertEqual(a.read(), b.read())

    def test_svg_has_a_path_for_each_body(self):
        import xml.etree.ElementTree as ET
        root = ET.parse(self.snap('s.svg')).getroot()
        self.assertTrue(root.tag.endswith('svg'))
        self.assertEqual((root.get('width'), root.get('height')), ('320pt', '180pt'))
        paths = [e for e in root.iter() if e.tag.endswith('path')]
        for color in ('rgb(100%,0%,0%)', 'rgb(0%,100%,0%)', 'rgb(0%,0%,100%)'):
            filled = [p for p in paths if 'fill:' + color in (p.get('style') or '')]
            self.assertEqual(len(filled), 1, color)

    def test_pdf_is_one_page_of_the_size(self):
        out = self.snap('s.pdf')
        with open(out, 'rb') as f:
            data = f.read()
        self.assertTrue(data.startswith(b'%PDF-'))
        self.assertIn(b'%%EOF', data[-32:])
        self.assertIsNotNone(shutil.which('pdfinfo'), 'pdfinfo (poppler-utils) is missing: '
                             'scripts/setup installs it')
        info = subprocess.run(['pdfinfo', out], capture_output=True, text=True).stdout
        self.assertRegex(info, r'Pages:\s+1\n')
        self.assertRegex(info, r'Page size:\s+320 x 180 pts')

    def test_unwritable_snapshot_fails_before_the_run(self):
        r = flotsam('run', '--steps', '600', '--snapshot', os.path.join(self.dir, 'no', 's.svg'))
        self.assertEqual(r.returncode, 1)
        self.assertIn("cannot write", r.stderr)
        self.assertEqual(r.stdout, '')  # no summary: nothing was simulated

    def test_names_that_are_not_utf8(self):
        scene = os.path.join(self.dir.encode(), b'd\xe9p\xf4t.scene')  # Latin-1
        with open(scene, 'w', encoding='utf-8') as f:
            f.write(self.SCENE)
        out = os.path.join(self.dir, 's.png')
        r = subprocess.run([FLOTSAM.encode(), b'run', scene, b'--steps', b'5', b'--snapshot',
                            out.encode(), b'--size', b'320x180'], capture_output=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(read_png(out)[:2], (320, 180))

    def test_bad_snapshot_options_exit_2(self):
        for args in (['--snapshot', 'x.jpg'], ['--snapshot'], ['--at', '5'],
                     ['--snapshot', 'x.png', '--every', '3'], ['--snapshot', 'x.png', '--from', '5'],
                     ['--snapshot', 'x.png', '--at', '700'], ['--snapshot', 'x.png', '--at', 'x']):
            r = flotsam('run', '--steps', '600', *args)
            self.assertEqual(r.returncode, 2, args)
            self.assertIn('flotsam: ', r.stderr, args)


def probe(path, frame=None, png=None, binary=None):
    """What the formats' own decoders (tests/anim_probe.c; for videos,
    tests/video_probe.c) find in an animation, and how far frame `frame` is
    from the picture in `png`."""
    args = [binary or ANIM_PROBE, path] + (['--diff', str(frame), png] if frame else [])
    r = subprocess.run(args, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise AssertionError('%s %s failed: %s' % (args[0], path, r.stderr))
    return json.loads(r.stdout)


class Animation(Workdir):
    """run --animation: GIF and WebP, decoded by giflib and libwebp."""

    def animate(self, name, *args):
        out = os.path.join(self.dir, name)
        r = flotsam('run', scene_path('waves.scene'), '--animation', out, *args)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(sorted(os.listdir(self.dir)), [name])  # no temporary left
        return out, probe(out)

    def test_waves_in_real_time(self):
        # One frame every 2 steps of 1/60 s: 30 a second, in whole units of
        # each format (GIF: hundredths, WebP: milliseconds) that add up to
        # the real time.
        for name, bound, delays in (('w.gif', 3 << 20, {30, 40}), ('w.webp', 1 << 20, {33, 34})):
            out, p = self.animate(name, '--steps', '300', '--size', '480x270')
            self.assertEqual((p['frames'], p['width'], p['height']), (151, 480, 270), name)
            self.assertEqual(set(p['delays_ms']), delays, name)
            self.assertAlmostEqual(sum(p['delays_ms']), 151 / 30 * 1000, delta=10)
            self.assertLess(os.path.getsize(out), bound, name)
            os.remove(out)

    def test_fps_and_from(self):
        out, p = self.animate('a.webp', '--steps', '300', '--from', '200', '--size', '96x54',
                              '--fps', '10')
        self.assertEqual(p['frames'], 51)            # steps 200, 202, ..., 300
        self.assertEqual(set(p['delays_ms']), {100})
        os.remove(out)
        out, p = self.animate('a.gif', '--steps', '20', '--every', '5', '--size', '64x48')
        self.assertEqual(p['frames'], 5)
        self.assertEqual(set(p['delays_ms']), {80, 90})  # 12 a second, in hundredths
        self.assertAlmostEqual(sum(p['delays_ms']), 5 * 5 / 60 * 1000, delta=10)

    def test_the_first_frame_is_the_picture(self):
        frames = os.path.join(self.dir, 'f')
        r = flotsam('run', scene_path('waves.scene'), '--steps', '4', '--size', '96x54',
                    '--frames', frames)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(len(os.listdir(frames)), 3)
        for name in ('a.webp', 'a.gif'):
            out = os.path.join(self.dir, name)
            r = flotsam('run', scene_path('waves.scene'), '--steps', '4', '--size', '96x54',
                        '--animation', out)
            self.assertEqual(r.returncode, 0, r.stderr)
            for k in (1, 3):
                p = probe(out, k, os.path.join(frames, 'frame-%06d.png' % k))
                self.assertEqual(p['frames'], 3)
                # Lossy (WebP at quality 80) or 255 dithered colours (GIF),
                # but close: a few levels of 255 on average (2.4 and 3.4
                # on this tiny picture; big ones do better).
                self.assertLess(p['mean_diff'], 6.0, (name, k))

    def test_bad_animation_options_exit_2(self):
        for args in (['--animation', 'x.avi'], ['--animation'], ['--fps', '10'],
                     ['--animation', 'x.gif', '--fps', '0'], ['--animation', 'x.gif', '--fps', 'x'],
                     ['--animation', 'x.gif', '--from', '700'], ['--overwrite']):
            r = flotsam('run', '--steps', '600', *args)
            self.assertEqual(r.returncode, 2, args)
            self.assertIn('flotsam: ', r.stderr, args)
            self.assertFalse(os.path.exists('x.gif'), args)

    def test_unwritable_animation_exits_1_before_the_run(self):
        for name in ('a.gif', 'a.webp'):
            r = flotsam('run', '--steps', '2', '--animation', os.path.join(self.dir, 'no', name))
            self.assertEqual(r.returncode, 1, name)
            self.assertIn("cannot write", r.stderr, name)
            self.assertEqual(r.stdout, '', name)

    def test_faster_than_the_format_plays_is_refused(self):
        scene = self.write('fast.scene', 'flotsam-scene 1\nworld rate=240\n'
                           'fluid density=1000 surface=8 left=0 right=20 bottom=14\n')
        r = flotsam('run', scene, '--steps', '4', '--every', '1', '--animation',
                    os.path.join(self.dir, 'a.gif'))
        self.assertEqual(r.returncode, 2)
        self.assertIn('240 frames a second', r.stderr)
        r = flotsam('run', scene, '--steps', '4', '--every', '1', '--fps', '25', '--animation',
                    os.path.join(self.dir, 'a.gif'))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(set(probe(os.path.join(self.dir, 'a.gif'))['delays_ms']), {40})

    def test_overwrite_keeps_old_frames_when_the_run_cannot_start(self):
        frames = os.path.join(self.dir, 'f')
        r = flotsam('run', '--steps', '4', '--frames', frames, '--size', '16x16')
        self.assertEqual(r.returncode, 0, r.stderr)
        r = flotsam('run', '--steps', '4', '--frames', frames, '--size', '16x16', '--overwrite',
                    '--animation', os.path.join(self.dir, 'no', 'a.gif'))
        self.assertEqual(r.returncode, 1)
        self.assertEqual(len(os.listdir(frames)), 3)  # the old frames are still there



def video_probe(path, frame=None, png=None):
    return probe(path, frame, png, VIDEO_PROBE)


class Video(Workdir):
    """run --animation FILE.mp4|.webm and --video: H.264 and VP9, decoded
    again by libavcodec."""

    def clip(self, name, *args, option='--animation', steps='60'):
        out = os.path.join(self.dir, name)
        r = flotsam('run', scene_path('waves.scene'), '--steps', steps, option, out, *args)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, '')  # the encoders' own reports stay quiet
        self.assertNotIn('.part', ' '.join(os.listdir(self.dir)))
        return out

    def assert_plays(self, p, codec, frames, w, h, fps):
        self.assertEqual((p['codec'], p['frames'], p['width'], p['height']),
                         (codec, frames, w, h))
        self.assertAlmostEqual(p['fps'], fps, places=3)
        for length in (p['duration'], p['end']):
            self.assertAlmostEqual(length, frames / fps, delta=1 / fps)

    def test_one_clip_in_every_format(self):
        # One frame every 2 steps of 1/60 s: 31 frames at 30 a second.
        sizes = {}
        for ext in ('gif', 'webp', 'mp4', 'webm'):
            out = self.clip('w.' + ext, '--size', '480x270')
            sizes[ext] = os.path.getsize(out)
        self.assert_plays(video_probe(os.path.join(self.dir, 'w.mp4')), 'h264', 31, 480, 270, 30)
        self.assert_plays(video_probe(os.path.join(self.dir, 'w.webm')), 'vp9', 31, 480, 270, 30)
        self.assertLess(sizes['mp4'], sizes['gif'], sizes)

    def test_the_first_frame_is_the_picture(self):
        frames = os.path.join(self.dir, 'f')
        r = flotsam('run', scene_path('waves.scene'), '--steps', '4', '--size', '96x54',
                    '--frames', frames)
        self.assertEqual(r.returncode, 0, r.stderr)
        for name in ('a.mp4', 'a.webm'):
            out = self.clip(name, '--size', '96x54', steps='4')
            for k in (1, 3):
                p = video_probe(out, k, os.path.join(frames, 'frame-%06d.png' % k))
                # Lossy and 4:2:0 (colour at half resolution), but close: 2
                # to 3 levels of 255 on average on this tiny picture.
                self.assertLess(p['mean_diff'], 6.0, (name, k))

    def test_odd_sizes_lose_a_column_and_a_row(self):
        out = self.clip('odd.mp4', '--size', '97x55', steps='4')
        self.assert_plays(video_probe(out), 'h264', 3, 96, 54, 30)

    def test_video_option_fps_and_any_case(self):
        out = self.clip('CLIP.WEBM', '--size', '64x48', '--fps', '12.5', option='--video')
        self.assert_plays(video_probe(out), 'vp9', 31, 64, 48, 12.5)
        out = self.clip('clip.Mp4', '--size', '64x48', '--every', '3', '--fps', '7',
                        option='--video')
        self.assert_plays(video_probe(out), 'h264', 21, 64, 48, 7)

    def test_a_replay_as_video(self):
        path = os.path.join(ROOT, 'tests', 'data', 'harbour.replay')
        out = os.path.join(self.dir, 'r.mp4')
        r = flotsam('replay', path, '--video', out, '--size', '160x90')
        self.assertEqual(r.returncode, 0, r.stderr)
        steps = int(harbour_replay_text().strip().splitlines()[-1].split()[1])
        self.assert_plays(video_probe(out), 'h264', steps // 2 + 1, 160, 90, 30)

    def test_bad_video_options_exit_2(self):
        for args, said in ((['--video', 'x.gif'], '--video writes .mp4 or .webm'),
                           (['--video', 'x.mkv'], '--video writes .mp4 or .webm'),
                           (['--animation', 'x.mkv'], '.gif, .webp, .mp4 or .webm'),
                           (['--video'], '--video needs a file name'),
                           (['--video', 'x.mp4', '--animation', 'y.gif'], 'give one')):
            r = flotsam('run', '--steps', '60', *args)
            self.assertEqual(r.returncode, 2, args)
            self.assertIn(said, r.stderr, args)
            self.assertFalse(os.path.exists('x.mp4'), args)

    def test_unwritable_video_exits_1_and_leaves_nothing(self):
        for name in ('a.mp4', 'a.webm'):
            r = flotsam('run', '--steps', '2', '--video', os.path.join(self.dir, 'no', name))
            self.assertEqual(r.returncode, 1, name)
            self.assertIn("cannot write '%s'" % os.path.join(self.dir, 'no', name), r.stderr)
            self.assertEqual(r.stdout, '', name)
        os.chmod(self.dir, 0o500)
        try:
            r = flotsam('run', '--steps', '2', '--video', os.path.join(self.dir, 'a.mp4'))
        finally:
            os.chmod(self.dir, 0o700)
        if os.geteuid() != 0:  # root writes anywhere
            self.assertEqual(r.returncode, 1, r.stderr)
            self.assertIn('cannot write', r.stderr)
        self.assertEqual(os.listdir(self.dir), [] if r.returncode else ['a.mp4'])


class Scripted(Workdir):
    """Timed events in a scene: checked, run at their step, refused when
    they cannot apply."""

    SCENE = '\n'.join([
        'flotsam-scene 1',
        'fluid name=water density=1000 surface=8 left=0 right=20 bottom=14',
        'box name=floor at=10,14.5 size=22,1 static',
        'box name=crate at=5,7.7 size=1,1 density=600',
        'at step=30 spawn box name=drop at=12,4 size=1,1 density=300',
        'at t=1s push crate impulse=0,-3000', ''])

    def test_check_counts_the_events(self):
        r = flotsam('check', self.write('s.scene', self.SCENE))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('(1 fluid, 2 bodies, 0 ropes, 2 timed events)', r.stdout)

    def test_events_happen_in_run(self):
        path = self.write('s.scene', self.SCENE)
        names = [b['name'] for b in json.loads(flotsam('run', path, '--steps', '30',
                                                       '--state-out', '-').stdout)['bodies']]
        self.assertNotIn('drop', names)  # step=30 comes after 30 steps, before the 31st
        state = json.loads(flotsam('run', path, '--steps', '31', '--state-out', '-').stdout)
        self.assertIn('drop', [b['name'] for b in state['bodies']])
        before = json.loads(flotsam('run', path, '--steps', '60', '--state-out', '-').stdout)
        after = json.loads(flotsam('run', path, '--steps', '61', '--state-out', '-').stdout)
        crate = [b for b in after['bodies'] if b['name'] == 'crate'][0]
        was = [b for b in before['bodies'] if b['name'] == 'crate'][0]
        # 3000 N s up on 600 kg: 5 m/s, less a step of what drags and weighs.
        self.assertLess(crate['vy'] - was['vy'], -4.5)

    def test_an_event_that_cannot_apply_exits_2(self):
        path = self.write('s.scene', self.SCENE + 'at step=40 remove drop\nat step=41 remove drop\n')
        r = flotsam('run', path, '--steps', '100')
        self.assertEqual(r.returncode, 2)
        self.assertIn('s.scene:8:1: at step 41: nothing to remove: no body \'drop\'', r.stderr)

    def test_bad_event_is_reported_by_check(self):
        r = flotsam('check', self.write('s.scene', self.SCENE + 'at t=2s push ghost impulse=1,1\n'))
        self.assertEqual(r.returncode, 2)
        self.assertIn('s.scene:7:14: unknown body \'ghost\'', r.stderr)

class Trace(Workdir):
    """--trace FILE.csv: every body at every K-th step, step 0 included."""

    def read(self, path):
        import csv
        with open(path, newline='', encoding='utf-8') as f:
            return list(csv.DictReader(f))

    def test_iceberg_trace(self):
        out = os.path.join(self.dir, 't.csv')
        r = flotsam('run', scene_path('iceberg.scene'), '--steps', '1800', '--trace', out,
                    '--every', '60')
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = self.read(out)
        self.assertEqual(len(rows), 31)  # steps 0, 60, ..., 1800; one body
        self.assertEqual(rows[0]['step'], '0')
        self.assertEqual(rows[-1]['step'], '1800')
        self.assertAlmostEqual(float(rows[-1]['submerged_fraction']), 0.9, delta=0.002)
        self.assertEqual(sorted(os.listdir(self.dir)), ['t.csv'])  # no .part left

    def test_trace_matches_the_state(self):
        out = os.path.join(self.dir, 't.csv')
        r = flotsam('run', scene_path('barge.scene'), '--steps', '90', '--trace', out,
                    '--every', '30', '--state-out', '-')
        self.assertEqual(r.returncode, 0, r.stderr)
        state = json.loads(r.stdout)
        rows = self.read(out)
        with open(out, encoding='utf-8') as f:
            self.assertTrue(f.readline().startswith(
                'step,time,body,name,x,y,angle,vx,vy,spin,submerged_fraction,'))
        moving = [b for b in state['bodies'] if not b['static']]
        self.assertEqual(len(rows), 4 * len(moving))  # steps 0, 30, 60, 90
        last = [row for row in rows if row['step'] == '90']
        for b, row in zip(moving, last):
            self.assertEqual(int(row['body']), b['index'])
            for key in ('x', 'y', 'angle', 'vx', 'vy', 'spin'):
                self.assertEqual(float(row[key]), b[key], key)
            self.assertAlmostEqual(float(row['submerged_fraction']),
                                   b['submerged_area'] / b['area'], places=12)

    def test_plot_of_the_iceberg(self):
        from test_sandbox import read_png_rgb
        out = os.path.join(self.dir, 'p.png')
        r = flotsam('run', scene_path('iceberg.scene'), '--steps', '600', '--plot', out,
                    '--quantity', 'submerged', '--body', 'iceberg', '--every', '10')
        self.assertEqual(r.returncode, 0, r.stderr)
        w, h, rows = read_png_rgb(out)
        self.assertEqual((w, h), (960, 540))
        # The axes (dark, 1.5 units of 1.8 px) along the left at x = 126 and
        # the bottom at y = 459; the page white around them; the series blue.
        self.assertLess(max(rows[300][126]), 80)
        self.assertLess(max(rows[459][500]), 80)
        self.assertEqual(rows[520][900], (255, 255, 255))
        blue = sum(1 for row in rows for p in row if p[2] > 150 and p[0] < 90)
        self.assertGreater(blue, 500)
        svg = os.path.join(self.dir, 'p.svg')
        r = flotsam('run', scene_path('capsize.scene'), '--steps', '60', '--plot', svg,
                    '--quantity', 'heel', '--body', 'tall')
        self.assertEqual(r.returncode, 0, r.stderr)
        import xml.dom.minidom
        self.assertTrue(xml.dom.minidom.parse(svg).getElementsByTagName('path'))
        for args in (['--plot', out], ['--quantity', 'heel'], ['--plot', 'x.pdf', '--quantity', 'heel'],
                     ['--plot', out, '--quantity', 'speed']):
            r = flotsam('run', scene_path('capsize.scene'), '--steps', '5', *args)
            self.assertEqual(r.returncode, 2, args)
        r = flotsam('run', scene_path('capsize.scene'), '--steps', '5', '--plot', out,
                    '--quantity', 'heel', '--body', 'ghost')
        self.assertEqual(r.returncode, 2)
        self.assertIn("no body named 'ghost'", r.stderr)

    def test_plot_of_several_bodies_and_quantities(self):
        """--body and --quantity may be given several times: a panel per
        quantity, a line per body (tall's blue, wide's orange); as .csv, a
        column for each, a row for each sample."""
        from test_sandbox import read_png_rgb
        out = os.path.join(self.dir, 'two.png')
        both = ['--quantity', 'heel', '--quantity', 'draft', '--body', 'tall', '--body', 'wide']
        r = flotsam('run', scene_path('capsize.scene'), '--steps', '600', '--plot', out, *both)
        self.assertEqual(r.returncode, 0, r.stderr)
        w, h, rows = read_png_rgb(out)
        self.assertEqual((w, h), (960, 740))  # two panels

        def count(test, y0, y1):
            return sum(1 for row in rows[y0:y1] for p in row if test(p))
        blue = lambda p: p[2] > 150 and p[0] < 90 and p[1] < 160
        orange = lambda p: p[0] > 190 and 60 < p[1] < 120 and p[2] < 60
        for top, bottom in ((40, 360), (370, 690)):  # each panel holds both lines
            self.assertGreater(count(blue, top, bottom), 300)
            self.assertGreater(count(orange, top, bottom), 300)
        csv_path = os.path.join(self.dir, 'two.csv')
        r = flotsam('run', scene_path('capsize.scene'), '--steps', '600', '--plot', csv_path,
                    '--every', '10', *both)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(csv_path, encoding='utf-8') as f:
            table = list(csv.reader(f))
        self.assertEqual(table[0], ['time (s)', 'tall heel (deg)', 'wide heel (deg)',
                                    'tall draft (m)', 'wide draft (m)'])
        self.assertEqual(len(table), 1 + 61)  # steps 0, 10, ... 600
        self.assertEqual(float(table[1][1]), 8.0)  # both start heeled 8 degrees
        self.assertAlmostEqual(float(table[-1][0]), 10.0, places=9)
        r = flotsam('stability', scene_path('capsize.scene'), '--body', 'wide', '--plot',
                    os.path.join(self.dir, 'gz.png'))
        self.assertEqual(r.returncode, 0, r.stderr)
        _, _, rows = read_png_rgb(os.path.join(self.dir, 'gz.png'))
        # The largest arm and the vanishing angle marked in orange; GM's
        # tangent and its rise in grey.
        self.assertGreater(count(orange, 0, 540), 60)
        grey = lambda p: 95 < p[0] < 120 and 110 < p[1] < 130 and 120 < p[2] < 140
        self.assertGreater(count(grey, 0, 540), 150)

    def test_replay_trace_and_bad_trace(self):
        out = os.path.join(self.dir, 'r.csv')
        r = flotsam('replay', os.path.join(ROOT, 'tests', 'data', 'harbour.replay'),
                    '--trace', out)
        self.assertEqual(r.returncode, 0, r.stderr)
        steps = {row['step'] for row in self.read(out)}
        self.assertEqual(len(steps), 329)  # every step, 0 to 328
        r = flotsam('run', '--steps', '5', '--trace', os.path.join(self.dir, 'no', 't.csv'))
        self.assertEqual(r.returncode, 1)
        self.assertIn("cannot write", r.stderr)

class Hydrostatics(Workdir):
    """flotsam hydrostatics: curves of form against their closed forms."""

    SCENE = ('flotsam-scene 1\n'
             'fluid name=water density=1025 surface=0 left=-50 right=50 bottom=20\n'
             'box name=barge at=0,0 size=4,2 density=512.5\n'
             'polygon name=vee at=10,0 density=300 points=[-1,-1 1,-1 0,1]\n')

    def table(self, body, *args):
        import csv
        scene = self.write('h.scene', self.SCENE)
        out = os.path.join(self.dir, body + '.csv')
        r = flotsam('hydrostatics', scene, '--body', body, '--csv', out, *args)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out, newline='', encoding='utf-8') as f:
            return r.stdout, [{k: float(v) for k, v in row.items()} for row in csv.DictReader(f)]

    def test_box_barge(self):
        """A 4 x 2 box: at draft T, area 4T, KB = T/2, BM = B^2 / 12T, the
        waterline 4 m, 1025 x 4 x 0.01 kg per cm; its own draft is 1 m."""
        out, rows = self.table('barge', '--drafts', '16')
        self.assertEqual(len(rows), 16)
        for r in rows:
            t = r['draft_m']
            for key, want in (('area_m2', 4 * t), ('mass_kg_per_m', 1025 * 4 * t), ('kb_m', t / 2),
                              ('bm_m', 16 / (12 * t)), ('km_m', t / 2 + 16 / (12 * t)),
                              ('gm_m', t / 2 + 16 / (12 * t) - 1), ('breadth_m', 4.0),
                              ('kg_per_cm', 41.0)):
                self.assertAlmostEqual(r[key], want, delta=1e-9 * max(1.0, abs(want)), msg=key)
        self.assertAlmostEqual(rows[-1]['draft_m'], 2.0, delta=1e-12)
        own = re.search(r'at its own displacement:\n\s+([0-9.]+)', out)
        self.assertAlmostEqual(float(own.group(1)), 1.0, delta=1e-4)

    def test_vee_section(self):
        """A triangle, apex down, 2 wide at its top, 2 deep (tan a = 1/2):
        breadth T, area T^2 / 2, KB = 2T/3, BM = T / 6."""
        _, rows = self.table('vee')
        self.assertEqual(len(rows), 20)
        for r in rows:
            t = r['draft_m']
            self.assertAlmostEqual(r['breadth_m'], t, delta=1e-9)
            self.assertAlmostEqual(r['area_m2'], t * t / 2, delta=1e-9)
            self.assertAlmostEqual(r['kb_m'], 2 * t / 3, delta=1e-9)
            self.assertAlmostEqual(r['bm_m'], t / 6, delta=1e-9)

    def test_plot_help_and_refusals(self):
        scene = self.write('h.scene', self.SCENE)
        png = os.path.join(self.dir, 'form.png')
        r = flotsam('hydrostatics', scene, '--plot', png)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(read_png(png)[:2], (960, 1080))
        self.assertIn('hydrostatics SCENE', flotsam('help', 'hydrostatics').stdout)
        for args in (['--drafts', '0'], ['--body', 'nobody'], ['--bogus'], ['--plot', 'f.jpg']):
            r = flotsam('hydrostatics', scene, *args)
            self.assertEqual(r.returncode, 2, args)
            self.assertEqual(r.stdout, '')
        dry = self.write('dry.scene', 'flotsam-scene 1\nbox name=b at=0,0 size=1,1 density=5\n')
        self.assertEqual(flotsam('hydrostatics', dry).returncode, 2)


class Stability(Workdir):
    """flotsam stability: the curve of statical stability of one body."""

    SCENE = ('flotsam-scene 1\n'
             'fluid name=water density=1000 surface=0 left=-50 right=50 bottom=20\n'
             'box name=box at=0,0 size=2,1 density=500\n'
             'box name=log at=5,0 size=1,1 density=500\n'
             'box name=stone at=9,0 size=1,1 density=2500\n')

    def curve(self, body):
        import csv
        scene = self.write('s.scene', self.SCENE)
        out = os.path.join(self.dir, body + '.csv')
        r = flotsam('stability', scene, '--body', body, '--csv', out)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out, newline='', encoding='utf-8') as f:
            rows = list(csv.DictReader(f))
        return r.stdout, {int(row['heel_deg']): float(row['gz_m']) for row in rows}

    def test_box_follows_the_wall_sided_formula(self):
        """2 x 1 at half the water's density: GM = T/2 + BM - h/2 with
        BM = B^2 / 12T, and GZ = sin(p) (GM + BM tan^2(p) / 2) until the
        deck edge goes under (26.6 degrees); the CSV prints 9 digits."""
        out, gz = self.curve('box')
        self.assertEqual(sorted(gz), list(range(-180, 181)))
        for deg in range(181):
            self.assertAlmostEqual(gz[-deg], -gz[deg], delta=1e-9)
        t, bm = 0.5, 4.0 / 6.0
        gm = t / 2 + bm - 0.5
        self.assertIn('GM %.4f m upright' % gm, out)
        for deg in range(0, 27):
            p = math.radians(deg)
            self.assertAlmostEqual(gz[deg], math.sin(p) * (gm + bm * math.tan(p) ** 2 / 2),
                                   delta=1e-8)
        self.assertIn('0 deg (stable)', out)
        self.assertIn('vanishing stability at 90.0 deg', out)

    def test_stated_weight_moves_g(self):
        """The 2 x 1 box of 600 kg with cg 0.3 m under its middle (KG 0.2)
        floats at T 0.3 with GM = T/2 + B^2/12T - KG; moved 0.05 m to one
        side, it lists where the wall-sided GZ, sin(p) (GM + BM tan^2(p) /
        2) - 0.05 cos(p), is zero, and `flotsam run` brings it to rest there."""
        t, bm, kg = 0.3, 4.0 / 3.6, 0.2
        gm = t / 2 + bm - kg
        scene = self.write('g.scene', 'flotsam-scene 1\n'
                           'fluid name=water density=1000 surface=0 left=-50 right=50 bottom=20\n'
                           'box name=box at=0,0 size=2,1 mass=600 cg=0,0.3\n'
                           'box name=listed at=6,0 size=2,1 mass=600 cg=0.05,0.3\n')
        r = flotsam('stability', scene, '--body', 'box')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('GM %.4f m upright' % gm, r.stdout)
        self.assertIn('KG 0.2000 m', r.stdout)
        lo, hi = 0.0, 0.5  # GZ < 0 at 0, > 0 at 0.5 rad: bisect
        for _ in range(100):
            mid = (lo + hi) / 2
            g = math.sin(mid) * (gm + bm * math.tan(mid) ** 2 / 2) - 0.05 * math.cos(mid)
            lo, hi = (mid, hi) if g < 0 else (lo, mid)
        want = math.degrees(lo)
        r = flotsam('stability', scene, '--body', 'listed')
        self.assertEqual(r.returncode, 0, r.stderr)
        m = re.search(r'rests heeled (-?[0-9.]+) deg', r.stdout)
        self.assertIsNotNone(m, r.stdout)
        self.assertAlmostEqual(abs(float(m.group(1))), want, delta=0.0006)  # 3 decimals
        # The run: slow to settle (its roll decays with the water's drag).
        out = os.path.join(self.dir, 'state.json')
        r = flotsam('run', scene, '--steps', '3600', '--state-out', out)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out, encoding='utf-8') as f:
            body = json.load(f)['bodies'][1]
        self.assertAlmostEqual(abs(math.degrees(body['angle'])), want, delta=0.01)

    CONDITIONS = ('flotsam-scene 1\n'
                  'fluid name=water density=1000 surface=0 left=-50 right=50 bottom=20\n'
                  'box name=barge at=0,0 size=6,2 mass=6000 cg=0,0.2\n'
                  'tank condition=slack body=barge name=fw points=[-0.5,0 0.5,0 0.5,0.8 -0.5,0.8]'
                  ' fill=0.5 density=1000\n'
                  'item condition=loaded body=barge name=crane mass=600 at=1,-0.5\n'
                  'item condition=loaded body=barge name=crew mass=60 at=0,-1\n')

    def test_a_slack_tank_takes_its_free_surface_off_gm(self):
        """The 6 x 2 barge of 6000 kg at KG 0.8 with a tank 1 m wide half
        full of 400 kg of water: T = 6.4 / 6, KG = (6000 0.8 + 400 0.4) /
        6400, GM solid = T/2 + B^2/12T - KG; the free surface takes b^3 /
        (12 V) off it, V = 6.4 m2."""
        scene = self.write('c.scene', self.CONDITIONS)
        r = flotsam('stability', scene, '--condition', 'slack')
        self.assertEqual(r.returncode, 0, r.stderr)
        t = 6.4 / 6
        kg = (6000 * 0.8 + 400 * 0.4) / 6400
        solid = t / 2 + 36 / (12 * t) - kg
        fsc = 1 / (12 * 6.4)
        self.assertIn('KG %.4f m' % kg, r.stdout)
        self.assertIn('free surface 1.0000 m wide, correction %.4f m' % fsc, r.stdout)
        self.assertIn('GM solid %.4f m (the liquids frozen), free-surface correction %.4f m, '
                      'GM fluid %.4f m' % (solid, fsc, solid - fsc), r.stdout)
        # a slack tank's GM is GM fluid, named so, as a wet hold's is
        self.assertIn('GM fluid %.4f m upright' % (solid - fsc), r.stdout)
        r = flotsam('hydrostatics', scene, '--condition', 'slack', '--drafts', '2')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('KG %.4f m (as loaded: slack)' % kg, r.stdout)
        self.assertRegex(r.stdout, r'\n +%.4f +6\.4000 +6400\.0 .* %.4f +6\.0000 .*\*\n' % (t, solid))

    def test_items_list_the_barge(self):
        """600 kg stowed 1 m off the middle and 60 kg on deck: the barge
        lists where the wall-sided GZ less the items' moment, sin(p) (GM +
        BM tan^2(p) / 2) - 600 cos(p) / 6660, is zero; an unknown condition
        is refused with the ones the body has."""
        scene = self.write('c.scene', self.CONDITIONS)
        r = flotsam('stability', scene, '--condition', 'loaded')
        self.assertEqual(r.returncode, 0, r.stderr)
        t = 6.66 / 6
        kg = (6000 * 0.8 + 600 * 1.5 + 60 * 2.0) / 6660
        bm = 36 / (12 * t)
        gm = t / 2 + bm - kg
        lo, hi = 0.0, 0.5
        for _ in range(100):
            mid = (lo + hi) / 2
            g = math.sin(mid) * (gm + bm * math.tan(mid) ** 2 / 2) - 600 / 6660 * math.cos(mid)
            lo, hi = (mid, hi) if g < 0 else (lo, mid)
        m = re.search(r'rests heeled (-?[0-9.]+) deg', r.stdout)
        self.assertIsNotNone(m, r.stdout)
        self.assertAlmostEqual(abs(float(m.group(1))), math.degrees(lo), delta=0.0006)
        self.assertIn('KG %.4f m' % kg, r.stdout)
        self.assertIn('condition loaded: 2 items 660.0 kg, 0 tanks 0.0 kg', r.stdout)
        r = flotsam('stability', scene, '--condition', 'laden')
        self.assertEqual(r.returncode, 2)
        self.assertIn("'laden' is no loading condition of 'barge'; it has: slack, loaded", r.stderr)

    def test_a_bilged_compartment_loses_its_buoyancy(self):
        """The 6 x 2 barge of 3000 kg (T 0.5, KG 0.8) in three
        compartments. The middle one, 2 m wide, bilged: it sinks to 3 / 4
        = 0.75 m upright with GM = KB + I/V - KG, I = 2 (3^3 - 1^3) / 3 of
        the two wings' waterplanes. A 0.5 m wing bilged: the 5.5 m left
        sinks to T = 3 / 5.5 and lists where the wall-sided GZ of that
        part, whose middle lies 0.25 m off G, is zero, its draft on the
        centreline T + 0.25 tan(heel)."""
        scene = self.write('d.scene', 'flotsam-scene 1\n'
                           'fluid name=water density=1000 surface=0 left=-50 right=50 bottom=20\n'
                           'box name=barge at=0,0 size=6,2 mass=3000 cg=0,0.2\n'
                           'compartment body=barge name=port points=[-3,-1 -1,-1 -1,1 -3,1]\n'
                           'compartment body=barge name=middle points=[-1,-1 1,-1 1,1 -1,1]\n'
                           'compartment body=barge name=wing points=[2.5,-1 3,-1 3,1 2.5,1]\n')
        r = flotsam('stability', scene, '--damage', 'middle')
        self.assertEqual(r.returncode, 0, r.stderr)
        t = 0.75
        gm = t / 2 + 2 * (27 - 1) / 3 / 3.0 - 0.8
        self.assertIn('GM %.4f m upright' % gm, r.stdout)
        self.assertIn('1 m2 of buoyancy lost', r.stdout)  # 2 wide, 0.5 deep
        self.assertIn('rests at 0.000 deg, draft 0.7500 m on the centreline (intact: 0.5000 m',
                      r.stdout)
        r = flotsam('stability', scene, '--damage', 'wing')
        self.assertEqual(r.returncode, 0, r.stderr)
        t = 3 / 5.5
        bm = 5.5 ** 2 / (12 * t)
        gm = t / 2 + bm - 0.8
        lo, hi = 0.0, 0.5
        for _ in range(100):
            mid = (lo + hi) / 2
            g = math.sin(mid) * (gm + bm * math.tan(mid) ** 2 / 2) - 0.25 * math.cos(mid)
            lo, hi = (mid, hi) if g < 0 else (lo, mid)
        m = re.search(r'rests at (-?[0-9.]+) deg, draft ([0-9.]+) m on the centreline', r.stdout)
        self.assertIsNotNone(m, r.stdout)
        self.assertAlmostEqual(abs(float(m.group(1))), math.degrees(lo), delta=0.0006)
        self.assertAlmostEqual(float(m.group(2)), t + 0.25 * math.tan(lo), delta=0.00006)
        self.assertIn('0.25 m2 of buoyancy lost', r.stdout)
        r = flotsam('stability', scene, '--damage', 'aft')
        self.assertEqual(r.returncode, 2)
        self.assertIn("'aft' is no compartment of 'barge'; it has: port, middle, wing", r.stderr)

    def test_cross_curves_follow_the_wall_sided_formula(self):
        """KN of the 2 x 1 box at a third, a half and two thirds of its area:
        KN = sin(p) (KM + BM tan^2(p) / 2), KM = T/2 + B^2 / 12T, while the
        deck edge stays dry and the bilge wet (10 degrees for all three, 20
        for the half), whatever KG."""
        scene = self.write('s.scene', self.SCENE)
        for kg in ([], ['--kg', '0.9']):
            r = flotsam('stability', scene, '--body', 'box', '--cross-curves', '3', *kg)
            self.assertEqual(r.returncode, 0, r.stderr)
            rows = {}
            for line in r.stdout.split('KN cross curves')[1].splitlines()[2:5]:
                cells = line.split()
                rows[round(float(cells[0]), 4)] = [float(x) for x in cells[1:]]
            for area, degrees in ((0.5, [10]), (1.0, [10, 20]), (1.5, [10])):
                t = area / 2
                bm = 4.0 / (12 * t)
                for deg in degrees:
                    p = math.radians(deg)
                    want = math.sin(p) * (t / 2 + bm + bm * math.tan(p) ** 2 / 2)
                    self.assertAlmostEqual(rows[area][deg // 10 - 1], want, delta=1e-4)
        r = flotsam('stability', scene, '--body', 'box', '--cross-curves', '0')
        self.assertEqual(r.returncode, 2)

    def test_square_log_rests_on_its_corner(self):
        out, gz = self.curve('log')
        self.assertLess(gz[10], 0)
        self.assertAlmostEqual(gz[45], 0, delta=1e-9)
        self.assertIn('0 deg (unstable)', out)
        self.assertIn('45.0 deg (stable)', out)

    ASYMMETRIC = ('flotsam-scene 1\n'
                  'world gravity=0,9.81 rate=60\n'
                  'fluid name=water density=1000 surface=8 left=0 right=40 bottom=20'
                  ' linear-drag=0.5 angular-drag=1\n'
                  'polygon name=lshape at=10,7.5 density=600'
                  ' points=[-1,-0.5 -0.4,-0.5 -0.4,0.2 1,0.2 1,0.5 -1,0.5]\n'
                  'polygon name=pentagon at=30,7.5 density=450'
                  ' points=[-0.8,-0.4 0.6,-0.5 1.0,0.1 0.2,0.5 -0.9,0.3]\n')

    def test_asymmetric_sections_rest_where_the_run_brings_them(self):
        """An L section and a lopsided pentagon are not in equilibrium
        upright: stability finds the heel they rest at (the first stable zero
        of GZ the way GZ(0) turns them) and GM there, and `run` brings them
        to rest at that heel, within 0.01 degree."""
        scene = self.write('a.scene', self.ASYMMETRIC)
        r = flotsam('run', scene, '--steps', '12000', '--state-out', '-')
        self.assertEqual(r.returncode, 0, r.stderr)
        state = json.loads(r.stdout)
        for name, way in (('lshape', 'negative'), ('pentagon', 'positive')):
            out = flotsam('stability', scene, '--body', name).stdout
            self.assertNotIn('m upright', out)
            self.assertIn('upright is no equilibrium', out)
            self.assertIn('turns it to %s heel' % way, out)
            m = re.search(r'rests heeled (-?[0-9.]+) deg: GM ([0-9.]+) m there', out)
            self.assertIsNotNone(m, out)
            body = [b for b in state['bodies'] if b['name'] == name][0]
            self.assertAlmostEqual(float(m.group(1)), math.degrees(body['angle']), delta=0.01)
            self.assertLess(abs(body['spin']), 1e-6)
            self.assertGreater(float(m.group(2)), 0.0)
            self.assertIn('%.1f deg (stable)' % float(m.group(1)), out)

    def test_bilged_compartment_rests_where_damage_stability_says(self):
        """scenes/bulkheads.scene: a hole in the port wing's side floods that
        compartment alone in the running world, and the barge comes to rest
        where `stability --damage port-wing` (lost buoyancy, the walls and
        plating in the wing still displacing) puts her, within 0.01 degree;
        the booklet's lost buoyancy is the wing's hold under the intact
        waterline, not its plating."""
        scene = os.path.join(ROOT, 'scenes', 'bulkheads.scene')
        r = flotsam('run', scene, '--steps', '6000', '--state-out', '-')
        self.assertEqual(r.returncode, 0, r.stderr)
        barge = [b for b in json.loads(r.stdout)['bodies'] if b['name'] == 'barge'][0]
        self.assertLess(abs(barge['spin']), 1e-9)
        out = flotsam('stability', scene, '--body', 'barge', '--damage', 'port-wing').stdout
        m = re.search(r'damaged: compartment port-wing open to the sea, ([0-9.]+) m2 of buoyancy lost', out)
        self.assertIsNotNone(m, out)
        # upright at draft T = 0.9888 / 6: the wing's hold is 1.72 m wide
        # above its 0.08 m plating, its wall 0.08 m of the 1.8
        draft = 0.98880 / 6.0
        self.assertAlmostEqual(float(m.group(1)), 1.72 * (draft - 0.08), delta=1e-4)
        m = re.search(r'rests at (-?[0-9.]+) deg, draft', out)
        self.assertIsNotNone(m, out)
        self.assertAlmostEqual(float(m.group(1)), math.degrees(barge['angle']), delta=0.01)
        self.assertLess(math.degrees(barge['angle']), -1.0)

    def test_water_in_a_compartment_heels_the_curve(self):
        """Water in a sealed compartment lies level in it at every heel in
        `stability`'s curve, as the running world lays it: 0.3 m2 in the
        bulkheads barge's port wing lists her, and `stability` finds the
        rest `run` brings her to, within 0.01 degree (the water weighing at
        G would have left her upright)."""
        with open(os.path.join(ROOT, 'scenes', 'bulkheads.scene')) as f:
            text = f.read()
        text = text.replace('openings=[-3,0.3 -3,0.45]', 'openings=[]')
        text = text.replace('name=port-wing points=[-3,-0.6 -1.2,-0.6 -1.2,0.6 -3,0.6]',
                            'name=port-wing points=[-3,-0.6 -1.2,-0.6 -1.2,0.6 -3,0.6] water=0.3')
        self.assertIn('water=0.3', text)
        scene = self.write('slack.scene', text)
        r = flotsam('run', scene, '--steps', '7200', '--state-out', '-')
        self.assertEqual(r.returncode, 0, r.stderr)
        barge = [b for b in json.loads(r.stdout)['bodies'] if b['name'] == 'barge'][0]
        out = flotsam('stability', scene, '--body', 'barge').stdout
        m = re.search(r'rests heeled (-?[0-9.]+) deg', out)
        self.assertIsNotNone(m, out)
        self.assertLess(float(m.group(1)), -1.0)
        self.assertAlmostEqual(float(m.group(1)), math.degrees(barge['angle']), delta=0.01)

    BARGES = ('flotsam-scene 1\n'
              'fluid name=water density=1000 surface=0 left=-50 right=50 bottom=20\n'
              'box name=wide at=-20,0 size=10,3 density=500\n'
              'box name=narrow at=20,0 size=4,2 density=500\n')

    def test_criteria_pass_and_fail_either_side_of_the_limits(self):
        """IS Code 2008's criteria: a wide barge passes them all (exit 0); a
        4 x 2 barge at draft 1 has KM = T/2 + B^2 / 12T = 1.8333 m, so G at
        KM - 0.16 passes the GM criterion and at KM - 0.14 fails it (exit
        1); its areas fail either way, the angle of its largest arm passes."""
        scene = self.write('b.scene', self.BARGES)
        r = flotsam('stability', scene, '--body', 'wide', '--criteria', 'is2008')
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn('all 6 criteria pass', r.stdout)
        km = 0.5 + 16.0 / 12.0

        def row(out, what):
            m = re.search(re.escape(what) + r'\s+(-?[0-9.]+)\s+>= [0-9.]+ [a-z ]+?\s+([+-][0-9.]+)\s+(pass|FAIL)', out)
            self.assertIsNotNone(m, out)
            return float(m.group(1)), float(m.group(2)), m.group(3)

        for gm, verdict, code in ((0.16, 'pass', 1), (0.14, 'FAIL', 1)):
            r = flotsam('stability', scene, '--body', 'narrow', '--kg', repr(km - gm),
                        '--criteria', 'is2008')
            self.assertEqual(r.returncode, code, r.stdout + r.stderr)
            value, margin, got = row(r.stdout, 'initial GM')
            self.assertAlmostEqual(value, gm, delta=1e-4)
            self.assertAlmostEqual(margin, gm - 0.15, delta=1e-4)
            self.assertEqual(got, verdict)
            self.assertEqual(row(r.stdout, 'area under GZ from 0 to 30 deg')[2], 'FAIL')
            self.assertEqual(row(r.stdout, 'heel of the largest GZ')[2], 'pass')
            self.assertIn('KG %.4f m' % (km - gm), r.stdout)
        for args in (['--criteria', 'is1968'], ['--kg', 'high'], ['--kg', 'nan']):
            r = flotsam('stability', scene, '--body', 'narrow', *args)
            self.assertEqual(r.returncode, 2, args)

    def test_slack_tank_free_surface_correction(self):
        """A 4 x 2 hull whose sealed hold, 3.8 wide, holds 0.76 m2 of water
        (0.2 deep): GM solid less GM fluid is the free surface's second
        moment over the displacement, b^3 / 12 V."""
        scene = self.write('fs.scene', 'flotsam-scene 1\n'
                           'fluid name=water density=1000 surface=0 left=-50 right=50 bottom=20\n'
                           'polygon name=tanker at=0,0 density=2000\n'
                           '  points=[-2,-1 -1.9,-1 -1.9,0.9 1.9,0.9 1.9,-1 2,-1 2,1 -2,1]\n'
                           '  hull=[-2,-1 2,-1 2,1 -2,1] openings=[] water=0.76\n')
        r = flotsam('stability', scene)
        self.assertEqual(r.returncode, 0, r.stderr)
        v = float(re.search(r'displacement ([0-9.]+) m2', r.stdout).group(1))
        self.assertAlmostEqual(v, 0.78 * 2 + 0.76, delta=1e-9)
        m = re.search(r'GM fluid ([0-9.]+) m upright.*GM solid ([0-9.]+) m.*correction ([0-9.]+) m',
                      r.stdout, re.S)
        self.assertAlmostEqual(float(m.group(3)), 3.8 ** 3 / (12 * v), delta=1e-4)
        self.assertAlmostEqual(float(m.group(2)) - float(m.group(1)), float(m.group(3)), delta=2e-4)

    def test_a_booklet_of_three_pages(self):
        """--report FILE.pdf: the section and the criteria, the GZ curve,
        the curves of form: three A4 pages; written even when a criterion
        fails (exit 1 then); anything but .pdf refused."""
        scene = self.write('a.scene', self.ASYMMETRIC)
        pdf = os.path.join(self.dir, 'book.pdf')
        r = flotsam('stability', scene, '--body', 'lshape', '--criteria', 'is2008', '--report', pdf)
        self.assertEqual(r.returncode, 1, r.stderr)
        info = subprocess.run(['pdfinfo', pdf], capture_output=True, text=True, check=True).stdout
        self.assertRegex(info, r'Pages:\s+3\n')
        self.assertIn('842 x 595 pts (A4)', info)
        r = flotsam('stability', scene, '--report', os.path.join(self.dir, 'book.png'))
        self.assertEqual(r.returncode, 2)
        # A body with loading conditions: two pages for itself and for each
        # of its two conditions, then the curves of form; one condition
        # chosen, two pages for it alone.
        scene = self.write('c.scene', self.CONDITIONS)
        r = flotsam('stability', scene, '--report', pdf)
        self.assertEqual(r.returncode, 0, r.stderr)
        info = subprocess.run(['pdfinfo', pdf], capture_output=True, text=True, check=True).stdout
        self.assertRegex(info, r'Pages:\s+7\n')
        r = flotsam('stability', scene, '--condition', 'slack', '--report', pdf)
        info = subprocess.run(['pdfinfo', pdf], capture_output=True, text=True, check=True).stdout
        self.assertRegex(info, r'Pages:\s+3\n')
        text = subprocess.run(['pdftotext', pdf, '-'], capture_output=True, text=True).stdout
        self.assertIn('loaded as slack', text)

    def test_downflooding_ends_the_areas(self):
        """A 4 x 2 hull at draft 1 with a hatch at its deck edge: wall-sided,
        the edge goes under at atan((D - T) / (B/2)) = 26.565 degrees; the
        area to 40 degrees ends there and the one from 30 to 40 is none."""
        scene = self.write('u.scene', 'flotsam-scene 1\n'
                           'fluid name=water density=1000 surface=0 left=-50 right=50 bottom=20\n'
                           'polygon name=hatch at=0,0 density=5128.2051282051\n'
                           '  points=[-2,-1 -1.9,-1 -1.9,0.9 1.9,0.9 1.9,-1 2,-1 2,1 -2,1]\n'
                           '  hull=[-2,-1 2,-1 2,1 -2,1] openings=[2,-1 1.9,-1]\n')
        r = flotsam('stability', scene, '--criteria', 'is2008')
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        m = re.search(r'downflooding \(an opening of the hold under\) at ([0-9.]+) deg', r.stdout)
        self.assertAlmostEqual(float(m.group(1)), math.degrees(math.atan(0.5)), delta=1e-3)
        self.assertRegex(r.stdout, r'from 30 to 40/flooding\s+0\.0000 .* FAIL')

    def test_plot_and_refusals(self):
        scene = self.write('s.scene', self.SCENE)
        png = os.path.join(self.dir, 'gz.png')
        r = flotsam('stability', scene, '--body', 'box', '--plot', png)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(read_png(png)[:2], (960, 540))
        r = flotsam('stability', scene, '--body', 'stone')  # sinks: no waterline
        self.assertEqual(r.returncode, 1)
        self.assertIn('does not float', r.stderr)
        for args in (['--body', 'nobody'], ['--bogus'], ['--plot', 'gz.jpg']):
            r = flotsam('stability', scene, *args)
            self.assertEqual(r.returncode, 2, args)
            self.assertEqual(r.stdout, '')


class Replay(Workdir):
    """flotsam replay: a session recorded by hand in the sandbox
    (tests/data/harbour.replay: a crate dragged, three spawns, the water
    raised twice), played headless against its checkpoints."""

    def replay_text(self):
        return harbour_replay_text()

    def test_replays_to_its_recorded_end(self):
        text = self.replay_text()
        end = text.strip().splitlines()[-1].split()
        r = flotsam('replay', os.path.join(ROOT, 'tests', 'data', 'harbour.replay'),
                    '--state-out', '-')
        self.assertEqual(r.returncode, 0, r.stderr)
        state = json.loads(r.stdout)
        self.assertEqual(state['hash'], end[2])
        self.assertIn('%s steps replayed' % end[1], r.stderr)
        self.assertEqual(sum(1 for b in state['bodies'] if not b['static']), 6)

    def test_pictures_of_a_replay(self):
        path = os.path.join(ROOT, 'tests', 'data', 'harbour.replay')
        out = os.path.join(self.dir, 'r.webp')
        r = flotsam('replay', path, '--animation', out, '--size', '160x90')
        self.assertEqual(r.returncode, 0, r.stderr)
        steps = int(self.replay_text().strip().splitlines()[-1].split()[1])
        self.assertEqual(probe(out)['frames'], steps // 2 + 1)
        snap = os.path.join(self.dir, 's.png')
        r = flotsam('replay', path, '--snapshot', snap, '--at', '100', '--size', '160x90')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(os.path.getsize(snap) > 0)

    def test_one_number_altered_does_not_pass(self):
        text = self.replay_text()
        line = next(l for l in text.splitlines() if ' fluid ' in l)
        step = int(line.split()[1])
        # The surface's last digit changed: it reads, and drifts from the recording.
        changed = line[:-1] + ('1' if line[-1] != '1' else '2')
        bad = self.write('bad.replay', text.replace(line, changed, 1))
        r = flotsam('replay', bad)
        self.assertEqual(r.returncode, 1, r.stderr)
        first_check = (step // 60 + 1) * 60
        self.assertIn('step %d differs from the recording' % first_check, r.stderr)

    def test_broken_replays_exit_2_at_their_position(self):
        text = self.replay_text()
        lines = text.splitlines(keepends=True)
        remove_at = next(i for i, l in enumerate(lines) if l.startswith('at ') and ' grab ' in l)
        cases = {
            'cut.replay': (''.join(lines[:-1]), ':%d:1: the replay has no \'end\'' % len(lines)),
            'version.replay': (text.replace('flotsam-replay 1', 'flotsam-replay 7', 1),
                               ':1:16: unsupported replay version \'7\''),
            'ghost.replay': (''.join(lines[:remove_at + 1]) + 'at %s remove body=999\n'
                             % lines[remove_at].split()[1] + ''.join(lines[remove_at + 1:]),
                             ':%d:1: no body with id 999 to remove' % (remove_at + 2)),
            'order.replay': (text.replace('\nend ', '\nat 0 release\nend ', 1),
                             ':%d:4: step 0 comes before the last input' % len(lines)),
        }
        for name, (body, message) in cases.items():
            path = self.write(name, body)
            r = flotsam('replay', path)
            self.assertEqual(r.returncode, 2, name + ': ' + r.stderr)
            self.assertIn(path + message, r.stderr, name)
            self.assertEqual(r.stdout, '', name)

    def test_the_documented_example_replays(self):
        import re
        with open(os.path.join(ROOT, 'docs', 'replay-format.md'), encoding='utf-8') as f:
            text = re.search(r'```\n(flotsam-replay 1\n.*?)```', f.read(), re.S).group(1)
        r = flotsam('replay', self.write('example.replay', text))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('3 checkpoints matched', r.stdout)

    def test_replay_usage_errors_exit_2(self):
        for args in (['replay'], ['replay', 'a.replay', 'b.replay'], ['replay', '--steps', '5'],
                     ['replay', os.path.join(ROOT, 'tests', 'data', 'harbour.replay'), '--at',
                      '5']):
            r = flotsam(*args)
            self.assertEqual(r.returncode, 2, args)
            self.assertIn('flotsam: ', r.stderr, args)
        r = flotsam('replay', os.path.join(self.dir, 'missing.replay'))
        self.assertEqual(r.returncode, 2)
        self.assertIn('missing.replay: cannot read file', r.stderr)



class Conventions(Workdir):
    """Each command's help, and a scene or replay read from stdin as '-'."""
    COMMANDS = {'run': '--state-out', 'replay': '--state-out', 'stability': '--csv',
                'check': 'FILE:LINE:COLUMN'}

    def test_each_command_has_its_help(self):
        for command, word in self.COMMANDS.items():
            for args in ([command, '--help'], [command, '-h'], ['help', command],
                         [command, 'some.scene', '--help']):
                r = flotsam(*args)
                self.assertEqual(r.returncode, 0, (args, r.stderr))
                self.assertTrue(r.stdout.startswith('usage: flotsam %s ' % command), args)
                self.assertIn(word, r.stdout, args)
                self.assertEqual(r.stderr, '', args)
        # Only its own: run's help is not the general one.
        self.assertNotIn('stability SCENE', flotsam('run', '--help').stdout)
        self.assertIn('--trace', flotsam('help', 'replay').stdout)

    def test_help_for_the_benchmark_and_for_nothing(self):
        for args in (['help', 'bench'], ['bench', '--help']):
            r = flotsam(*args)
            self.assertEqual(r.returncode, 0, args)
            self.assertIn('flotsam-bench --help', r.stdout)
        r = flotsam('help', 'launch')
        self.assertEqual(r.returncode, 2)
        self.assertIn("no help for 'launch'", r.stderr)
        self.assertEqual(flotsam('help').stdout, flotsam('--help').stdout)

    def test_an_option_value_is_not_help(self):
        r = flotsam('stability', scene_path('iceberg.scene'), '--body', '-h')
        self.assertEqual(r.returncode, 2)
        self.assertIn('no body of that name', r.stderr)
        self.assertEqual(r.stdout, '')

    def test_scene_from_stdin(self):
        with open(scene_path('iceberg.scene'), encoding='utf-8') as f:
            text = f.read()
        r = flotsam('check', '-', stdin=text)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(r.stdout.startswith('<stdin>: ok (1 fluid, 1 body'), r.stdout)
        ran = flotsam('run', '-', '--steps', '30', '--state-out', '-', stdin=text)
        self.assertEqual(ran.returncode, 0, ran.stderr)
        self.assertEqual(json.loads(ran.stdout), run_state(scene_path('iceberg.scene'), 30))
        r = flotsam('stability', '-', stdin=text)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('GM ', r.stdout)
        r = flotsam('run', '-', stdin='flotsam-scene 1\nbox at=0,0 size=1\n')
        self.assertEqual(r.returncode, 2)
        self.assertTrue(r.stderr.startswith('<stdin>:2:'), r.stderr)

    def test_replay_from_stdin(self):
        text = harbour_replay_text()
        r = flotsam('replay', '-', stdin=text)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('<stdin>: ', r.stdout)
        self.assertIn('checkpoints matched', r.stdout)
        r = flotsam('replay', '-', stdin=text[:200])
        self.assertEqual(r.returncode, 2)
        self.assertTrue(r.stderr.startswith('<stdin>:'), r.stderr)

    def test_check_a_replay_from_stdin(self):
        """A replay on stdin is told by its first line, and checked whole."""
        text = harbour_replay_text()
        r = flotsam('check', '-', stdin=text)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, '<stdin>: ok (a replay of 328 steps: 2 scenes, 32 inputs, '
                         '6 checkpoints)\n')
        self.assertEqual(r.stderr, '')
        lines = text.splitlines(keepends=True)
        # A mistake in the first scene, one in the replay's own lines, and
        # one in a spawned body: each at its line of the replay.
        scene = next(i for i, l in enumerate(lines) if l.startswith('polygon name=crate'))
        lines[scene] = lines[scene].replace('density=500.0', 'density=-500.0', 1)
        drag = next(i for i, l in enumerate(lines) if ' drag ' in l)
        lines[drag] = lines[drag].replace('target=', 'traget=', 1)
        spawn = next(i for i, l in enumerate(lines) if l.startswith('ngon at='))
        lines[spawn] = lines[spawn].replace('sides=4', 'sides=2', 1)
        r = flotsam('check', '-', stdin=''.join(lines))
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertEqual(r.stdout, '')
        got = [l.split(':')[:2] for l in r.stderr.splitlines()]
        self.assertEqual(got, [['<stdin>', str(scene + 1)], ['<stdin>', str(drag + 1)],
                               ['<stdin>', str(spawn + 1)]], r.stderr)
        self.assertIn(':%d:%d: density must be' % (scene + 1, lines[scene].index('-500') + 1),
                      r.stderr)
        self.assertIn(":%d:%d: unknown field 'traget' here" % (drag + 1, lines[drag].index('traget') + 1),
                      r.stderr)
        # Cut inside a scene block: the problem there, and nothing after it.
        r = flotsam('check', '-', stdin=text[:text.index('fluid name=harbour')])
        self.assertEqual(r.returncode, 2)
        self.assertEqual(r.stderr, '<stdin>:3:1: the scene has 17 lines, but the file ends after 4\n')

    def test_stdin_larger_than_64_mib_is_refused(self):
        big = 'flotsam-scene 1\n' + '#' * (64 * 1024 * 1024) + '\n'
        r = flotsam('check', '-', stdin=big)
        self.assertEqual(r.returncode, 2)
        self.assertIn('<stdin>: cannot read file: it is larger than 64 MB', r.stderr)



class Stdout(Workdir):
    """What stdout cannot take is a failure; a closed pipe ends quietly."""

    def full(self, *args):
        with open('/dev/full', 'w') as full:
            return subprocess.run([FLOTSAM, *args], stdout=full, stderr=subprocess.PIPE,
                                  text=True, timeout=300)

    def test_a_full_disk_exits_1(self):
        if not os.path.exists('/dev/full'):
            self.skipTest('no /dev/full')
        for args in (['run', '--steps', '5'], ['check', scene_path('iceberg.scene')],
                     ['run', '--steps', '5', '--state-out', '-'], ['--help'],
                     ['run', '--help'], ['stability', scene_path('iceberg.scene')]):
            r = self.full(*args)
            self.assertEqual(r.returncode, 1, args)
            self.assertEqual(r.stderr.count('\n'), 1, (args, r.stderr))
            self.assertIn('No space left on device', r.stderr, args)

    def test_a_closed_pipe_ends_quietly(self):
        import signal
        read, write = os.pipe()
        os.close(read)
        try:
            r = subprocess.run([FLOTSAM, 'check', scene_path('iceberg.scene')], stdout=write,
                               stderr=subprocess.PIPE, text=True, timeout=300)
        finally:
            os.close(write)
        self.assertEqual(r.returncode, -signal.SIGPIPE)
        self.assertEqual(r.stderr, '')



class Outputs(Workdir):
    """Every output path is checked before the first step, and written beside
    its final name (NAME.XXXXXX.part, O_EXCL), synced, then renamed; a
    symbolic link is written through."""
    NEVER_ENDS = ['--steps', '100000000']  # a run that must stop at once

    def outputs(self, folder):
        p = lambda name: os.path.join(folder, name)
        return {'--state-out': [p('s.json')], '--trace': [p('t.csv')],
                '--animation': [p('a.gif')], '--snapshot': [p('s.png')],
                '--plot': [p('p.png'), '--quantity', 'x'], '--frames': [p('frames')]}

    def test_every_output_is_checked_before_the_run(self):
        missing = os.path.join(self.dir, 'missing', 'dir')
        good = self.outputs(self.dir)
        for option, bad in self.outputs(missing).items():
            # The others are fine: none of them may appear.
            others = [a for o, v in good.items() if o != option for a in [o, *v]]
            r = flotsam('run', scene_path('iceberg.scene'), *self.NEVER_ENDS, option, *bad,
                        *others)
            self.assertEqual(r.returncode, 1, (option, r.stderr))
            self.assertIn("'%s'" % bad[0], r.stderr, option)
            self.assertEqual(r.stdout, '', option)
            self.assertEqual(os.listdir(self.dir), [], option)

    def test_the_sandbox_checks_where_it_saves_before_its_window(self):
        if not WINDOW:
            self.skipTest('built without the window (-Dsandbox=disabled)')
        for option in ('--save-as', '--replay-out'):
            bad = os.path.join(self.dir, 'missing', 'x')
            r = flotsam(scene_path('iceberg.scene'), option, bad)
            self.assertEqual(r.returncode, 1, option)
            self.assertIn("cannot write '%s'" % bad, r.stderr, option)
            self.assertNotIn('window', r.stderr, option)
            self.assertEqual(os.listdir(self.dir), [], option)
        # Shift+C's frames folder: one that could not be made, and a file.
        bad = os.path.join(self.dir, 'missing', 'frames')
        r = flotsam(scene_path('iceberg.scene'), '--frames', bad)
        self.assertEqual(r.returncode, 1)
        self.assertIn("cannot make the frames folder '%s'" % bad, r.stderr)
        self.assertNotIn('window', r.stderr)
        afile = os.path.join(self.dir, 'a-file')
        with open(afile, 'w', encoding='utf-8') as f:
            f.write('x')
        r = flotsam(scene_path('iceberg.scene'), '--frames', afile)
        self.assertEqual(r.returncode, 1)
        self.assertIn("cannot write frames in '%s': not a folder" % afile, r.stderr)

    def test_a_replay_checks_its_state_out_first(self):
        bad = os.path.join(self.dir, 'missing', 's.json')
        r = flotsam('replay', os.path.join(ROOT, 'tests', 'data', 'harbour.replay'),
                    '--state-out', bad, '--trace', os.path.join(self.dir, 't.csv'))
        self.assertEqual(r.returncode, 1)
        self.assertIn("cannot write '%s'" % bad, r.stderr)
        self.assertNotIn('replayed', r.stdout)
        self.assertEqual(os.listdir(self.dir), [])

    def test_stability_checks_its_csv_first(self):
        bad = os.path.join(self.dir, 'missing', 'gz.csv')
        r = flotsam('stability', scene_path('iceberg.scene'), '--csv', bad)
        self.assertEqual(r.returncode, 1)
        self.assertIn("cannot write '%s'" % bad, r.stderr)
        self.assertEqual(r.stdout, '')
        r = flotsam('stability', scene_path('iceberg.scene'), '--csv', self.dir)
        self.assertEqual(r.returncode, 1)
        self.assertIn('Is a directory', r.stderr)

    def test_a_symbolic_link_is_written_through(self):
        os.mkdir(os.path.join(self.dir, 'real'))
        os.mkdir(os.path.join(self.dir, 'links'))
        made = {}
        for option, value in self.outputs(os.path.join(self.dir, 'links')).items():
            if option == '--frames':
                continue
            name = os.path.basename(value[0])
            os.symlink(os.path.join('..', 'real', name), value[0])  # relative, dangling
            made[name] = value
        args = [a for o, v in self.outputs(os.path.join(self.dir, 'links')).items()
                if o != '--frames' for a in [o, *v]]
        r = flotsam('run', scene_path('iceberg.scene'), '--steps', '4', *args, '--size', '32x18')
        self.assertEqual(r.returncode, 0, r.stderr)
        for name, value in made.items():
            self.assertTrue(os.path.islink(value[0]), name)
            self.assertGreater(os.path.getsize(os.path.join(self.dir, 'real', name)), 0, name)
        self.assertEqual(sorted(os.listdir(os.path.join(self.dir, 'real'))), sorted(made))
        # Written again, through the link to an existing file: still a link.
        state = made['s.json'][0]
        r = flotsam('run', scene_path('iceberg.scene'), '--steps', '9', '--state-out', state)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(os.path.islink(state))
        with open(state, encoding='utf-8') as f:
            self.assertEqual(json.load(f)['step'], 9)

    def test_a_stale_temporary_is_left_alone(self):
        out = os.path.join(self.dir, 's.json')
        stale = self.write('s.json.part', 'not ours')
        trace = self.write('t.csv.part', 'not ours either')
        r = flotsam('run', scene_path('iceberg.scene'), '--steps', '3', '--state-out', out,
                    '--trace', os.path.join(self.dir, 't.csv'))
        self.assertEqual(r.returncode, 0, r.stderr)
        for path, text in ((stale, 'not ours'), (trace, 'not ours either')):
            with open(path, encoding='utf-8') as f:
                self.assertEqual(f.read(), text)
        self.assertEqual(sorted(os.listdir(self.dir)),
                         ['s.json', 's.json.part', 't.csv', 't.csv.part'])

    def test_a_replaced_file_keeps_its_mode(self):
        out = self.write('s.json', '{}')
        os.chmod(out, 0o640)
        r = flotsam('run', scene_path('iceberg.scene'), '--steps', '3', '--state-out', out)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(os.stat(out).st_mode & 0o777, 0o640)

    def test_a_device_is_written_in_place(self):
        r = flotsam('run', scene_path('iceberg.scene'), '--steps', '3', '--state-out', os.devnull)
        self.assertEqual(r.returncode, 0, r.stderr)
        import stat
        self.assertTrue(stat.S_ISCHR(os.stat(os.devnull).st_mode))

    def test_synced_before_the_rename(self):
        strace = shutil.which('strace')
        if not strace:
            self.skipTest('no strace')
        out = os.path.join(self.dir, 's.json')
        log = os.path.join(self.dir, 'log')
        r = subprocess.run([strace, '-f', '-o', log, '-e', 'trace=fsync,rename,openat', FLOTSAM,
                            'run', scene_path('iceberg.scene'), '--steps', '3', '--state-out',
                            out], capture_output=True, text=True, timeout=300)
        if r.returncode != 0:
            self.skipTest('strace cannot trace here: ' + r.stderr[-200:])
        with open(log, encoding='utf-8') as f:
            calls = [l for l in f.read().splitlines() if 's.json' in l or 'fsync(' in l]
        made = next(i for i, l in enumerate(calls) if 'O_EXCL' in l and '.part' in l)
        renamed = next(i for i, l in enumerate(calls) if 'rename(' in l)
        self.assertTrue(any('fsync(' in l for l in calls[made:renamed]), calls)
        self.assertTrue(any('fsync(' in l for l in calls[renamed + 1:]), calls)
        self.assertRegex(calls[renamed], r's\.json\.[0-9a-f]{6}\.part", "[^"]*s\.json"')



class Interrupted(Workdir):
    """A signal that ends a command removes the temporaries it was writing
    (NAME.XXXXXX.part); one that a killed run left is removed by the next
    run that writes there, and one still being written is left alone."""
    TEMP = re.compile(r'\.[0-9a-f]{6}\.part$')

    def temporaries(self):
        return [os.path.join(d, n) for d, _, names in os.walk(self.dir) for n in names
                if self.TEMP.search(n)]

    def start_writing(self):
        """A run that writes a trace, an animation and frames (on its frame
        thread) and never ends; returns once its trace has rows in it."""
        import time
        p = lambda name: os.path.join(self.dir, name)
        proc = subprocess.Popen([FLOTSAM, 'run', scene_path('harbour.scene'), '--steps',
                                 '100000000', '--trace', p('t.csv'), '--animation', p('a.gif'),
                                 '--frames', p('frames'), '--size', '64x36',
                                 '--state-out', p('s.json')],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            parts = [t for t in self.temporaries() if 't.csv.' in t]
            if parts and os.path.getsize(parts[0]) > 0 and os.listdir(p('frames')):
                return proc
            time.sleep(0.05)
        proc.kill()
        self.fail('the run wrote nothing in a minute: ' + proc.communicate()[1].decode())

    def test_each_ending_signal_removes_the_temporaries(self):
        import signal
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE):
            with self.subTest(signal=sig.name):
                proc = self.start_writing()
                proc.send_signal(sig)
                _, err = proc.communicate(timeout=60)
                self.assertEqual(proc.returncode, -sig, err.decode())
                self.assertEqual(self.temporaries(), [])
                left = sorted(os.listdir(self.dir))
                self.assertEqual(left, ['frames'], 'nothing under a final name but whole frames')
                shutil.rmtree(os.path.join(self.dir, 'frames'))

    def test_a_killed_runs_temporaries_are_removed_by_the_next(self):
        import signal
        proc = self.start_writing()
        proc.send_signal(signal.SIGKILL)  # no handler runs: the .part files stay
        proc.communicate(timeout=60)
        left = self.temporaries()
        self.assertTrue(any('t.csv.' in t for t in left), left)
        old = os.stat(left[0]).st_mtime - 10
        for t in left:
            os.utime(t, (old, old))
        p = lambda name: os.path.join(self.dir, name)
        r = flotsam('run', scene_path('harbour.scene'), '--steps', '3', '--trace', p('t.csv'),
                    '--animation', p('a.gif'), '--frames', p('frames'), '--overwrite',
                    '--size', '64x36', '--state-out', p('s.json'))
        self.assertEqual(r.returncode, 0, r.stderr)
        for t in left:
            self.assertIn("removed '%s', left by a run that did not finish" % t, r.stderr)
        self.assertEqual(self.temporaries(), [])

    def test_a_temporary_being_written_is_left_alone(self):
        import fcntl
        held = self.write('t.csv.00beef.part', 'another run is writing this')
        fresh = self.write('t.csv.00cafe.part', 'made a moment ago, not yet locked')
        other = self.write('t.csv.00dead.txt', 'not a temporary')
        old = os.stat(held).st_mtime - 10
        os.utime(held, (old, old))
        os.utime(other, (old, old))
        with open(held, 'a', encoding='utf-8') as f:
            fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            r = flotsam('run', scene_path('iceberg.scene'), '--steps', '3', '--trace',
                        os.path.join(self.dir, 't.csv'))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn('removed', r.stderr)
        self.assertEqual(sorted(os.listdir(self.dir)),
                         sorted(['t.csv', os.path.basename(held), os.path.basename(fresh),
                                 os.path.basename(other)]))


class OutOfMemory(Workdir):
    """Memory running out is a failure while running (exit 1), said in one
    line naming what could not be had, from every reader and command; not
    bad input (exit 2), and not one line per statement after it."""
    LIMIT = 200 * 1024 * 1024  # bytes of address space

    def limited(self, *args):
        import resource

        def limit():
            resource.setrlimit(resource.RLIMIT_AS, (self.LIMIT, self.LIMIT))
        return subprocess.run([FLOTSAM, *args], capture_output=True, text=True, timeout=300,
                              preexec_fn=limit)

    def setUp(self):
        super().setUp()
        if self.limited('--version').returncode != 0:
            self.skipTest('this build does not start in %d MB of address space (a sanitizer '
                          'reserves its shadow memory)' % (self.LIMIT >> 20))

    def test_a_million_boxes(self):
        boxes = ''.join('box at=%d,%d size=0.5,0.5 density=500\n' % (i % 1000, i // 1000)
                        for i in range(1000000))
        head = 'flotsam-scene 1\nfluid density=1000 surface=8 left=0 right=2000 bottom=14\n'
        scene = self.write('million.scene', head + boxes)
        replay = self.write('million.replay', 'flotsam-replay 1\nscene lines=%d\n%s%s'
                            'end 1 0000000000000000\n' % (1000002, head, boxes))
        for args, path in ((['check', scene], scene), (['run', scene, '--steps', '1'], scene),
                           (['stability', scene], scene), (['check', replay], replay),
                           (['replay', replay], replay)):
            r = self.limited(*args)
            self.assertEqual(r.returncode, 1, args)
            lines = r.stderr.splitlines()
            self.assertEqual(len(lines), 1, r.stderr[:2000])
            self.assertRegex(lines[0], r'^%s:\d+:\d+: out of memory for the ' % re.escape(path))
            self.assertEqual(r.stdout, '')


if __name__ == '__main__':
    FLOTSAM = os.path.abspath(sys.argv[1])
    ROOT = os.path.abspath(sys.argv[2])
    ANIM_PROBE = os.path.abspath(sys.argv[3])
    VIDEO_PROBE = os.path.abspath(sys.argv[5])
    WINDOW = len(sys.argv) < 5 or sys.argv[4] != 'headless'
    unittest.main(argv=[sys.argv[0], '-v'])
