#!/usr/bin/env python3
"""The sandbox's panels sit beside the world, never over it, at 800x600 and
at 1920x1080, driven under Xvfb with xdotool (sandbox_window.py).

With the control panel shown, a raft selected (its column of numbers on
the right), its live plot (G) and its stability curve (Z) open, the window
says where it put each part ("layout W H panel P dock D" in its trace), and
a screenshot must agree: the world's view between them holds none of the
column's colour and none of the panel's, the column and the panel are
there, and the raft, the selected body, is in the view.

With FLOTSAM_LAYOUT_SHOTS=DIR the screenshots are kept there as PNGs.

usage: test_sandbox_layout.py FLOTSAM_BINARY SOURCE_ROOT
"""
import collections
import os
import sys
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import sandbox_window  # noqa: E402
from sandbox_window import SCENE, Window
from sandbox_x import write_png_rgb

DOCK = (0x1b, 0x2a, 0x36)   # SANDBOX_DOCK_COLOR, behind the column's panels
RAFT = (0xe0, 0xa0, 0x00)   # a raft floating half out of the water, in this colour


def close(p, q, tol=3):
    return all(abs(a - b) <= tol for a, b in zip(p, q))


class Layout(Window):
    SCREEN = '2000x1200'

    def check_size(self, width, height):
        def drive(window, trace):
            first = self.screenshot(window)
            raft = [(x, y) for y, row in enumerate(first) for x, p in enumerate(row)
                     if close(p, RAFT)]
            self.assertTrue(raft, 'the raft is in the first frame')
            x = sum(p[0] for p in raft) // len(raft)
            y = sum(p[1] for p in raft) // len(raft)
            self.point(x, y, window=window, trace=trace)
            trace.mark()
            self.display.run('xdotool', 'click', '--window', window, '1')
            m = trace.wait(r'^layout (\d+) (\d+) panel (\d+) dock ([1-9]\d*)$')
            w, h, panel, dock = (int(v) for v in m.groups())
            self.assertEqual((w, h), (width, height))
            for key in ('g', 'z'):
                self.key(window, key, trace)
            trace.steps(30)
            pixels = self.screenshot(window)
            shots = os.environ.get('FLOTSAM_LAYOUT_SHOTS')  # a folder for the pictures
            if shots:
                write_png_rgb(os.path.join(shots, 'window-%dx%d.png' % (width, height)), pixels)
            self.assertEqual((len(pixels[0]), len(pixels)), (width, height))
            view = [p for row in pixels for p in row[panel:w - dock]]
            column = [p for row in pixels for p in row[w - dock:]]
            side = [p for row in pixels for p in row[:panel]]
            # The panel's background: its commonest colour.
            panel_bg = collections.Counter(side).most_common(1)[0][0]
            self.assertGreater(sum(close(p, DOCK) for p in column), 0.2 * len(column))
            self.assertGreater(sum(p == panel_bg for p in side), 0.2 * len(side))
            self.assertEqual(sum(close(p, DOCK, 1) for p in view), 0, 'the column over the view')
            self.assertEqual(sum(p == panel_bg for p in view), 0, 'the panel over the view')
            self.assertGreater(sum(close(p, RAFT) for p in view), 100, 'the raft in view')
        scene = os.path.join(self.dir, 'raft.scene')
        with open(scene, 'w', encoding='utf-8') as f:
            f.write(SCENE + 'box name=raft at=6.5,3 size=1.4,0.6 density=500 color=#e0a000\n')
        self.in_second_window([scene, '--size', '%dx%d' % (width, height)], 'raft', drive,
                              panel=True)

    def test_800x600(self):
        self.check_size(800, 600)

    def test_1920x1080(self):
        self.check_size(1920, 1080)


if __name__ == '__main__':
    sandbox_window.configure(sys.argv)
    unittest.main(argv=sys.argv[:1], verbosity=2)
