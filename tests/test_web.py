#!/usr/bin/env python3
"""The web page in a real browser: builds it (scripts/web-build), drives it
in headless Chromium with puppeteer-core (tests/web/web_test.js) and holds
it to the desktop program:
- the page loads, as a file and over http, without a console error;
- the default scene stepped 600 times has the native hash;
- its picture at step 120 (960x540, ropes shown) is not blank and is the
  native `--snapshot` of that step within MEAN_MAX of 255 per channel on
  average, with at most FAR_MAX of its pixels off by more than 40 (the two
  anti-alias edges and curves their own way; the shapes are the same);
- a body selected shows its numbers in the panel;
- a scene opened with the file button (the waves) steps to the native hash;
- a native replay plays in the page to its end, to its recorded hash;
- the density slider, the water's density, waves and a click that adds a
  body change the world as those inputs do natively: the session the page
  downloads plays in `flotsam replay` through every checkpoint to the
  page's hash;
- the frames a second of the harbor at N bodies are printed.
Skipped (77), saying why, where chromium, node, emscripten or puppeteer-core
(npm ci in tests/web) is missing.

usage: test_web.py FLOTSAM_BINARY SOURCE_ROOT [--shots DIR] [--bodies N,...]
"""
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile

STEPS = 600
SNAP_STEP, WIDTH, HEIGHT, OVERLAY = 120, 960, 540, 'ropes'
MEAN_MAX = 1.0
FAR_MAX = 0.002


def skip(why):
    print('test_web: skipped: ' + why)
    sys.exit(77)


def native_hash(flotsam, *args):
    r = subprocess.run([flotsam, *args, '--state-out', '-'], capture_output=True, text=True, timeout=600)
    m = re.search(r'"hash":"([0-9a-f]{16})"', r.stdout)
    return r.returncode, (m.group(1) if m else None), r.stderr.strip()


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('flotsam')
    ap.add_argument('root')
    ap.add_argument('--shots')
    ap.add_argument('--bodies', default='100,1000')
    ap.add_argument('--fps-seconds', type=int, default=4)
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    flotsam = os.path.abspath(args.flotsam)
    chromium = shutil.which('chromium') or shutil.which('chromium-browser')
    if not chromium:
        skip('no chromium (apt-get install chromium)')
    if not shutil.which('node'):
        skip('no node (apt-get install nodejs)')
    if not shutil.which('emcc'):
        skip('no emscripten to build the page (apt-get install emscripten)')
    web_tests = os.path.join(root, 'tests', 'web')
    if not os.path.isdir(os.path.join(web_tests, 'node_modules', 'puppeteer-core')):
        skip('no puppeteer-core (PUPPETEER_SKIP_DOWNLOAD=1 npm ci --prefix tests/web)')

    tmp = tempfile.mkdtemp(prefix='flotsam-web-')
    server = None
    try:
        site = os.path.join(tmp, 'site')
        r = subprocess.run([os.path.join(root, 'scripts', 'web-build'), site], cwd=root,
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stderr[-3000:])
            print('FAIL the web page did not build')
            return 1
        print(r.stderr.strip().splitlines()[-1])

        scene = os.path.join(root, 'scenes', 'harbour.scene')
        replay = os.path.join(root, 'tests', 'data', 'harbour.replay')
        _, want_hash, _ = native_hash(flotsam, 'run', scene, '--steps', str(STEPS))
        _, want_replay, _ = native_hash(flotsam, 'replay', replay)
        waves = os.path.join(root, 'scenes', 'waves.scene')
        _, want_waves, _ = native_hash(flotsam, 'run', waves, '--steps', str(STEPS))
        snapshot = os.path.join(tmp, 'native.png')
        subprocess.run([flotsam, 'run', scene, '--steps', str(SNAP_STEP), '--snapshot', snapshot,
                        '--size', '%dx%d' % (WIDTH, HEIGHT), '--overlay', OVERLAY],
                       check=True, stdout=subprocess.DEVNULL)
        if args.shots:
            os.makedirs(args.shots, exist_ok=True)
            shutil.copy(snapshot, os.path.join(args.shots, 'native-harbour-%d.png' % SNAP_STEP))
        harbors = {}
        for n in [int(x) for x in args.bodies.split(',') if x]:
            path = os.path.join(tmp, 'harbor-%d.scene' % n)
            with open(path, 'w') as f:
                subprocess.run([sys.executable, os.path.join(root, 'tools', 'harbor_scene.py'), str(n)],
                               stdout=f, check=True)
            harbors[n] = path

        port = free_port()
        server = subprocess.Popen([sys.executable, '-m', 'http.server', '--bind', '127.0.0.1', str(port),
                                   '-d', site], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        cfg = {'chromium': chromium, 'site': site, 'steps': STEPS, 'scene': scene, 'replay': replay,
               'snapshot': snapshot, 'snapshot_step': SNAP_STEP, 'width': WIDTH, 'height': HEIGHT,
               'overlay': OVERLAY, 'shots': args.shots, 'harbors': harbors,
               'fps_seconds': args.fps_seconds, 'file_scene': waves, 'http': 'http://127.0.0.1:%d' % port}
        cfg_path = os.path.join(tmp, 'config.json')
        with open(cfg_path, 'w') as f:
            json.dump(cfg, f)
        r = subprocess.run(['node', os.path.join(web_tests, 'web_test.js'), cfg_path], capture_output=True,
                           text=True, timeout=900)
        if r.returncode != 0:
            print(r.stdout[-2000:], r.stderr[-3000:])
            print('FAIL the browser run stopped')
            return 1
        got = json.loads(r.stdout.strip().splitlines()[-1])

        problems = []

        def check(ok, what):
            print(('ok   ' if ok else 'FAIL ') + what)
            if not ok:
                problems.append(what)

        check(not got['errors'], 'no console errors (%s)' % '; '.join(got['errors'])[:300])
        check(got['hash'] == want_hash, 'harbour after %d steps: page %s, native %s' % (STEPS, got['hash'], want_hash))
        check(got.get('http_hash') == want_hash, 'served over http: %s' % got.get('http_hash'))
        px = got['pixels']
        check(not px['blank'], 'the picture is not blank')
        check(px['mean'] < MEAN_MAX and px['far'] < FAR_MAX,
              'the picture against the native snapshot: mean difference %.3f (< %.1f), %.3f%% of pixels '
              'off by more than 40 (< %.1f%%)' % (px['mean'], MEAN_MAX, 100 * px['far'], 100 * FAR_MAX))
        check(got['selected'] and 'draft' in got['inspector'] and 'mass' in got['inspector'],
              'a body selected shows its numbers: %r' % got['inspector'][:120])
        rp = got['replay']
        check(rp.get('opened') and rp.get('status') == 1 and rp.get('hash') == want_replay,
              'the native replay plays in the page to its end: %s at step %s, recorded %s %s' % (
                  rp.get('hash'), rp.get('steps'), want_replay, rp.get('error', '')))
        sp = got['spawn']
        check(sp['after'] == sp['before'] + 1, 'a click adds a body (%d -> %d)' % (sp['before'], sp['after']))
        check(sp['replay'] is not None and 'spawn' in sp['replay'] and 'water' in sp['replay'],
              'the session downloads as a replay with the spawn and the water')
        if sp['replay']:
            session = os.path.join(tmp, 'session.replay')
            with open(session, 'w') as f:
                f.write(sp['replay'])
            if args.shots:
                shutil.copy(session, os.path.join(args.shots, 'web-session.replay'))
            code, h, err = native_hash(flotsam, 'replay', session)
            check(code == 0 and h == sp['hash'],
                  'the page\'s session plays natively through its checkpoints to %s (native %s) %s' % (
                      sp['hash'], h, err[:200]))
        fl = got['file']
        check(fl['name'] == 'waves' and fl['steps'] == STEPS and fl['hash'] == want_waves,
              'waves.scene opened with the file button, %d steps: page %s, native %s' % (
                  fl['steps'], fl['hash'], want_waves))
        for n, (fps, step_ms, frame_ms, real) in sorted(got['fps'].items(), key=lambda kv: int(kv[0])):
            print('info harbor at %6s bodies: %5.1f frames/s in the page, %.2fx real time (a step %.2f ms, '
                  'a frame drawn %.2f ms)' % (n, fps, real, step_ms, frame_ms))
        print('%d problems' % len(problems))
        return 1 if problems else 0
    finally:
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
