#!/usr/bin/env python3
"""The installed package, as another project would use it: `meson install`
into a temporary folder, then every examples/*.c compiled with nothing but
`cc $(pkg-config --cflags --libs flotsam)` and run, with their output
checked against the physics each one prints.

usage: test_install.py BUILD_DIR SOURCE_ROOT
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

BUILD = None
ROOT = None


class Installed(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.dest = os.path.join(cls.tmp.name, 'dest')
        r = subprocess.run(['meson', 'install', '-C', BUILD, '--no-rebuild', '--quiet',
                            '--destdir', cls.dest], capture_output=True, text=True)
        if r.returncode != 0:
            raise AssertionError('meson install failed: ' + r.stdout + r.stderr)
        pcs = glob.glob(os.path.join(cls.dest, '**', 'flotsam.pc'), recursive=True)
        if len(pcs) != 1:
            raise AssertionError('expected one flotsam.pc, found %r' % pcs)
        cls.pc_dir = os.path.dirname(pcs[0])
        # The .pc file names the real prefix; the sysroot points it into dest.
        cls.env = dict(os.environ, PKG_CONFIG_PATH=cls.pc_dir, PKG_CONFIG_SYSROOT_DIR=cls.dest,
                       PKG_CONFIG_LIBDIR=cls.pc_dir)
        flags = subprocess.run(['pkg-config', '--cflags', '--libs', 'flotsam'], env=cls.env,
                               capture_output=True, text=True)
        if flags.returncode != 0:
            raise AssertionError('pkg-config: ' + flags.stderr)
        cls.flags = flags.stdout.split()
        libdir = [f[2:] for f in cls.flags if f.startswith('-L')]
        cls.run_env = dict(os.environ, LD_LIBRARY_PATH=':'.join(libdir))
        cls.bin = os.path.join(cls.tmp.name, 'bin')
        os.mkdir(cls.bin)
        # A library built with sanitizers wants programs built with them.
        opts = json.loads(subprocess.run(['meson', 'introspect', '--buildoptions', BUILD],
                                         capture_output=True, text=True, check=True).stdout)
        sanitize = next((o['value'] for o in opts if o['name'] == 'b_sanitize'), 'none')
        cls.extra = ['-fsanitize=' + sanitize] if sanitize not in ('none', '') else []

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def installed(self, *parts):
        found = glob.glob(os.path.join(self.dest, '**', *parts), recursive=True)
        return found[0] if found else None

    def test_headers_and_pc_file(self):
        self.assertIsNotNone(self.installed('include', 'flotsam', 'flotsam.h'))
        self.assertIsNotNone(self.installed('include', 'flotsam', 'fl_version.h'))
        # Private headers stay in the source tree.
        for private in ('body_state.h', 'world_state.h', 'submerge.h', 'scene_parser.h'):
            self.assertIsNone(self.installed(private), private)
        with open(self.installed('include', 'flotsam', 'fl_version.h'), encoding='utf-8') as f:
            version = re.search(r'FL_VERSION_STRING "([^"]+)"', f.read()).group(1)
        mod = subprocess.run(['pkg-config', '--modversion', 'flotsam'], env=self.env,
                             capture_output=True, text=True)
        self.assertEqual(mod.stdout.strip(), version)

    def test_program_reads_no_source_path(self):
        """The installed program looks for its scenes where they are
        installed, not in the tree it was built from: no string it reads
        names that tree (its debug information may)."""
        progs = glob.glob(os.path.join(self.dest, '**', 'bin', 'flotsam'), recursive=True)
        if not progs:
            self.skipTest('the program is not built')
        scenes = glob.glob(os.path.join(self.dest, '**', 'share', 'flotsam', 'scenes',
                                        'harbour.scene'), recursive=True)
        self.assertEqual(len(scenes), 1, 'the scenes are installed beside the program')
        with tempfile.TemporaryDirectory() as tmp:
            rodata = os.path.join(tmp, 'rodata')
            r = subprocess.run(['objcopy', '-O', 'binary', '--only-section=.rodata', progs[0],
                                rodata], capture_output=True, text=True)
            if r.returncode != 0:
                self.skipTest('objcopy cannot read the program: ' + r.stderr)
            with open(rodata, 'rb') as f:
                strings = f.read()
        self.assertGreater(len(strings), 1000)
        self.assertNotIn(os.path.abspath(ROOT).encode(), strings)
        if b'built without its window' not in strings: # the window's picker
            self.assertIn(b'/share/flotsam/scenes', strings)

    def test_shared_library_exports_just_the_api(self):
        libs = glob.glob(os.path.join(self.dest, '**', 'libflotsam.so'), recursive=True)
        if not libs:
            self.skipTest('static build: nothing is exported')
        nm = subprocess.run(['nm', '-D', '--defined-only', libs[0]], capture_output=True,
                            text=True, check=True).stdout
        exported = {l.split()[-1] for l in nm.splitlines() if l.strip()}
        declared = set()
        headers = glob.glob(os.path.join(self.dest, '**', 'include', 'flotsam', '*.h'),
                            recursive=True)
        for h in headers:
            with open(h, encoding='utf-8') as f:
                text = f.read()
            # Every function a header declares outside an inline body is FL_API.
            for m in re.finditer(r'^(FL_API )?[A-Za-z_][\w \*]*?\b(fl_\w+)\s*\(', text, re.M):
                if m.group(0).startswith(('static', 'typedef')):
                    continue
                self.assertTrue(m.group(1), '%s: %s is not FL_API' % (h, m.group(2)))
                declared.add(m.group(2))
        self.assertIn('fl_world_step', exported)
        self.assertEqual(sorted(exported - declared), [])  # nothing of the insides
        self.assertEqual(sorted(declared - exported), [])  # all of the API

    def build(self, name):
        src = os.path.join(ROOT, 'examples', name + '.c')
        exe = os.path.join(self.bin, name)
        cc = os.environ.get('CC', 'cc')
        r = subprocess.run([cc, '-std=c17', '-Wall', '-Wextra', '-Wpedantic', '-Werror', src,
                            '-o', exe, *self.extra, *self.flags], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        return exe

    def run_example(self, name, *args):
        r = subprocess.run([self.build(name), *args], env=self.run_env, capture_output=True,
                           text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stderr)
        return r.stdout

    def test_headers_read_as_cplusplus(self):
        cxx = shutil.which(os.environ.get('CXX', 'c++'))
        if not cxx:
            self.skipTest('no C++ compiler')
        src = os.path.join(self.bin, 'embed.cpp')
        with open(src, 'w', encoding='utf-8') as f:
            f.write('#include <flotsam/flotsam.h>\n'
                    'int main() {\n'
                    '    fl_world_def d = fl_world_def_default();\n'
                    '    fl_world *w = fl_world_create(&d, nullptr);\n'
                    '    fl_world_step(w, 1.0 / 60.0);\n'
                    '    int ok = fl_world_step_count(w) == 1 && fl_length(fl_v2(3, 4)) == 5.0;\n'
                    '    fl_world_destroy(w);\n'
                    '    return ok ? 0 : 1;\n'
                    '}\n')
        exe = os.path.join(self.bin, 'embed_cpp')
        r = subprocess.run([cxx, '-std=c++17', '-Wall', '-Wextra', '-Wpedantic', '-Werror', src,
                            '-o', exe, *self.extra, *self.flags], capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        r = subprocess.run([exe], env=self.run_env, capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)

    def test_every_example_checks_itself(self):
        # Every example but run_scene compares what it prints with the
        # physics and exits non-zero when it is off.
        names = sorted(os.path.basename(p)[:-2] for p in glob.glob(os.path.join(ROOT, 'examples', '*.c')))
        self.assertIn('run_scene', names)
        for name in names:
            if name != 'run_scene':
                with self.subTest(example=name):
                    self.assertTrue(self.run_example(name).strip())

    def test_float_box_settles_at_its_draft(self):
        out = self.run_example('float_box')
        drafts = [float(x) for x in re.findall(r'draft ([-\d.]+) m', out)]
        expect = float(re.search(r'Archimedes: ([\d.]+) m', out).group(1))
        self.assertAlmostEqual(expect, 0.3, places=9)
        # 60 s of heave decaying as exp(-t/4): within 1e-4 of Archimedes.
        self.assertAlmostEqual(drafts[-1], expect, delta=1e-4)
        self.assertGreater(abs(drafts[0] - expect), abs(drafts[-1] - expect))

    def test_sail_reaches_its_terminal_speed(self):
        out = self.run_example('sail')
        speeds = [float(x) for x in re.findall(r'speed ([\d.]+) m/s', out)]
        heels = [float(x) for x in re.findall(r'heel +([-\d.]+) deg', out)]
        terminal = float(re.search(r'terminal speed, upright: ([\d.]+)', out).group(1))
        # The wind leans the raft (positive angle: +x towards +y, leeward
        # down); the speed settles within 1% of the upright balance (the
        # heel and the exact drag decay account for the rest).
        self.assertGreater(heels[-1], 0.5)
        self.assertAlmostEqual(speeds[-1], speeds[-2], places=4)
        self.assertAlmostEqual(speeds[-1], terminal, delta=0.01 * terminal)

    def test_run_scene_matches_the_program(self):
        out = self.run_example('run_scene', os.path.join(ROOT, 'scenes', 'harbour.scene'), '600')
        self.assertIn('crate', out)
        flotsam = os.path.join(BUILD, 'flotsam')
        if os.path.exists(flotsam):
            state = subprocess.run([flotsam, 'run', os.path.join(ROOT, 'scenes', 'harbour.scene'),
                                    '--steps', '600', '--state-out', '-'], capture_output=True,
                                   text=True, check=True).stdout
            want = re.search(r'"hash":"([0-9a-f]+)"', state).group(1)
            self.assertIn('state hash ' + want, out)
        r = subprocess.run([self.build('run_scene'), '/nonexistent.scene'], env=self.run_env,
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn('/nonexistent.scene: ', r.stderr)


class Subproject(unittest.TestCase):
    """flotsam as a meson subproject of another project: dependency('flotsam')
    falls back to it, and only the library is built (no app, tests or
    benchmark, and none of their dependencies looked up)."""

    def test_embedded_as_subproject(self):
        with tempfile.TemporaryDirectory() as tmp:
            os.mkdir(os.path.join(tmp, 'subprojects'))
            os.symlink(ROOT, os.path.join(tmp, 'subprojects', 'flotsam'))
            shutil.copy(os.path.join(ROOT, 'examples', 'float_box.c'), tmp)
            with open(os.path.join(tmp, 'meson.build'), 'w', encoding='utf-8') as f:
                f.write("project('harbourmaster', 'c', default_options : ['c_std=c17'])\n"
                        "flotsam = dependency('flotsam', fallback : ['flotsam', 'flotsam_dep'])\n"
                        "executable('float_box', 'float_box.c', dependencies : flotsam)\n")
            build = os.path.join(tmp, 'build')
            r = subprocess.run(['meson', 'setup', build, '--force-fallback-for=flotsam'],
                               cwd=tmp, capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            said = r.stdout.lower()
            self.assertIn('library m found', said)  # the one thing it needs
            for looked_up in ('dependency sdl2', 'dependency stb', 'dependency cmocka',
                              'library chipmunk', 'dependency threads', 'program python'):
                self.assertNotIn(looked_up, said)
            r = subprocess.run(['ninja', '-C', build], capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            sub = os.path.join(build, 'subprojects', 'flotsam')
            for program in ('flotsam', 'flotsam-bench', os.path.join('tests', 'test_world')):
                self.assertFalse(os.path.exists(os.path.join(sub, program)), program)
            out = subprocess.run([os.path.join(build, 'float_box')], capture_output=True,
                                 text=True, check=True).stdout
            self.assertIn('Archimedes: 0.30000 m', out)


if __name__ == '__main__':
    BUILD = os.path.abspath(sys.argv[1])
    ROOT = os.path.abspath(sys.argv[2])
    if not shutil.which('pkg-config'):
        sys.exit('test_install.py: pkg-config is not installed')
    unittest.main(argv=[sys.argv[0], '-v'])
