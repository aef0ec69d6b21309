// Drives the web page in headless Chromium (puppeteer-core) and prints what
// it measured as JSON; tests/test_web.py prepares the native side and
// judges. usage: node web_test.js CONFIG.json
'use strict';
const fs = require('fs');
const path = require('path');
const puppeteer = require('puppeteer-core');

const cfg = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function openPage(browser, url, errors) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 760 });
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction('window.flotsamPage && window.flotsamPage.ready', { timeout: 60000 });
  return page;
}

async function main() {
  const out = { errors: [] };
  const browser = await puppeteer.launch({
    executablePath: cfg.chromium,
    headless: 'new',
    args: ['--no-sandbox', '--disable-gpu', '--window-size=1280,760'],
  });
  try {
    const url = 'file://' + path.resolve(cfg.site, 'index.html');
    const page = await openPage(browser, url + '?paused', out.errors);

    // The default scene stepped as natively.
    out.steps = cfg.steps;
    out.hash = await page.evaluate((n) => { flotsamPage.step(n); return flotsamPage.hash(); }, cfg.steps);

    // The picture against the native snapshot of the same step.
    const harbour = fs.readFileSync(cfg.scene, 'utf8');
    const png = fs.readFileSync(cfg.snapshot).toString('base64');
    out.pixels = await page.evaluate(async (text, at, w, h, list, data) => {
      flotsamPage.open(text, 'harbour.scene');
      flotsamPage.step(at);
      const mine = flotsamPage.picture(w, h, list).getContext('2d').getImageData(0, 0, w, h).data;
      const img = new Image();
      img.src = 'data:image/png;base64,' + data;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = w; c.height = h;
      const cx = c.getContext('2d');
      cx.drawImage(img, 0, 0);
      const theirs = cx.getImageData(0, 0, w, h).data;
      let sum = 0, far = 0, blank = true;
      for (let i = 0; i < mine.length; i += 4) {
        let most = 0;
        for (let k = 0; k < 3; k++) {
          const d = Math.abs(mine[i + k] - theirs[i + k]);
          sum += d;
          most = Math.max(most, d);
          if (mine[i + k] !== mine[k]) blank = false;
        }
        if (most > 40) far++;
      }
      return { mean: sum / (w * h * 3), far: far / (w * h), blank };
    }, harbour, cfg.snapshot_step, cfg.width, cfg.height, cfg.overlay, png);

    // The page as a person sees it: the harbour a second in, a body
    // selected, its numbers in the panel.
    await page.evaluate((text) => { flotsamPage.open(text, 'harbour.scene'); flotsamPage.step(400); }, harbour);
    const box = await page.$eval('#view', (c) => { const r = c.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; });
    const pick = await page.evaluate((sel) => {
      // The crate's middle, in canvas pixels: found by asking the module
      // which body is under each point of a coarse grid.
      const M = flotsamPage.M, w = flotsamPage.w, c = document.getElementById('view').getBoundingClientRect();
      for (let y = 0; y < c.height; y += 8)
        for (let x = 0; x < c.width; x += 8)
          if (M._fw_select(w, x, y) >= 0 && JSON.parse(M.UTF8ToString(M._fw_inspect(w))).static === false)
            return [x + 4, y + 4];
      return null;
    });
    out.selected = pick !== null;
    if (pick) await page.mouse.click(box[0] + pick[0], box[1] + pick[1]);
    await sleep(1200);
    out.inspector = await page.$eval('#inspector', (t) => t.innerText);
    if (cfg.shots) await page.screenshot({ path: path.join(cfg.shots, 'web-harbour.png') });

    // A desktop replay plays in the page to its end.
    out.replay = await page.evaluate((text) => {
      if (!flotsamPage.open(text, 'harbour.replay')) return { opened: false, error: flotsamPage.error };
      let st = 0, guard = 0;
      while (st === 0 && guard++ < 100000) st = flotsamPage.step(1);
      return { opened: true, status: st, hash: flotsamPage.hash(), steps: flotsamPage.steps(),
               error: st === 1 ? '' : flotsamPage.M.UTF8ToString(flotsamPage.M._fw_error(flotsamPage.w)) };
    }, fs.readFileSync(cfg.replay, 'utf8'));

    // The sliders and a click that adds a body, as a person would: the
    // session downloads as a replay for the desktop to play.
    await page.evaluate((text) => { flotsamPage.open(text, 'harbour.scene'); flotsamPage.paused = true; }, harbour);
    const before = await page.evaluate(() => flotsamPage.bodyCount());
    await page.evaluate(() => flotsamPage.step(30));
    await page.$eval('#density', (e) => { e.value = 1500; e.dispatchEvent(new Event('input')); });
    await page.$eval('#fluid', (e) => { e.value = 1250; e.dispatchEvent(new Event('input')); });
    await page.click('input[name=tool][value=spawn]');
    await page.mouse.click(box[0] + box[2] * 0.3, box[1] + box[3] * 0.25);
    await page.evaluate(() => flotsamPage.step(47));
    await page.$eval('#waves', (e) => { e.checked = true; e.dispatchEvent(new Event('input')); });
    await page.evaluate(() => flotsamPage.step(100));
    out.spawn = await page.evaluate((b) => ({
      before: b, after: flotsamPage.bodyCount(), hash: flotsamPage.hash(), steps: flotsamPage.steps(),
      replay: flotsamPage.replayText(),
    }), before);
    out.inspectorSpawned = await page.evaluate(() => flotsamPage.M.UTF8ToString(flotsamPage.M._fw_fluid(flotsamPage.w)));

    // A scene opened from disk with the file button: the waves, whose
    // surface is all sines and exponentials, stepped as natively.
    const input = await page.$('#file');
    await input.uploadFile(cfg.file_scene);
    await page.waitForFunction((n) => flotsamPage.name === n, { timeout: 20000 },
      path.basename(cfg.file_scene, '.scene'));
    out.file = await page.evaluate((n) => { flotsamPage.paused = true; const s0 = flotsamPage.steps();
      flotsamPage.step(n - s0); return { name: flotsamPage.name, steps: flotsamPage.steps(), hash: flotsamPage.hash() }; },
      cfg.steps);

    // Frames a second the page draws (and steps) the harbor at N bodies.
    out.fps = {};
    for (const [n, file] of Object.entries(cfg.harbors || {})) {
      await page.evaluate((text, n) => { flotsamPage.open(text, 'harbor-' + n + '.scene'); flotsamPage.paused = false; },
        fs.readFileSync(file, 'utf8'), n);
      const samples = [];
      for (let k = 0; k < cfg.fps_seconds; k++) {
        await sleep(1000);
        samples.push(await page.evaluate(() => [flotsamPage.fps, flotsamPage.stepMs, flotsamPage.frameMs, flotsamPage.realTime]));
      }
      samples.sort((a, b) => a[0] - b[0]);
      out.fps[n] = samples[Math.floor(samples.length / 2)];
      await page.evaluate(() => { flotsamPage.paused = true; });
    }

    // The page served over http as well as opened as a file.
    if (cfg.http) {
      const served = await openPage(browser, cfg.http + '/index.html?paused', out.errors);
      out.http_hash = await served.evaluate((n) => { flotsamPage.step(n); return flotsamPage.hash(); }, cfg.steps);
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e) => { console.error('web_test: ' + (e.stack || e)); process.exit(1); });
