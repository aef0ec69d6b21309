#!/usr/bin/env python3
"""End-to-end test of the sandbox window, on a virtual X display.

Starts Xvfb, opens `flotsam SCENE --save-as OUT` on a small scene (a heavy
box resting on a static floor under water), and drives it with xdotool as a
person would: spawns a box at the cursor (B), drags the resting box across
(left button down on it, move, up), saves (Ctrl+S). The saved scene must
check, hold one body more, and have the dragged box moved. A screenshot of
the window must show the picture (many colours, the water's blue); a broken
edit to the open file must bring up the red error banner, and mending it must
clear it. C records a replay of what is done (a spawn, a drag, the water
raised), and `flotsam replay` plays it headless to the same final hash; a
replay opened in the window plays to the state `flotsam replay` ends in.
Without a display, `flotsam` must say so in one line.

The test never guesses how long the window needs: each window writes what it
has done to its trace (FLOTSAM_SANDBOX_TRACE, docs/sandbox.md), and the test
waits there for the line that says its input was handled, for a frame begun
after it to be on the screen, or for the world to reach a step.

usage: test_sandbox.py FLOTSAM_BINARY SOURCE_ROOT
"""
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import sandbox_window  # noqa: E402
from sandbox_window import SCENE, SIZE, Window, to_screen
from sandbox_x import Trace, read_png_rgb, wait_for

FLOTSAM = ROOT = None
VIDEO_PROBE = None  # tests/video_probe.c, to read a capture's video back


class Sandbox(Window):
    def test_spawn_drag_save(self):
        self.point(*to_screen(8.0, 0.5))  # empty sky
        self.press('b')
        start = to_screen(3.0, 5.0)
        self.point(*start)
        self.send('^button down 1 ', 'mousedown', '1')
        for i in range(1, 21):
            self.drag_to(start[0] + 12 * i, start[1] - 4 * i, 3)  # to about (6, 4)
        self.trace.steps(60)
        self.send('^button up 1 ', 'mouseup', '1')
        self.trace.steps(12)
        self.press('ctrl+s')
        self.trace.wait('^saved %s$' % re.escape(self.out))
        wait_for(lambda: self.out in self.stdout(), 5, 'the saved path on stdout')

        r = subprocess.run([FLOTSAM, 'check', self.out], capture_output=True, text=True,
                           timeout=30)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('4 bodies', r.stdout)  # the floor, the crate, the kite, the new box
        with open(self.out, encoding='utf-8') as f:
            saved = f.read()
        m = re.search(r'^polygon name=crate at=([-0-9.e+]+),([-0-9.e+]+)', saved, re.M)
        self.assertIsNotNone(m, saved)
        x = float(m.group(1))
        self.assertGreater(x - 3.0, 1.5, 'the dragged crate stayed near x = 3: ' + saved)
        self.assertIn('color=#c04000', saved)

        rows = self.screenshot()
        self.assertEqual((len(rows[0]), len(rows)), SIZE)
        colours = {p for row in rows[::4] for p in row[::4]}
        self.assertGreater(len(colours), 50, 'the window looks blank')
        water = sum(1 for row in rows[::4] for (r_, g, b) in row[::4] if b > r_ + 60 and b > g)
        self.assertGreater(water, 0.1 * len(rows[::4]) * len(rows[0][::4]), 'no water in sight')
        # Anti-aliased: the black kite, turned 30 degrees against the sky,
        # has pixels of colours between the two along its slanted edges
        # (the outline's own shade aside, a stair-stepped edge has none).
        cx, cy = to_screen(8.5, 0.5)
        between = 0
        for y in range(int(cy) - 40, int(cy) + 40):
            for x in range(int(cx) - 40, int(cx) + 40):
                r_, g, b = rows[y][x]
                between += 60 < g < 170
        self.assertGreater(between, 40, 'no anti-aliased edges on the turned kite')
        # The HUD's text: white glyphs on the dark panel, with grey edges.
        hud = [rows[y][x] for y in range(8, 60) for x in range(8, 120)]
        white = sum(1 for (r_, g, b) in hud if min(r_, g, b) > 230)
        grey = sum(1 for (r_, g, b) in hud if 130 < r_ < 215)
        self.assertGreater(white, 40, 'no HUD text')
        self.assertGreater(grey, 40, 'the HUD text is not anti-aliased')

    def test_window_shows_what_a_snapshot_draws(self):
        """The window and a capture share one renderer: the world saved from
        the paused window, drawn by `run --snapshot` at the window's size and
        camera, gives the window's pixels."""
        self.press('space')  # pause
        self.press('h')      # no HUD (its text differs from a run's)
        self.press('ctrl+s')
        self.trace.wait('^saved %s$' % re.escape(self.out))
        self.trace.drawn()
        rows = self.screenshot()
        snap = os.path.join(self.dir, 'snap.png')
        r = subprocess.run([FLOTSAM, 'run', self.out, '--steps', '0', '--snapshot', snap,
                            '--size', '%dx%d' % SIZE, '--overlay', 'none'],
                           capture_output=True, text=True, timeout=30)
        self.assertEqual(r.returncode, 0, r.stderr)
        w, h, pixels = read_png_rgb(snap)
        self.assertEqual((w, h), SIZE)
        differ, total = 0, 0
        for y in range(h):
            for x in range(w):
                a, b = rows[y][x], pixels[y][x]
                d = sum(abs(a[k] - b[k]) for k in range(3))
                total += d
                differ += d > 6
        # The saved scene holds every number to the bit, so only edges that a
        # rounding in the rebuilt rotation moves may differ, and by little.
        self.assertLess(differ, 0.001 * w * h, '%d pixels differ' % differ)
        self.assertLess(total / (3.0 * w * h), 0.05)

    def test_broken_file_shows_banner_until_mended(self):
        self.trace.mark()
        with open(self.scene, 'a', encoding='utf-8') as f:
            f.write('box at=1,1 size=1,1 density=abc\n')
        wait_for(lambda: 'dock.scene:7:' in self.stderr(), 10, 'the reload error')
        self.assertIn('dock.scene:7:29: expected a number', self.stderr())
        self.trace.wait(r'^banner .*dock\.scene:7:29: expected a number')
        self.trace.drawn()

        def banner_rows():
            rows = self.screenshot()
            return sum(1 for row in rows[-12:] if row[SIZE[0] // 2][0] > 150 and
                       row[SIZE[0] // 2][1] < 90 and row[SIZE[0] // 2][2] < 90)
        self.assertEqual(banner_rows(), 12, 'no red banner at the bottom of the window')
        self.assertIsNone(self.proc.poll(), 'the sandbox quit on a bad file')
        self.trace.mark()
        with open(self.scene, 'w', encoding='utf-8') as f:
            f.write(SCENE + '# mended\n')
        self.trace.wait('^loaded %s$' % re.escape(self.scene))
        self.trace.wait('^banner$')
        self.trace.drawn()
        self.assertEqual(banner_rows(), 0, 'the banner stayed')

    def test_recorded_by_hand_replays_headless(self):
        self.press('c')
        self.point(*to_screen(8.0, 0.5))  # empty sky
        self.press('b')
        start = to_screen(3.0, 5.0)
        self.point(*start)
        self.send('^button down 1 ', 'mousedown', '1')
        for i in range(1, 16):
            self.drag_to(start[0] + 10 * i, start[1] - 5 * i, 2)
        self.send('^button up 1 ', 'mouseup', '1')
        self.press('w')
        self.trace.steps(48)
        text = self.stop_replay_and_play_it()
        for word in (' spawn\n', ' grab body=', ' drag target=', ' release', ' fluid index=0'):
            self.assertIn(word, text)

    def test_draw_a_pentagon(self):
        """P, five clicks in the sky, Enter: a body of five corners, saved."""
        self.press('p')
        corners = [(6.0, 0.6), (7.0, 0.4), (7.4, 1.2), (6.8, 1.9), (5.9, 1.5)]
        for x, y in corners:
            self.point(*to_screen(x, y))
            self.click()
        self.press('Return')
        self.press('ctrl+s')
        self.trace.wait('^saved %s$' % re.escape(self.out))
        with open(self.out, encoding='utf-8') as f:
            saved = f.read()
        fives = [m for m in re.finditer(r'points=\[([^\]]*)\]', saved)
                 if len(m.group(1).split()) == 5]
        self.assertEqual(len(fives), 1, saved)
        r = subprocess.run([FLOTSAM, 'check', self.out], capture_output=True, text=True,
                           timeout=30)
        self.assertIn('4 bodies', r.stdout)  # the floor, the crate, the kite, the pentagon

    def test_k_holes_a_hull_and_the_replay_holds_it(self):
        """A hollow hull drawn in the water (P, corners, T, Enter), holed in
        its side under the waterline with K while recording (the HUD says it
        floods), selected by a click in its hold: the replay says so and
        replays to the same hash, and the saved scene has the hole among
        the hold's openings."""
        # Paused while it is drawn, chosen and holed: it stays where it was
        # drawn, its bottom 0.4 m under the water. Free, it would bob from
        # there about its rest, 0.095 m deep (0.38 m2 of walls at 500 kg/m3
        # on a 2 m beam), and a hole at a fixed height would be under the
        # water or over it as the moment of the key fell.
        self.press('space')
        self.trace.wait(r'^frame \d+ step \d+ bodies \d+ paused 1$')
        self.press('c')
        self.draw_hollow_hull()
        # A click in the hold (x 4.1-5.9, y 2.4-3.3), inside the hull but
        # on none of its walls, selects the boat: Z then shows its curve.
        self.point(*to_screen(5.0, 2.85))
        self.click()
        self.press('z')
        self.trace.wait('^say stability curve on$')
        self.press('z')
        # The curve's panel gone (and the view's width with it) before the
        # pointer is read: under load both keys can come in one frame.
        self.trace.wait('^say stability curve off$')
        self.trace.drawn()
        # 3.1 m on its right wall (x 6), 0.1 m under the water.
        self.point(*to_screen(6.0, 3.1))
        self.press('k')
        self.trace.wait('^say holed: 0.12 m, 0.16 m under the water outside: she floods$')
        self.press('space')
        self.trace.steps(60)
        self.assertIn(' hole body=', self.stop_replay_and_play_it())
        self.press('ctrl+s')
        self.trace.wait('^saved %s$' % re.escape(self.out))
        with open(self.out, encoding='utf-8') as f:
            saved = f.read()
        openings = re.findall(r'openings=\[([^\]]*)\]', saved)
        self.assertEqual(len(openings), 1, saved)
        self.assertEqual(len(openings[0].split()), 4, saved)  # the open top and the hole

    def test_selecting_shows_the_inspector(self):
        """A click on the crate outlines it in yellow and opens the panel in
        the top right corner (its yellow rule, white text on the dark panel),
        with the live plot of its draft under it;
        = raises its density a step of the ladder (2000 to 3000), and the saved
        scene says so."""
        self.point(*to_screen(3.0, 5.0))
        self.click()
        selected = self.trace.drawn()
        rows = self.screenshot()

        def yellow(p):
            return p[0] > 220 and 180 < p[1] < 230 and p[2] < 110
        cx, cy = to_screen(3.0, 5.0)
        ring = sum(1 for y in range(cy - 60, cy + 60) for x in range(cx - 60, cx + 60)
                   if yellow(rows[y][x]))
        self.assertGreater(ring, 100, 'no yellow outline round the selected crate')
        top_right = [rows[y][x] for y in range(0, 80) for x in range(SIZE[0] - 250, SIZE[0])]
        self.assertGreater(sum(1 for p in top_right if yellow(p)), 100, 'no inspector panel')
        self.assertGreater(sum(1 for p in top_right if min(p) > 230), 50, 'no text in the panel')
        # Under the panel, the live plot of its draft: a yellow curve, of
        # 2.5 s since the click.
        self.trace.until_step(selected + 150)
        rows = self.screenshot()
        plot = [rows[y][x] for y in range(190, 360) for x in range(SIZE[0] - 250, SIZE[0])]
        self.assertGreater(sum(1 for p in plot if yellow(p)), 20, 'no live plot')
        # G shows the heel at once, with its history (every quantity is
        # sampled); E writes them all out.
        self.press('g')
        self.trace.drawn()
        rows = self.screenshot()
        plot = [rows[y][x] for y in range(190, 360) for x in range(SIZE[0] - 250, SIZE[0])]
        self.assertGreater(sum(1 for p in plot if yellow(p)), 20, 'G restarted the plot')
        self.press('e')
        for ext in ('.csv', '.png', '.svg'):  # in the current folder
            self.trace.wait('^saved dock-plot-1%s$' % re.escape(ext))
        base = os.path.join(self.dir, 'dock-plot-1')
        with open(base + '.csv', encoding='utf-8', newline='') as f:
            table = list(csv.reader(f))
        self.assertEqual(table[0][:3], ['time (s)', 'draft (m)', 'heel (deg)'])
        self.assertEqual(len(table[0]), 6)
        self.assertGreater(len(table), 100)  # 2.5 s and more, a row a frame
        self.assertEqual(read_png_rgb(base + '.png')[:2], (960, 1200))
        self.press('equal')
        self.press('ctrl+s')
        self.trace.wait('^saved %s$' % re.escape(self.out))
        with open(self.out, encoding='utf-8') as f:
            self.assertRegex(f.read(), r'(?m)^polygon name=crate .*density=3000\.0')  # a step up the ladder

    def test_z_shows_the_stability_curve(self):
        """Z under the inspector: for the crate, twice as dense as the water,
        words in the panel's reddish ink that it does not float, and no
        curve; its density stepped down to 600 (- nine times), the curve of
        GZ against heel in its light blue, with the yellow marker of its heel
        now on it; Z again hides it, and once more shows it."""
        def curve_blue(p):
            return p[0] < 150 and p[1] > 175 and p[2] > 215 and p[2] - p[0] > 80

        def reddish(p):
            return p[0] > 230 and 150 < p[1] < 200 and 140 < p[2] < 190

        def under_panel(rows, test):
            return sum(1 for y in range(150, SIZE[1]) for x in range(SIZE[0] - 330, SIZE[0])
                       if test(rows[y][x]))
        self.point(*to_screen(3.0, 5.0))
        self.click()
        self.press('z')
        self.trace.drawn()
        rows = self.screenshot()
        self.assertGreater(under_panel(rows, reddish), 30, 'no word that the crate sinks')
        self.assertLess(under_panel(rows, curve_blue), 5, 'a curve for a body that sinks')
        for _ in range(9):  # 2000 to 1500 1250 1100 1000 950 900 800 700 600
            self.press('minus')
        self.trace.steps(60)
        rows = self.screenshot()
        self.assertGreater(under_panel(rows, curve_blue), 150, 'no stability curve')
        self.assertLess(under_panel(rows, reddish), 5, 'still says it sinks')
        self.press('z')
        self.trace.drawn()
        rows = self.screenshot()
        self.assertLess(under_panel(rows, curve_blue), 5, 'Z did not hide the curve')
        self.press('z')
        self.trace.drawn()
        self.assertGreater(under_panel(self.screenshot(), curve_blue), 150,
                           'Z did not show the curve again')

    def test_a_paused_window_waits(self):
        """Paused, the window waits for events: under 2 % of a core over 5 s
        (from /proc, user and system time of the process)."""
        self.press('space')
        self.trace.wait(r'^frame \d+ step \d+ bodies \d+ paused 1$')

        def cpu_seconds():
            with open('/proc/%d/stat' % self.proc.pid) as f:
                fields = f.read().rsplit(')', 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')
        before = cpu_seconds()
        time.sleep(5.0)  # not a wait for the window: the span the CPU time is measured over
        used = cpu_seconds() - before
        self.assertLess(used / 5.0, 0.02, '%.1f %% of a core while paused' % (100 * used / 5.0))
        self.assertIsNone(self.proc.poll())

    def test_a_lost_body_is_removed(self):
        """A body dropped beside the floor falls 50 m below it in about 3.5 s
        and is taken out of the world; the rest stays."""
        scene = os.path.join(self.dir, 'lost.scene')
        with open(scene, 'w', encoding='utf-8') as f:
            f.write(SCENE + 'box name=stray at=14,0 size=0.5,0.5 density=500\n')
        out = os.path.join(self.dir, 'lost-saved.scene')

        def drive(window, trace):
            trace.wait('^say stray fell out of the world', 60)
            self.key(window, 'ctrl+s', trace)
            trace.wait('^saved %s$' % re.escape(out))
        self.in_second_window([scene, '--save-as', out, '--size', '640x360'], 'lost', drive)
        with open(out, encoding='utf-8') as f:
            saved = f.read()
        self.assertNotIn('name=stray', saved)
        self.assertIn('name=crate', saved)

    def test_the_picker_opens_another_scene(self):
        """O lists the open scene first, then its folder's scenes by name:
        Down and Enter open the next one."""
        other = os.path.join(self.dir, 'aaa-other.scene')
        with open(other, 'w', encoding='utf-8') as f:
            f.write(SCENE.replace('name=crate', 'name=picked'))
        self.press('o')
        self.press('Down')
        self.press('Return')
        self.trace.wait(r'^loaded .*/aaa-other\.scene$')
        self.press('ctrl+s')
        self.trace.wait('^saved %s$' % re.escape(self.out))
        with open(self.out, encoding='utf-8') as f:
            self.assertIn('name=picked', f.read())
        os.remove(other)

    def test_a_replay_plays_in_the_window(self):
        path = os.path.join(ROOT, 'tests', 'data', 'harbour.replay')
        out = os.path.join(self.dir, 'played.scene')
        with open(path, encoding='utf-8') as f:
            steps = int(f.read().strip().splitlines()[-1].split()[1])

        def drive(window, trace):
            trace.wait('^replay-end$', 30 + steps / 20.0)  # played to its end, paused there
            self.key(window, 'ctrl+s', trace)
            trace.wait('^saved %s$' % re.escape(out))
        errors = self.in_second_window([path, '--save-as', out, '--size', '640x360'],
                                       'harbour.replay', drive)
        self.assertNotIn('differs', errors)
        r = subprocess.run([FLOTSAM, 'replay', path, '--state-out', '-'], capture_output=True,
                           text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        final = {b['name']: b for b in json.loads(r.stdout)['bodies'] if b['name']}
        with open(out, encoding='utf-8') as f:
            saved = f.read()
        m = re.search(r'^polygon name=crate at=([-0-9.e+]+),([-0-9.e+]+)', saved, re.M)
        self.assertIsNotNone(m, saved)
        self.assertAlmostEqual(float(m.group(1)), final['crate']['x'], delta=1e-9)
        self.assertAlmostEqual(float(m.group(2)), final['crate']['y'], delta=1e-9)

    def test_a_scene_or_a_replay_from_stdin(self):
        """'-' opens standard input, a scene or (by its first line) a
        replay; the window is named for it, and Ctrl+S saves what it shows."""
        for given, bodies in ((self.scene, '3 bodies'),
                              (os.path.join(ROOT, 'tests', 'data', 'harbour.replay'), None)):
            out = os.path.join(self.dir, 'from-stdin.scene')
            if os.path.exists(out):
                os.remove(out)

            def drive(window, trace):
                self.key(window, 'ctrl+s', trace)
                trace.wait('^saved %s$' % re.escape(out))
            errors = self.in_second_window(['-', '--save-as', out, '--size', '640x360'],
                                           'flotsam - stdin', drive, stdin=given)
            # Nothing said about the input (a sanitizer may add its own lines).
            self.assertNotIn('<stdin>', errors)
            self.assertNotIn('flotsam:', errors)
            r = subprocess.run([FLOTSAM, 'check', out], capture_output=True, text=True,
                               timeout=30)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            if bodies:
                self.assertIn(bodies, r.stdout)

    def test_a_scene_without_names_or_bodies(self):
        """No body named or coloured, or no body at all: the window copies
        the world for its painter, a box is spawned and selected, the world
        saved, with nothing reported (under UBSan, copying no labels, or no
        body's forces, was a memcpy from NULL)."""
        bare = re.sub(r' (name|color)=[#a-z0-9]+', '', SCENE)
        water = ''.join(line + '\n' for line in SCENE.splitlines()
                        if not line.startswith('box'))
        for name, text, bodies in (('nameless', bare, '4 bodies'), ('bodiless', water, '1 body')):
            scene = os.path.join(self.dir, name + '.scene')
            with open(scene, 'w', encoding='utf-8') as f:
                f.write(text)
            out = os.path.join(self.dir, name + '-saved.scene')

            def drive(window, trace):
                self.point(320, 60, window, trace)
                self.key(window, 'b', trace)
                trace.mark()
                self.display.run('xdotool', 'click', '--window', window, '1')
                trace.wait('^button up 1 ')
                self.key(window, 'ctrl+s', trace)
                trace.wait('^saved %s$' % re.escape(out))
            errors = self.in_second_window([scene, '--save-as', out, '--size', '640x360'], name,
                                           drive)
            self.assertNotIn('runtime error', errors)
            r = subprocess.run([FLOTSAM, 'check', out], capture_output=True, text=True,
                               timeout=30)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn(bodies, r.stdout)

    def test_the_panel_does_what_the_keys_do(self):
        """Raise (a button) moves the water exactly as W does; a density
        typed into its box is the spawned body's."""
        self.press('w')
        self.press('ctrl+s')
        self.trace.wait('^saved %s$' % re.escape(self.out))
        with open(self.out, encoding='utf-8') as f:
            by_key = re.search(r'^fluid .*$', f.read(), re.M).group(0)
        out = os.path.join(self.dir, 'panel.scene')
        if os.path.exists(out):
            os.remove(out)

        def drive(window, trace):
            # Typed text comes as SDL's text events, which need the focus.
            self.display.run('xdotool', 'windowfocus', '--sync', window)
            raise_at, spawn_at = self.panel_place(trace, 'Raise'), self.panel_place(trace, 'Spawn')
            self.panel_click(window, trace, raise_at, '^control Raise$')
            self.panel_type(window, trace, 'Density', '1234')
            self.panel_click(window, trace, spawn_at, '^control Spawn$')
            self.key(window, 'ctrl+s', trace)
            trace.wait('^saved %s$' % re.escape(out))

        self.in_second_window([self.scene, '--save-as', out, '--size', '800x600'], 'dock', drive,
                              panel=True)
        with open(out, encoding='utf-8') as f:
            saved = f.read()
        self.assertEqual(re.search(r'^fluid .*$', saved, re.M).group(0), by_key)
        self.assertRegex(saved, r'(?m)^polygon .*density=1234\b')

    def test_out_dir_takes_what_the_window_writes(self):
        """--out-dir DIR (made when missing): Ctrl+S, C's replay and
        Shift+C's frames and video go there when not named otherwise; a
        folder that cannot be made is said before any window opens."""
        out = os.path.join(self.dir, 'made', 'here')
        os.makedirs(os.path.dirname(out), exist_ok=True)
        shutil.rmtree(out, ignore_errors=True)

        def drive(window, trace):
            self.key(window, 'ctrl+s', trace)
            trace.wait('^saved ')
            for key in ('c', 'shift+c'):
                self.key(window, key, trace)
                trace.steps(10)
                self.key(window, key, trace)
                trace.wait('^saved ')
        self.in_second_window([self.scene, '--out-dir', out, '--size', '320x240'], 'dock', drive)
        self.assertEqual(sorted(os.listdir(out)),
                         ['dock-1.replay', 'dock-saved.scene', 'frames-1', 'frames-1.mp4'])
        r = subprocess.run([FLOTSAM, self.scene, '--out-dir', os.path.join(self.dir, 'no', 'such')],
                           capture_output=True, text=True, timeout=30)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertRegex(r.stderr, r'^flotsam: --out-dir: .*no/such')

    def test_captures_never_mix(self):
        """Shift+C twice into one --frames folder: the second capture goes to
        a numbered folder of its own, and each holds the frames it said, and
        has the same frames as a video beside it."""
        frames = os.path.join(self.dir, 'shots')
        os.makedirs(frames, exist_ok=True)
        for old in os.listdir(frames):
            os.remove(os.path.join(frames, old))
        shutil.rmtree(frames + '-2', ignore_errors=True)
        for old in (frames + '.mp4', frames + '-2.mp4'):
            if os.path.exists(old):
                os.remove(old)
        said = []

        def drive(window, trace):
            for steps in (120, 42):  # 2 s and 0.7 s of the world
                self.key(window, 'shift+c', trace)
                trace.steps(steps)
                self.key(window, 'shift+c', trace)
                trace.wait(r'^say \d+ frames in ')
        with tempfile.TemporaryFile('w+') as out:
            self.in_second_window([self.scene, '--frames', frames, '--size', '320x240'],
                                  'dock', drive, stdout=out)
            out.seek(0)
            said = re.findall(r'^(\d+) frames? in (.*)/$', out.read(), re.M)
        self.assertEqual([d for _, d in said], [frames, frames + '-2'], said)
        for count, folder in said:
            names = sorted(os.listdir(folder))
            self.assertEqual(len(names), int(count), folder)
            self.assertEqual(names[0], 'frame-000001.png')
            # Beside each folder its video, DIR.mp4: the same frames, 30 a
            # second of the world's time (a frame every 2 of its 60 steps).
            self.assertTrue(os.path.getsize(folder + '.mp4') > 0, folder)
            if VIDEO_PROBE:
                r = subprocess.run([VIDEO_PROBE, folder + '.mp4'], capture_output=True,
                                   text=True, timeout=60, check=True)
                got = json.loads(r.stdout)
                self.assertEqual((got['codec'], got['frames'], got['width'], got['height']),
                                 ('h264', int(count), 320, 240), got)
                self.assertAlmostEqual(got['end'], int(count) / 30.0, places=3)
        self.assertGreater(int(said[0][0]), int(said[1][0]))

    def test_a_scripted_scene_runs_in_the_window_and_records(self):
        """The window applies a scene's timed events, and a replay recorded
        while they happen replays them."""
        scene = os.path.join(self.dir, 'script.scene')
        with open(scene, 'w', encoding='utf-8') as f:
            f.write(SCENE + 'at step=150 spawn box name=drop at=6,1 size=0.8,0.8 density=300\n'
                    'at step=200 push crate impulse=0,-3000\n')
        out = os.path.join(self.dir, 'script-saved.scene')
        replay = os.path.join(self.dir, 'script.replay')

        def drive(window, trace):
            self.key(window, 'c', trace)  # at its first frames: before both events
            trace.until_step(240)
            self.key(window, 'c', trace)
            trace.wait('^saved %s$' % re.escape(replay))
            self.key(window, 'ctrl+s', trace)
            trace.wait('^saved %s$' % re.escape(out))
        self.in_second_window([scene, '--save-as', out, '--replay-out', replay, '--size',
                               '640x360'], 'script', drive)
        with open(out, encoding='utf-8') as f:
            self.assertRegex(f.read(), r'(?m)^polygon name=drop ')
        with open(replay, encoding='utf-8') as f:
            text = f.read()
        self.assertIn('spawn box name=drop', text)  # the start scene still had it to come
        r = subprocess.run([FLOTSAM, 'replay', replay, '--state-out', '-'], capture_output=True,
                           text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('"name":"drop"', r.stdout)

class NoDisplay(unittest.TestCase):
    def test_says_so_in_one_line(self):
        env = dict(os.environ, DISPLAY='', SDL_VIDEODRIVER='')
        env.pop('WAYLAND_DISPLAY', None)
        r = subprocess.run([FLOTSAM], env=env, capture_output=True, text=True, timeout=30)
        self.assertEqual(r.returncode, 1, r.stderr)
        lines = r.stderr.splitlines()
        self.assertEqual(len(lines), 1, r.stderr)
        self.assertIn('run', lines[0])
        self.assertIn('--frames', lines[0])
        self.assertEqual(r.stdout, '')



if __name__ == '__main__':
    FLOTSAM, ROOT = sandbox_window.configure(sys.argv)
    if len(sys.argv) > 3 and not sys.argv[3].startswith('-'):
        VIDEO_PROBE = os.path.abspath(sys.argv.pop(3))
    unittest.main(argv=[sys.argv[0], '-v'] + sys.argv[3:])
