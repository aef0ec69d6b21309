#!/usr/bin/env python3
"""The sandbox's scene picker (O) and the question a changed world asks
before it is left, driven under Xvfb with xdotool (sandbox_window.py).

The picker lists each file once, however it was reached (a scene opened by
a relative path, then another by the picker's canonical path); its
list scrolls so that the highlight stays in view down to its last entry,
which opens; what is typed filters it. A world with changes asks before
another scene, a reset, a reload of its file or quitting takes it, and
keeps it on "no". Each step waits for the window's trace.

usage: test_sandbox_picker.py FLOTSAM_BINARY SOURCE_ROOT
"""
import os
import re
import sys
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import sandbox_window  # noqa: E402
from sandbox_window import SCENE, Window, to_screen

FLEET = 40  # scenes in the folder the picker lists first: more than fit in view


def olive(p):
    """The picker's highlight: its yellow, see-through, on the dark panel."""
    return 80 < p[0] < 130 and 75 < p[1] < 125 and p[2] < 75 and p[0] - p[2] > 30


class Picker(Window):
    def setUp(self):
        super().setUp()
        self.fleet = os.path.join(self.dir, 'fleet')
        os.makedirs(self.fleet, exist_ok=True)
        for i in range(1, FLEET + 1):
            with open(os.path.join(self.fleet, 'ship-%02d.scene' % i), 'w',
                      encoding='utf-8') as f:
                f.write(SCENE.replace('name=crate', 'name=ship%d' % i))

    def picker(self, trace=None):
        """The picker's next line: (highlighted, of, first row, last row,
        filter), 1-based."""
        m = (trace or self.trace).wait(r'^picker (\d+) of (\d+) rows (\d+)-(\d+) filter (.*)$')
        return tuple(int(g) for g in m.groups()[:4]) + (m.group(5),)

    def open_picker(self, window, trace):
        """O, and the names it lists."""
        trace.mark()
        since = trace.seen
        self.display.run('xdotool', 'key', '--window', window, 'o')
        self.picker(trace)
        return [line[len('listed '):] for line in trace.lines[since:trace.seen]
                if line.startswith('listed ')]

    def bodies(self):
        """The bodies of the world in a frame begun after the last line
        waited on."""
        number = self.trace.wait(r'^draw (\d+)$').group(1)
        return int(self.trace.wait(r'^frame %s step \d+ bodies (\d+) ' % number).group(1))

    def test_each_file_once_and_the_list_scrolls_to_its_last(self):
        def drive(window, trace):
            names = self.open_picker(window, trace)
            self.assertEqual(len(names), len(set(names)), names)
            ships = ['ship-%02d.scene' % i for i in range(1, FLEET + 1)]
            self.assertEqual([n for n in names if n.startswith('ship-')], ships)
            # Down and Enter: ship-02, opened by its canonical path.
            self.key(window, 'Down', trace)
            self.key(window, 'Return', trace)
            trace.wait('^loaded %s$' % re.escape(os.path.realpath(
                os.path.join(self.fleet, 'ship-02.scene'))))
            names = self.open_picker(window, trace)
            self.assertEqual(len(names), len(set(names)), names)
            self.assertEqual(names[:2], ['ship-02.scene', 'ship-01.scene'])
            self.assertEqual(sum(n.endswith('ship-01.scene') for n in names), 1, names)
            count = len(names)
            # Down to the last entry: the highlight is in view all the way.
            rows = None
            for i in range(2, count + 1):
                self.key(window, 'Down', trace)
                at, of, first, last, _ = self.picker(trace)
                self.assertEqual((at, of), (i, count))
                self.assertTrue(first <= at <= last, (at, first, last))
                rows = rows or last - first + 1
            self.assertLess(rows, count, 'the list fits: nothing to scroll')
            self.assertEqual(last, count)
            # A page up, the wheel up a click (3 rows), Home, End.
            self.key(window, 'Page_Up', trace)
            self.assertEqual(self.picker(trace)[0], count - (rows - 1))
            trace.mark()
            self.display.run('xdotool', 'click', '--window', window, '4')
            at, _, first, last, _ = self.picker(trace)
            self.assertEqual(first, count - rows + 1 - 3)
            self.assertTrue(first <= at <= last)
            self.key(window, 'Home', trace)
            self.assertEqual(self.picker(trace)[:3], (1, count, 1))
            self.key(window, 'End', trace)
            self.assertEqual(self.picker(trace)[:4], (count, count, count - rows + 1, count))
            # On the screen: the highlight, in the window.
            number = trace.wait(r'^draw (\d+)$').group(1)
            trace.wait(r'^frame %s ' % number)
            pixels = self.screenshot(window)
            lit = sum(1 for row in pixels[::2] for p in row[::2] if olive(p))
            self.assertGreater(lit, 500, 'no highlight on the screen')
            self.key(window, 'Return', trace)
            trace.wait('^loaded .*/%s$' % re.escape(os.path.basename(names[-1])))
        # Opened by a name relative to the current folder, where the open
        # scene's folder is listed too: "ship-01.scene" and "./ship-01.scene"
        # are one file.
        self.in_second_window(['ship-01.scene', '--size', '800x600'], 'ship-01', drive,
                              cwd=self.fleet)

    def test_typing_filters_the_list(self):
        """Typed, any case: the names that hold it; Backspace takes back a
        character, Esc clears the filter (the highlight stays on its
        entry), Enter opens the one left."""
        names = self.open_picker(self.window, self.trace)
        self.send(r'^picker 1 of 1 rows 1-1 filter ARCHI$', 'type', '--window', self.window,
                  'ARCHI')
        self.press('BackSpace')
        self.assertEqual(self.picker()[4], 'ARCH')
        self.press('Escape')
        at, of, _, _, typed = self.picker()
        self.assertEqual((of, typed), (len(names), ''))
        self.assertEqual(names[at - 1], 'archimedes.scene')
        self.send(r'^picker 1 of 1 rows 1-1 filter arChi$', 'type', '--window', self.window,
                  'arChi')
        self.press('Return')
        self.trace.wait(r'^loaded .*/archimedes\.scene$')

    def test_leaving_a_changed_world_asks(self):
        self.point(*to_screen(8.0, 0.5))  # empty sky
        self.press('b')
        self.press('b')
        self.assertEqual(self.bodies(), 5)
        self.open_picker(self.window, self.trace)
        self.press('Down')
        self.send(r'^ask Discard 2 changes and open .*\? Enter: yes, Esc: no$', 'key', 'Return')
        self.send('^answer no$', 'key', 'Escape')
        self.assertEqual(self.bodies(), 5)
        self.send(r'^ask Discard 2 changes and reset the scene\?', 'key', 'ctrl+r')
        self.send('^answer no$', 'key', 'Escape')
        self.send(r'^ask Discard 2 changes and quit\?', 'key', 'ctrl+q')
        self.send('^answer no$', 'key', 'n')
        with open(self.scene, 'a', encoding='utf-8') as f:
            f.write('# edited\n')
        self.trace.wait(r'^ask dock\.scene changed on disk: discard 2 changes and reload it\?')
        self.send('^answer no$', 'key', 'Escape')
        self.assertEqual(self.bodies(), 5)
        self.assertIsNone(self.proc.poll())
        # Saved, nothing is lost: a reset goes at once.
        self.press('ctrl+s')
        self.trace.wait('^saved ')
        self.press('ctrl+r')
        since = self.trace.seen
        self.assertEqual(self.bodies(), 3)
        self.assertFalse([ln for ln in self.trace.lines[since:] if ln.startswith('ask ')])
        # One change, discarded on "yes".
        self.press('b')
        self.send(r'^ask Discard 1 change and reset the scene\?', 'key', 'BackSpace')
        self.send('^answer yes$', 'key', 'Return')
        self.assertEqual(self.bodies(), 3)


if __name__ == '__main__':
    sandbox_window.configure(sys.argv)
    unittest.main(argv=[sys.argv[0], '-v'])
