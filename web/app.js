// flotsam's web page: the WebAssembly module (flotsam_web.c) steps the world
// and draws it as the desktop does, into a list of commands that this file
// replays on the canvas; everything a person changes goes to the module as
// an input it records, so that the session downloads as a replay.
'use strict';

const $ = (id) => document.getElementById(id);
const canvas = $('view');
const ctx = canvas.getContext('2d');
const measurer = document.createElement('canvas').getContext('2d');
const FONT = '"DejaVu Sans", sans-serif';

const page = {
  ready: false, M: null, w: 0, paused: false, name: '', text: '',
  fps: 0, frameMs: 0, stepMs: -1, error: '', consoleErrors: 0,
};
window.flotsamPage = page;

function measureText(s, size) {
  measurer.font = size + 'px ' + FONT;
  return measurer.measureText(s).width;
}

// ---- calls into the module ----

function withString(s, fn) {
  const M = page.M;
  const n = M.lengthBytesUTF8(s) + 1;
  const p = M._malloc(n);
  M.stringToUTF8(s, p, n);
  try { return fn(p); } finally { M._free(p); }
}

const str = (p) => page.M.UTF8ToString(p);

function say(text, isError) {
  page.error = isError ? text : '';
  const s = $('status');
  s.textContent = text;
  s.classList.toggle('error', !!isError);
}

function openText(text, name) {
  const ok = withString(text, (p) => page.M._fw_open(page.w, p));
  if (!ok) {
    say(name + ': ' + str(page.M._fw_error(page.w)), true);
    return false;
  }
  page.name = name.replace(/\.(scene|replay)$/, '');
  page.text = text;
  page.stepMs = -1;
  fitView(true);
  readFluid();
  updateInspector();
  say(name + (page.M._fw_playing(page.w) ? ': playing the replay' : ''), false);
  return true;
}

page.open = openText;
page.step = (n) => page.M._fw_step(page.w, n);
page.hash = () => str(page.M._fw_hash(page.w));
page.steps = () => page.M._fw_steps(page.w);
page.bodyCount = () => page.M._fw_body_count(page.w);
page.replayText = () => {
  const p = page.M._fw_replay(page.w);
  if (!p) return null;
  const t = str(p);
  page.M._fw_free(p);
  return t;
};

// ---- drawing: the module's command list on the canvas ----

const CAPS = ['butt', 'round', 'square'];

function css(c) {
  const r = Math.floor(c / 16777216) & 255, g = Math.floor(c / 65536) & 255;
  const b = Math.floor(c / 256) & 255, a = c & 255;
  return 'rgba(' + r + ',' + g + ',' + b + ',' + (a / 255) + ')';
}

const decoder = new TextDecoder();

function replay(ctx, n) {
  const M = page.M;
  const ops = new Float64Array(M.HEAPF64.buffer, page.M._fw_ops(page.w), n);
  const textAt = M._fw_text(page.w);
  ctx.beginPath();
  for (let i = 0; i < n;) {
    switch (ops[i]) {
      case 1: ctx.moveTo(ops[i + 1], ops[i + 2]); i += 3; break;
      case 2: ctx.lineTo(ops[i + 1], ops[i + 2]); i += 3; break;
      case 3: ctx.closePath(); i += 1; break;
      case 4: {
        const x = ops[i + 1], y = ops[i + 2], r = ops[i + 3];
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
        ctx.closePath();
        i += 4;
        break;
      }
      case 5: ctx.fillStyle = css(ops[i + 1]); ctx.fill('nonzero'); ctx.beginPath(); i += 2; break;
      case 6: {
        const g = ctx.createLinearGradient(0, ops[i + 1], 0, ops[i + 3]);
        g.addColorStop(0, css(ops[i + 2]));
        g.addColorStop(1, css(ops[i + 4]));
        ctx.fillStyle = ops[i + 1] === ops[i + 3] ? css(ops[i + 4]) : g;
        ctx.fill('nonzero');
        ctx.beginPath();
        i += 5;
        break;
      }
      case 7:
        ctx.strokeStyle = css(ops[i + 1]);
        ctx.lineWidth = ops[i + 2];
        ctx.lineCap = CAPS[ops[i + 3]] || 'butt';
        ctx.lineJoin = 'round';
        ctx.stroke();
        ctx.beginPath();
        i += 4;
        break;
      case 8: ctx.save(); ctx.clip('nonzero'); ctx.beginPath(); i += 1; break;
      case 9: ctx.restore(); i += 1; break;
      case 10: {
        const at = textAt + ops[i + 5];
        const s = decoder.decode(M.HEAPU8.subarray(at, at + ops[i + 6]));
        ctx.font = ops[i + 3] + 'px ' + FONT;
        ctx.fillStyle = css(ops[i + 4]);
        ctx.fillText(s, ops[i + 1], ops[i + 2]);
        i += 7;
        break;
      }
      case 11: i += 2; break; // cheaper fills: a canvas has no such switch
      default: throw new Error('draw list: command ' + ops[i] + ' at ' + i);
    }
  }
}

function overlays() {
  const on = [...document.querySelectorAll('input[name=overlay]:checked')].map((e) => e.value);
  on.push('ropes');
  return on.join(',');
}

let cssW = 0, cssH = 0;

function fitView(force) {
  const r = canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(r.width)), h = Math.max(1, Math.round(r.height));
  if (!force && w === cssW && h === cssH) return;
  cssW = w; cssH = h;
  canvas.width = Math.round(w * dpr);
  canvas.height = Math.round(h * dpr);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  page.M._fw_view(page.w, w, h);
}

function draw() {
  fitView(false);
  const n = withString(overlays(), (p) => page.M._fw_draw(page.w, p, page.stepMs));
  if (n < 0) { say(str(page.M._fw_error(page.w)), true); return; }
  ctx.clearRect(0, 0, cssW, cssH);
  replay(ctx, n);
}
page.draw = draw;

// The picture at w x h with these overlays, on a canvas of its own, framed
// as `flotsam run --snapshot` frames it (for the tests and for docs).
page.picture = (w, h, list) => {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  page.M._fw_view(page.w, w, h);
  const n = withString(list, (p) => page.M._fw_draw(page.w, p, -1));
  if (n >= 0) replay(c.getContext('2d'), n);
  fitView(true);
  return n >= 0 ? c : null;
};

// ---- the loop: the scene's rate in world time, drawn at the display's ----

// At most this many steps a frame: a world too big to keep up slows down
// rather than drawing ever more rarely.
const MOST_STEPS = 2;
let last = 0, debt = 0, frames = 0, since = 0, stepped = 0, ran = 0;

function frame(now) {
  const dt = last ? Math.min((now - last) / 1000, 0.1) : 0;
  last = now;
  if (!page.paused && page.w) {
    debt += dt * page.M._fw_rate(page.w);
    const n = Math.min(Math.floor(debt), MOST_STEPS);
    debt -= Math.floor(debt);
    stepped += n;
    ran += dt * page.M._fw_rate(page.w);
    if (n > 0) {
      const t0 = performance.now();
      const st = page.M._fw_step(page.w, n);
      page.stepMs = (performance.now() - t0) / n;
      if (st === 1) { page.paused = true; say('the replay is over: ' + page.hash(), false); }
      else if (st > 1) { page.paused = true; say(str(page.M._fw_error(page.w)), true); }
    }
  }
  const t0 = performance.now();
  draw();
  page.frameMs = performance.now() - t0;
  frames++;
  if (now - since >= 1000) {
    page.fps = frames * 1000 / (now - since);
    page.realTime = ran > 0 ? stepped / ran : 0;
    frames = 0; since = now; stepped = 0; ran = 0;
    if (!page.error) {
      $('status').textContent = page.name + ' · step ' + page.steps() + ' · ' + page.hash() +
        ' · ' + page.fps.toFixed(0) + ' frames/s' +
        (page.realTime > 0 && page.realTime < 0.95 ? ' · ' + page.realTime.toFixed(2) + '× real time' : '');
    }
    updateInspector();
  }
  $('pause').textContent = page.paused ? 'Play' : 'Pause';
  requestAnimationFrame(frame);
}

// ---- the mouse: grab and throw, add bodies, select ----

let dragging = false;

function at(e) {
  const r = canvas.getBoundingClientRect();
  return [e.clientX - r.left, e.clientY - r.top];
}

canvas.addEventListener('pointerdown', (e) => {
  const [x, y] = at(e);
  canvas.focus();
  page.M._fw_select(page.w, x, y);
  updateInspector();
  const tool = document.querySelector('input[name=tool]:checked').value;
  if (tool === 'spawn') {
    if (!page.M._fw_spawn(page.w, x, y, +$('kind').value, +$('density').value))
      say(str(page.M._fw_error(page.w)), true);
    return;
  }
  if (page.M._fw_grab(page.w, x, y) >= 0) {
    dragging = true;
    canvas.setPointerCapture(e.pointerId);
    canvas.style.cursor = 'grabbing';
  }
});
canvas.addEventListener('pointermove', (e) => {
  if (dragging) page.M._fw_drag(page.w, ...at(e));
});
function letGo() {
  if (!dragging) return;
  dragging = false;
  page.M._fw_release(page.w);
  canvas.style.cursor = '';
}
canvas.addEventListener('pointerup', letGo);
canvas.addEventListener('pointercancel', letGo);

// ---- the panel ----

const fluidRange = { top: 0, bottom: 1 };

function readFluid() {
  const f = JSON.parse(str(page.M._fw_fluid(page.w)));
  $('water').classList.toggle('off', !f);
  if (!f) return;
  fluidRange.top = f.top;
  fluidRange.bottom = f.bottom;
  $('fluid').value = f.density;
  $('level').value = (f.bottom - f.surface) / (f.bottom - f.top);
  $('waves').checked = f.wave_amplitude > 0;
  if (f.wave_amplitude > 0) { $('amp').value = f.wave_amplitude; $('len').value = f.wave_length; }
  showValues();
}

function showValues() {
  $('density-out').textContent = $('density').value + ' kg/m²';
  $('fluid-out').textContent = $('fluid').value + ' kg/m²';
  $('level-out').textContent = (+$('level').value * 100).toFixed(0) + ' %';
  $('amp-out').textContent = (+$('amp').value).toFixed(2) + ' m';
  $('len-out').textContent = $('len').value + ' m';
}

function setWater() {
  showValues();
  const amp = $('waves').checked ? +$('amp').value : 0;
  if (!page.M._fw_water(page.w, +$('fluid').value, amp, +$('len').value))
    say(str(page.M._fw_error(page.w)), true);
}

function setLevel() {
  showValues();
  const t = +$('level').value;
  page.M._fw_level(page.w, fluidRange.bottom - t * (fluidRange.bottom - fluidRange.top));
}

for (const id of ['fluid', 'waves', 'amp', 'len']) $(id).addEventListener('input', setWater);
$('level').addEventListener('input', setLevel);
$('density').addEventListener('input', showValues);

const SHOWN = [
  ['mass', 'mass', 'kg', 1], ['density', 'density', 'kg/m²', 0], ['area', 'area', 'm²', 3],
  ['draft', 'draft', 'm', 3], ['heel', 'heel', '°', 1], ['submerged', 'submerged', '%', 1, 100],
  ['gm', 'GM', 'm', 3], ['vertical_speed', 'vertical speed', 'm/s', 3], ['kinetic', 'kinetic energy', 'J', 1],
];

function updateInspector() {
  const b = JSON.parse(str(page.M._fw_inspect(page.w)));
  const t = $('inspector');
  if (!b) { t.innerHTML = '<tr><td>none: click a body</td></tr>'; return; }
  let html = '<tr><th colspan=2>' + (b.name || 'body ' + b.index) + (b.static ? ' (static)' : '') + '</th></tr>';
  for (const [key, label, unit, digits, scale] of SHOWN) {
    if (b[key] === null || b[key] === undefined) continue;
    html += '<tr><td>' + label + '</td><td>' + (b[key] * (scale || 1)).toFixed(digits) + ' ' + unit + '</td></tr>';
  }
  t.innerHTML = html;
}

$('pause').addEventListener('click', () => { page.paused = !page.paused; });
$('step').addEventListener('click', () => { page.paused = true; page.step(1); });
$('reset').addEventListener('click', () => openText(page.text, page.name + (page.M._fw_playing(page.w) ? '.replay' : '.scene')));
$('download').addEventListener('click', () => {
  const text = page.replayText();
  if (text === null) { say(str(page.M._fw_error(page.w)), true); return; }
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  a.download = page.name + '-session.replay';
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});

document.addEventListener('keydown', (e) => {
  if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
  if (e.key === ' ') { page.paused = !page.paused; e.preventDefault(); }
  else if (e.key === 's' || e.key === 'S') { page.paused = true; page.step(1); }
  else if (e.key === 'r' || e.key === 'R') $('reset').click();
});

// ---- scenes: the picker, a file, a drop ----

for (const [name] of FLOTSAM_SCENES) {
  const o = document.createElement('option');
  o.value = o.textContent = name;
  $('scene').appendChild(o);
}
$('scene').addEventListener('change', () => {
  const s = FLOTSAM_SCENES.find(([n]) => n === $('scene').value);
  openText(s[1], s[0] + '.scene');
  page.paused = false;
});

function openFile(file) {
  file.text().then((t) => { if (openText(t, file.name)) page.paused = false; });
}
$('file').addEventListener('change', () => { if ($('file').files[0]) openFile($('file').files[0]); });
const stage = $('stage');
stage.addEventListener('dragover', (e) => { e.preventDefault(); stage.classList.add('drop'); });
stage.addEventListener('dragleave', () => stage.classList.remove('drop'));
stage.addEventListener('drop', (e) => {
  e.preventDefault();
  stage.classList.remove('drop');
  if (e.dataTransfer.files[0]) openFile(e.dataTransfer.files[0]);
});

// ---- start: the font first, so that text is measured as it is drawn ----

const fontReady = document.fonts ? document.fonts.load('12px "DejaVu Sans"').catch(() => null) : Promise.resolve();
Promise.all([createFlotsam({ measureText }), fontReady]).then(([M]) => {
  page.M = M;
  page.w = M._fw_create();
  const [name, text] = FLOTSAM_SCENES[0];
  openText(text, name + '.scene');
  page.paused = new URLSearchParams(location.search).has('paused');
  page.ready = true;
  requestAnimationFrame(frame);
}).catch((err) => say('flotsam could not start: ' + err, true));
