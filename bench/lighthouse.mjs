#!/usr/bin/env node
// Lighthouse (mobile: Moto G power emulation, simulated slow 4G and 4x CPU slowdown — Lighthouse's defaults) on
// /login, /games and /player/{id} of the production build, served by the real server on a fresh DATA_DIR, in
// Debian's Chromium. Signs in once as the demo rival (so /games and the player have a session) and keeps the
// storage between runs. Also asks Chromium whether the app is installable (Page.getInstallabilityErrors: the
// manifest, its icons, the service worker). Targets: performance ≥ 90, accessibility 100, best practices ≥ 95.
// Usage: node bench/lighthouse.mjs [--no-build] [--runs=N] [--save=DIR] [--pages=login,games,player] (the median of N runs per page; default 3;
// --save writes each run's Lighthouse JSON into DIR, e.g. /tmp/lh, to read bootup-time or unused-javascript)
// BENCH_PORT overrides the server's port (3391).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { root, startServer } from './_server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3391);
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
// --pages=login,games: only these of the three (A/B runs on a busy machine)
const only = process.argv
  .find((a) => a.startsWith('--pages='))
  ?.split('=')[1]
  .split(',');
const wanted = (path) => !only || only.includes(path.split('/')[1]);
const saveDir = process.argv.find((a) => a.startsWith('--save='))?.split('=')[1];
if (saveDir) mkdirSync(saveDir, { recursive: true });
const TARGET = { performance: 90, accessibility: 100, 'best-practices': 95 };

if (!process.argv.includes('--no-build')) {
  const r = spawnSync('npm', ['run', 'build', '-w', '@cairn/web'], { cwd: root, stdio: 'ignore' });
  if (r.status !== 0) throw new Error('web build failed');
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const loadBefore = load();
const server = await startServer('bench-lighthouse', PORT);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/**
 * CPU time of the page's main thread over the load (Σ thread time of its top-level tasks): unlike Lighthouse's
 * wall-clock task durations (which its 4× slowdown then multiplies), it barely moves when other processes compete
 * for the cores, so it is the figure to compare builds by on a shared machine.
 */
function mainThreadCpuMs(artifacts) {
  const events = artifacts.Trace?.traceEvents ?? [];
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      e.pid === events.find((x) => x.name === 'TracingStartedInBrowser')?.args?.data?.frames?.[0]?.processId,
  );
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === main?.pid && e.tid === main?.tid,
  );
  if (!main) return null;
  return Math.round(tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000);
}

/** The median (by performance) of `runs` Lighthouse runs of one page. */
async function measure(path, keepStorage) {
  const scores = [];
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(`${server.base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: keepStorage,
    });
    if (saveDir) writeFileSync(`${saveDir}/${path.split('/')[1]}-${i + 1}.json`, result.report);
    const c = result.lhr.categories;
    const a = result.lhr.audits;
    scores.push({
      performance: Math.round(c.performance.score * 100),
      accessibility: Math.round(c.accessibility.score * 100),
      'best-practices': Math.round(c['best-practices'].score * 100),
      'FCP ms': Math.round(a['first-contentful-paint'].numericValue),
      'LCP ms': Math.round(a['largest-contentful-paint'].numericValue),
      'TBT ms': Math.round(a['total-blocking-time'].numericValue),
      CLS: +a['cumulative-layout-shift'].numericValue.toFixed(3),
      'main CPU ms': mainThreadCpuMs(result.artifacts),
      // where the page ended: a guest page that redirects measures another page
      landed: new URL(result.lhr.finalDisplayedUrl).pathname.replace(/\d+$/, '{id}'),
      failing: Object.values(a)
        .filter((x) => x.score !== null && x.score < 1 && x.scoreDisplayMode === 'binary')
        .map((x) => x.id)
        .slice(0, 6)
        .join(' '),
    });
  }
  const mid = Math.floor(scores.length / 2);
  // the CPU figure is the median of its own, not the one of the run with the median score
  const cpu = scores.map((x) => x['main CPU ms']).sort((x, y) => x - y)[mid];
  scores.sort((x, y) => x.performance - y.performance);
  return { page: path.replace(/\d+$/, '{id}'), ...scores[mid], 'main CPU ms': cpu };
}

try {
  const rows = [];
  // the sign-in page is for guests: measured first, in the fresh profile, before anyone signs in (Lighthouse's
  // storage reset keeps localStorage, where the session lives, so afterwards /login would redirect to /games)
  if (wanted('/login')) rows.push(await measure('/login', false));

  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${server.base}/login`);
  await page.waitForSelector('input[type=email]');
  await page.type('input[type=email]', 'rival@example.com');
  await page.type('input[type=password]', 'rival123');
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  await page.waitForFunction(() => location.pathname.endsWith('/games'));
  const token = await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) {
      const v = localStorage.getItem(k) ?? '';
      const m = /"accessToken":"([^"]+)"/.exec(v);
      if (m) return m[1];
    }
    return null;
  });
  const games = await fetch(`${server.base}/api/games`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
    r.json(),
  );
  const trailId = games.data[0].id;

  // installability: what Chromium says about the manifest, icons and service worker once the app has loaded
  await page.goto(`${server.base}/games`, { waitUntil: 'networkidle0' });
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await page.createCDPSession();
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const manifest = await cdp.send('Page.getAppManifest');
  await page.close();

  for (const path of ['/games', `/player/${trailId}`].filter(wanted)) rows.push(await measure(path, true));

  console.table(rows);
  console.log(`median of ${runs} run(s) per page; load average (1/5/15 min) before: ${loadBefore}, after: ${load()}`);
  console.log(
    `installable: ${installabilityErrors.length === 0 ? 'yes' : `no — ${installabilityErrors.map((e) => e.errorId).join(', ')}`}` +
      ` (manifest ${manifest.url}, ${manifest.errors.length} manifest errors)`,
  );
  const missed = rows.flatMap((r) =>
    Object.entries(TARGET)
      .filter(([k, min]) => r[k] < min)
      .map(([k, min]) => `${r.page} ${k} ${r[k]} < ${min}`),
  );
  console.log(missed.length ? `targets missed: ${missed.join('; ')}` : 'all targets met');
  await browser.disconnect();
} finally {
  await chrome.kill();
  await server.stop();
}
