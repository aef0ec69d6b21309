#!/usr/bin/env python3
"""Undo and redo in the sandbox (Ctrl+Z, Ctrl+Shift+Z), driven under Xvfb
with xdotool (sandbox_window.py).

With the world paused, each kind of edit a person makes (a spawn, a
removal, a shape drawn, a hole, a density, the water's level, a reset) is
undone to exactly the world it met: the state hash the window's trace gives
after the undo is the one it had before the edit ("kept WHAT HASH"), and a
redo gives back the hash the edit left ("edit WHAT HASH"). W pressed twice
in quick succession is one edit. While a replay is recorded an undo is in
it: `flotsam replay` plays it to the hash the window ended on.

usage: test_sandbox_undo.py FLOTSAM_BINARY SOURCE_ROOT
"""
import os
import re
import sys
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import sandbox_window  # noqa: E402
from sandbox_window import SCENE, Window, to_screen

HASH = r'([0-9a-f]{16})'


class Undo(Window):
    SCREEN = '1280x1200'  # room for the whole panel

    def setUp(self):
        super().setUp()
        self.press('space')  # paused: only the edits change the world

    def edit(self, what, do):
        """Does an edit; returns the hashes before and after it."""
        self.trace.mark()
        do()
        before = self.trace.wait('^kept %s %s$' % (re.escape(what), HASH)).group(1)
        if what == 'reset':
            return before, None
        after = self.trace.wait('^edit %s %s$' % (re.escape(what), HASH)).group(1)
        self.assertNotEqual(before, after, what + ' changed nothing')
        return before, after

    def undo_redo(self, what, before, after):
        self.press('ctrl+z')
        got = self.trace.wait('^undid %s %s$' % (re.escape(what), HASH)).group(1)
        self.assertEqual(got, before, 'undoing the ' + what)
        self.press('ctrl+shift+z')
        got = self.trace.wait('^redid %s %s$' % (re.escape(what), HASH)).group(1)
        if after:
            self.assertEqual(got, after, 'redoing the ' + what)
        self.press('ctrl+z')
        self.trace.wait('^undid %s %s$' % (re.escape(what), before))

    def test_each_kind_of_edit_is_undone_exactly(self):
        def spawn():
            self.point(*to_screen(8.0, 1.8))
            self.press('b')

        def remove():
            self.point(*to_screen(3.0, 5.0))  # the crate
            self.press('x')

        def density():
            self.point(*to_screen(3.0, 5.0))
            self.click()  # selects the crate
            self.press('equal')

        def draw():
            self.press('p')
            for x, y in [(4.0, 1.0), (6.0, 1.0), (5.0, 2.0)]:
                self.point(*to_screen(x, y))
                self.click()
            self.press('Return')

        def reset():
            self.press('BackSpace')
            self.trace.wait('^ask Discard')
            self.press('Return')

        for what, do in [('spawn', spawn), ('removal', remove), ('density', density),
                         ('spawn', draw), ('water level', lambda: self.press('w'))]:
            before, after = self.edit(what, do)
            self.undo_redo(what, before, after)
        # A reset after an edit: undone, the edit is back.
        _, spawned = self.edit('spawn', spawn)
        before, _ = self.edit('reset', reset)
        self.assertEqual(before, spawned)
        self.undo_redo('reset', before, None)

    def test_a_hole_is_undone(self):
        self.draw_hollow_hull()
        self.point(*to_screen(6.0, 3.1))
        before, after = self.edit('hole', lambda: self.press('k'))
        self.undo_redo('hole', before, after)

    def test_a_key_held_is_one_edit(self):
        before, _ = self.edit('water level', lambda: self.press('w'))
        self.press('w')
        self.trace.wait('^edit water level ')
        self.press('ctrl+z')
        self.assertEqual(self.trace.wait('^undid water level %s$' % HASH).group(1), before)
        self.press('ctrl+z')
        self.trace.wait('^say nothing to undo$')

    def test_an_undo_while_recording_replays(self):
        self.press('space')  # running: the undo lands between steps
        self.press('c')
        self.point(*to_screen(8.0, 1.8))
        self.press('b')
        self.trace.steps(20)
        self.press('ctrl+z')
        self.trace.wait('^undid spawn ')
        self.trace.steps(20)
        self.assertIn(' build scene=', self.stop_replay_and_play_it())

    def test_the_panel_sets_the_water_and_gravity(self):
        """Fluid density typed, Waves ticked, Gravity typed: the saved
        scene has them; Ctrl+Z three times takes them back, each an edit."""
        out = os.path.join(self.dir, 'water.scene')
        saved = []

        def save(window, trace):
            if os.path.exists(out):
                os.remove(out)
            # A typed box lets go of the keys two panel frames after the one
            # that took its Enter (ImGui's WantTextInput lags a frame).
            for _ in range(3):
                trace.drawn()
            self.key(window, 'ctrl+s', trace)
            trace.wait('^saved %s$' % re.escape(out))
            with open(out, encoding='utf-8') as f:
                saved.append(f.read())

        def drive(window, trace):
            self.display.run('xdotool', 'windowfocus', '--sync', window)
            waves_at = self.panel_place(trace, 'Waves')
            self.panel_type(window, trace, 'Fluid density', '2000')
            trace.wait('^edit water ')
            self.panel_click(window, trace, waves_at, '^control Waves on$')
            trace.wait('^edit water ')
            self.panel_type(window, trace, 'Gravity', '1.62')
            trace.wait('^edit gravity ')
            save(window, trace)
            for what in ('gravity', 'water', 'water'):
                self.key(window, 'ctrl+z', trace)
                trace.wait('^undid %s ' % what)
            save(window, trace)

        self.in_second_window([self.scene, '--save-as', out, '--size', '1000x1150'], 'dock', drive,
                              panel=True)
        changed, undone = saved
        self.assertRegex(changed, r'(?m)^fluid .*density=2000\.0 .*wave-amplitude=0\.0714')
        self.assertRegex(changed, r'(?m)^world gravity=0\.0,1\.62 ')
        self.assertIn('box   name=kite at=8.5,0.5 size=0.8,0.8 static angle=30deg', changed)
        # All three undone, the world is the scene as written (the crate
        # rests where it was put): saved, its text is the scene's own.
        self.assertEqual(undone, SCENE)


if __name__ == '__main__':
    sandbox_window.configure(sys.argv)
    unittest.main(argv=sys.argv[:1], verbosity=2)
