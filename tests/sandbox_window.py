#!/usr/bin/env python3
"""What the sandbox's window tests share: a small scene (a heavy box resting
on a static floor under water, a black kite in the sky), opened in a window
on an Xvfb display for each test with its trace, and the ways to drive it
with xdotool as a person would, each waiting for the window's own word that
it was done (sandbox_x.py)."""
import os
import re
import subprocess
import tempfile
import time
import unittest

import sandbox_x
from sandbox_x import Display, Trace, key_name, read_xwd, require_tools, wait_for

FLOTSAM = None
ROOT = None
SIZE = (800, 600)
# The scene's view: 10 m across an 800 px window, centred on (5, 3).
VIEW_CENTER, VIEW_WIDTH = (5.0, 3.0), 10.0
SCENE = """flotsam-scene 1
view  center=5,3 width=10
fluid name=water density=1000 surface=3 left=0 right=10 bottom=5.5
box   name=floor at=5,5.75 size=10,0.5 static
box   name=crate at=3,5 size=1,1 density=2000 color=#c04000
box   name=kite at=8.5,0.5 size=0.8,0.8 static angle=30deg color=#000000
"""


def to_screen(x, y):
    k = SIZE[0] / VIEW_WIDTH
    return (round((x - VIEW_CENTER[0]) * k + SIZE[0] / 2),
            round((y - VIEW_CENTER[1]) * k + SIZE[1] / 2))


class Window(unittest.TestCase):
    """A window on SCENE for each test; tearDown quits it."""

    SCREEN = '1024x768'  # the virtual display's size

    @classmethod
    def setUpClass(cls):
        require_tools()
        cls.tmp = tempfile.TemporaryDirectory()
        cls.dir = cls.tmp.name
        cls.display = Display(cls.SCREEN)

    @classmethod
    def tearDownClass(cls):
        cls.display.close()
        cls.tmp.cleanup()

    def setUp(self):
        self.scene = os.path.join(self.dir, 'dock.scene')
        self.out = os.path.join(self.dir, 'out.scene')
        self.replay = os.path.join(self.dir, 'out.replay')
        for old in (self.out, self.replay):
            if os.path.exists(old):
                os.remove(old)
        with open(self.scene, 'w', encoding='utf-8') as f:
            f.write(SCENE)
        self.log_out = open(os.path.join(self.dir, 'stdout.txt'), 'w+')
        self.log_err = open(os.path.join(self.dir, 'stderr.txt'), 'w+')
        trace = os.path.join(self.dir, 'window.trace')
        if os.path.exists(trace):
            os.remove(trace)
        self.proc = subprocess.Popen(
            [FLOTSAM, self.scene, '--save-as', self.out, '--replay-out', self.replay,
             '--size', '%dx%d' % SIZE, '--no-panel'],
            cwd=self.dir, env=self.display.env(trace), stdout=self.log_out, stderr=self.log_err)
        self.trace = Trace(trace, self.proc)
        try:
            ids = self.display.run('xdotool', 'search', '--sync', '--name', 'flotsam')
        except subprocess.TimeoutExpired:
            self.fail('no flotsam window appeared: ' + self.stderr())
        self.window = ids.split()[0]
        self.xdo('windowfocus', '--sync', self.window)
        self.trace.until_step(60)  # let the box settle on the floor

    def tearDown(self):
        if self.proc.poll() is None:
            # The focus again: a second window (in_second_window) took it,
            # and no window has it once that one has closed.
            self.xdo('windowfocus', '--sync', self.window)
            try:
                self.quit(self.window, self.trace, self.proc)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.release_keys()
        self.log_out.close()
        self.log_err.close()

    def release_keys(self):
        """Lets go of Ctrl and Q: a window that closes on the Q going down
        can leave xdotool holding them, and the next window to take the
        focus would see Ctrl+Q held, and quit."""
        subprocess.run(['xdotool', 'keyup', 'ctrl', 'q'], env=self.display.env(),
                       capture_output=True, timeout=30)

    def quit(self, window, trace, proc):
        """Ctrl+Q, and Enter when the window asks whether to discard the
        changes made to its world; waits for it to end."""
        trace.mark()
        # The window may close on the Q going down, before xdotool lets go
        # of it and Ctrl (BadWindow): the exit status tells.
        subprocess.run(['xdotool', 'key', '--window', window, 'ctrl+q'], env=self.display.env(),
                       capture_output=True, timeout=30)
        deadline = time.time() + 10
        while proc.poll() is None:
            trace.read()
            if any(line.startswith('ask ') for line in trace.lines[trace.seen:]):
                trace.mark()
                subprocess.run(['xdotool', 'key', '--window', window, 'Return'],
                               env=self.display.env(), capture_output=True, timeout=30)
            if time.time() > deadline:
                raise subprocess.TimeoutExpired('flotsam', 10)
            time.sleep(0.02)  # a look at the file and the process, not a guess at the window
        return proc.returncode

    def xdo(self, *args):
        return self.display.run('xdotool', *args)

    def stdout(self):
        self.log_out.seek(0)
        return self.log_out.read()

    def stderr(self):
        self.log_err.seek(0)
        return self.log_err.read()

    def screenshot(self, window=None):
        """The pixels of this test's window, or of the one given."""
        dump = subprocess.run(['xwd', '-id', window or self.window, '-silent'],
                              env=self.display.env(),
                              capture_output=True, timeout=20, check=True).stdout
        return read_xwd(dump)

    def move(self, x, y):
        self.xdo('mousemove', '--window', self.window, str(x), str(y))

    def send(self, expect, *args):
        """xdotool args, and the window's line (a pattern) that says it
        handled them."""
        self.trace.mark()
        self.xdo(*args)
        return self.trace.wait(expect)

    def press(self, key):
        self.send('^key %s$' % re.escape(key_name(key)), 'key', key)

    def click(self):
        self.send('^button up 1 ', 'click', '1')

    def drag_to(self, x, y, steps):
        """A move with the button held, then `steps` steps of the world."""
        self.send('^motion %d %d$' % (x, y), 'mousemove', '--window', self.window, str(x), str(y))
        self.trace.steps(steps)

    def point(self, x, y, window=None, trace=None):
        """The cursor to (x, y) in the window (this test's, or the one
        given, with its trace) by way of the pixel beside it, so that the
        window sees it move even when the last one left it there."""
        window, trace = window or self.window, trace or self.trace
        self.display.run('xdotool', 'mousemove', '--window', window, str(x + 1), str(y))
        trace.mark()
        self.display.run('xdotool', 'mousemove', '--window', window, str(x), str(y))
        trace.wait('^motion %d %d$' % (x, y))

    def panel_place(self, trace, name):
        """The middle of a control's widget in the panel (window points),
        as the window's trace said where it is."""
        trace.read()
        trace.seen = 0  # said when the panel was first built, before any frame
        m = trace.wait(r'^panel %s (-?\d+) (-?\d+) (-?\d+) (-?\d+)$' % re.escape(name))
        x0, y0, x1, y1 = (int(v) for v in m.groups())
        return (x0 + x1) // 2, (y0 + y1) // 2

    def panel_click(self, window, trace, at, expect):
        """A click at `at` in that window, and its trace's line `expect`."""
        self.point(*at, window=window, trace=trace)
        trace.mark()
        self.display.run('xdotool', 'click', '--window', window, '1')
        return trace.wait(expect)

    def panel_type(self, window, trace, name, text):
        """`text` typed into control `name`'s box, and Enter: its trace says
        the control took it. The box's text is selected as it is clicked:
        what is typed replaces it. ImGui reads a key's state once a frame:
        Enter is held until a frame has taken it."""
        self.panel_click(window, trace, self.panel_place(trace, name + ' typed'),
                         '^panel typing %s$' % re.escape(name))
        self.display.run('xdotool', 'type', '--window', window, text)
        trace.mark()
        self.display.run('xdotool', 'keydown', '--window', window, 'Return')
        took = trace.wait(r'^control %s (\S+)$' % re.escape(name)).group(1)
        self.display.run('xdotool', 'keyup', '--window', window, 'Return')
        self.assertEqual(float(took), float(text))  # the trace prints 17 digits

    def draw_hollow_hull(self):
        """P, four corners (a 2 x 1 m hull in the water at x 4-6, y
        2.4-3.4), T, Enter: a hollow hull, open at the top."""
        self.press('p')
        for x, y in [(4.0, 2.4), (6.0, 2.4), (6.0, 3.4), (4.0, 3.4)]:
            self.point(*to_screen(x, y))
            self.click()
        self.press('t')
        self.press('Return')

    def stop_replay_and_play_it(self):
        """C again: the replay written (its path on stdout), and `flotsam
        replay` playing it to the hash it ends with. Returns its text."""
        self.press('c')
        self.trace.wait('^saved %s$' % re.escape(self.replay))
        wait_for(lambda: self.replay in self.stdout(), 10, 'the replay path on stdout')
        with open(self.replay, encoding='utf-8') as f:
            text = f.read()
        end = text.strip().splitlines()[-1].split()
        r = subprocess.run([FLOTSAM, 'replay', self.replay, '--state-out', '-'],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('"hash":"%s"' % end[2], r.stdout)
        return text

    def in_second_window(self, args, title, drive, stdin=None, stdout=None, cwd=None,
                         panel=False):
        """Opens another flotsam window (its standard input the file stdin,
        if given; its standard output the file stdout, if given; its control
        panel shown if panel), lets drive(window, trace) work it, quits it;
        returns what it said on stderr."""
        args = list(args) + ([] if panel else ['--no-panel'])
        path = os.path.join(self.dir, 'second.trace')
        if os.path.exists(path):
            os.remove(path)
        with open(os.devnull, 'w') as quiet, tempfile.TemporaryFile('w+') as errors, \
                open(stdin or os.devnull, 'rb') as given:
            proc = subprocess.Popen([FLOTSAM, *args], cwd=cwd or self.dir, env=self.display.env(path),
                                    stdin=given, stdout=stdout or quiet, stderr=errors,
                                    text=True)
            trace = Trace(path, proc)
            try:
                self.display.run('xdotool', 'search', '--sync', '--name', title)
                # SDL may make its window again when it picks a renderer: the
                # one to drive is the last with that name, once it has shown
                # a frame.
                trace.wait('^frame ')
                # A window of that name that has just closed (another run's)
                # may have been the one found: look again until one is there.
                found = []

                def named():
                    r = subprocess.run(['xdotool', 'search', '--name', title],
                                       env=self.display.env(), capture_output=True, text=True,
                                       timeout=20)
                    found[:] = r.stdout.split()
                    return bool(found)
                wait_for(named, 20, 'a window named ' + title)
                window = found[-1]
                drive(window, trace)
                self.assertEqual(self.quit(window, trace, proc), 0)
                self.release_keys()
            finally:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
            errors.seek(0)
            return errors.read()

    def key(self, window, key, trace):
        """A key sent to that window, and its trace's word that it was handled."""
        trace.mark()
        self.display.run('xdotool', 'key', '--window', window, key)
        trace.wait('^key %s$' % re.escape(key_name(key)))


def configure(argv):
    """FLOTSAM_BINARY SOURCE_ROOT from the command line, for every module
    that needs them; returns the two."""
    global FLOTSAM, ROOT
    FLOTSAM = os.path.abspath(argv[1])
    ROOT = sandbox_x.ROOT = os.path.abspath(argv[2])
    return FLOTSAM, ROOT
