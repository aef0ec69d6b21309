#!/usr/bin/env python3
"""The X side of the sandbox's window tests: an Xvfb display, a window's
trace read as it grows (FLOTSAM_SANDBOX_TRACE, docs/sandbox.md), and
screenshots' pixels. Nothing here guesses how long a window needs: each
wait is for a line of its trace."""
import os
import re
import shutil
import struct
import subprocess
import time

PACKAGES = 'xvfb xdotool x11-apps'
ROOT = None  # the source tree: set by sandbox_window.configure


def read_xwd(data):
    """Pixels of an XWD dump (TrueColor, 24 or 32 bits) as rows of RGB tuples."""
    h = struct.unpack('>25I', data[:100])
    header_size, width, height = h[0], h[4], h[5]
    byte_order, bits, line_bytes, ncolors = h[7], h[11], h[12], h[19]
    step = bits // 8
    pixels = data[header_size + 12 * ncolors:]
    order = 'little' if byte_order == 0 else 'big'
    rows = []
    for y in range(height):
        line = pixels[y * line_bytes:y * line_bytes + width * step]
        row = []
        for x in range(width):
            v = int.from_bytes(line[x * step:(x + 1) * step], order)
            row.append(((v >> 16) & 255, (v >> 8) & 255, v & 255))
        rows.append(row)
    return rows


def write_png_rgb(path, rows):
    """Rows of RGB tuples as an 8-bit RGB PNG (for a person to look at)."""
    import zlib
    h, w = len(rows), len(rows[0])
    raw = b''.join(b'\x00' + bytes(c for p in row for c in p) for row in rows)

    def chunk(kind, data):
        return (struct.pack('>I', len(data)) + kind + data +
                struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff))
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) +
                chunk(b'IDAT', zlib.compress(raw, 6)) + chunk(b'IEND', b''))


def read_png_rgb(path):
    """Width, height and rows of RGB tuples of a PNG as flotsam writes them
    (8-bit RGB, no interlace, every row unfiltered)."""
    import zlib
    with open(path, 'rb') as f:
        data = f.read()
    pos, idat = 8, b''
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, ctype = struct.unpack('>IIBB', body[:10])
            assert depth == 8 and ctype == 2, (depth, ctype)
        if kind == b'IDAT':
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = 1 + 3 * width
    rows = []
    for y in range(height):
        line = raw[y * stride:(y + 1) * stride]
        assert line[0] == 0, 'filtered row'
        rows.append([tuple(line[1 + 3 * x:4 + 3 * x]) for x in range(width)])
    return width, height, rows


def require_tools():
    missing = [t for t in ('Xvfb', 'xdotool', 'xwd') if shutil.which(t) is None]
    if missing:
        raise AssertionError('the sandbox test needs %s; on Debian install the packages %s '
                             '(scripts/setup does)' % (', '.join(missing), PACKAGES))


class Display:
    """An Xvfb server on a display number it picks itself (-displayfd)."""

    def __init__(self, screen='1024x768'):
        read_end, write_end = os.pipe()
        self.proc = subprocess.Popen(
            ['Xvfb', '-displayfd', str(write_end), '-screen', '0', screen + 'x24', '-nolisten',
             'tcp'], pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        number = b''
        deadline = time.time() + 20
        while not number.endswith(b'\n') and time.time() < deadline:
            chunk = os.read(read_end, 16)
            if not chunk:
                break
            number += chunk
        os.close(read_end)
        if not number.strip():
            self.close()
            raise AssertionError('Xvfb did not start')
        self.name = ':' + number.decode().strip()

    def env(self, trace=None):
        env = dict(os.environ, DISPLAY=self.name, SDL_VIDEODRIVER='x11')
        env.pop('WAYLAND_DISPLAY', None)
        env.pop('FLOTSAM_SANDBOX_TRACE', None)
        if trace:
            env['FLOTSAM_SANDBOX_TRACE'] = trace
        # Under the sanitizers: leaks of the libraries SDL loads are theirs.
        supp = os.path.join(ROOT, 'tests', 'lsan-sandbox.supp')
        env['LSAN_OPTIONS'] = 'suppressions=' + supp + ':' + env.get('LSAN_OPTIONS', '')
        return env

    def run(self, *args, timeout=20):
        r = subprocess.run(list(args), env=self.env(), capture_output=True, text=True,
                           timeout=timeout)
        if r.returncode != 0:
            raise AssertionError('%s failed (%d): %s' % (' '.join(args), r.returncode, r.stderr))
        return r.stdout

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def wait_for(predicate, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError('timed out waiting for ' + what)


def key_name(key):
    """What the trace calls an xdotool key: 'ctrl+s' is 'ctrl+S', 'equal' '='."""
    *mods, last = key.split('+')
    last = {'space': 'Space', 'equal': '=', 'minus': '-', 'BackSpace': 'Backspace',
            'Page_Up': 'PageUp', 'Page_Down': 'PageDown'}.get(last, last)
    return '+'.join(mods + [last.upper() if len(last) == 1 else last])


class Trace:
    """A window's trace, read as it grows. Each wait looks at the lines after
    the one the last wait matched (or after mark()), so that what is waited
    on is what was asked for since."""

    def __init__(self, path, proc):
        self.path, self.proc = path, proc
        self.lines, self.partial, self.offset, self.seen = [], '', 0, 0

    def read(self):
        try:
            with open(self.path, 'rb') as f:
                f.seek(self.offset)
                data = f.read()
        except FileNotFoundError:
            return
        self.offset += len(data)
        *done, self.partial = (self.partial + data.decode('utf-8', 'replace')).split('\n')
        self.lines += done

    def mark(self):
        """What the window said so far is passed over."""
        self.read()
        self.seen = len(self.lines)

    def wait(self, pattern, timeout=30, accept=None):
        """The first line from here on that matches pattern (and that
        accept(match) takes), once there; the next wait looks after it."""
        regex = re.compile(pattern)
        deadline = time.time() + timeout
        while True:
            self.read()
            for i in range(self.seen, len(self.lines)):
                m = regex.search(self.lines[i])
                if m and (accept is None or accept(m)):
                    self.seen = i + 1
                    return m
            if self.proc.poll() is not None or time.time() > deadline:
                # Frames say little: what else it said since the last wait.
                said = [line for line in self.lines[self.seen:]
                        if not re.match(r'(draw|frame) ', line)]
                raise AssertionError('%s waiting for /%s/ in %s; its last lines: %s; '
                                     'since the last wait it said: %s' % (
                                         'the window ended' if self.proc.poll() is not None
                                         else 'timed out', pattern, self.path,
                                         self.lines[-8:], said[-12:]))
            time.sleep(0.02)  # a look at the file, not a guess at the window

    def drawn(self):
        """Waits until a frame begun after the last line waited on is on the
        screen; its step."""
        number = self.wait(r'^draw (\d+)$').group(1)
        return int(self.wait(r'^frame %s step (\d+) ' % number).group(1))

    def step(self):
        """The step of the last frame on the screen (0: none yet)."""
        self.read()
        for line in reversed(self.lines):
            m = re.match(r'frame \d+ step (\d+) ', line)
            if m:
                return int(m.group(1))
        return 0

    def until_step(self, step, timeout=60):
        """Waits for a frame of the world at `step` or later on the screen."""
        self.wait(r'^frame \d+ step (\d+) ', timeout, lambda m: int(m.group(1)) >= step)

    def steps(self, count, timeout=60):
        """Waits for `count` steps more than the last frame shown."""
        self.until_step(self.step() + count, timeout)
