// Lighthouse on the production build as a phone on a slow 4G network meets it (Lighthouse's
// default mobile emulation and simulated throttling), in Debian's Chromium: /auth, a refund's
// claim link and home signed in, five runs each, medians against the targets, each with the
// machine's load average. The product is served as `npm start` serves it: the compiled API over
// plain HTTP/1.1. Also measured, with Chrome's coverage: the JavaScript /auth runs before its
// phone number field can be used, brotli-compressed. A report: the exit code says only whether
// the measurement itself worked.
//
// Usage (from apps/web): node scripts/lighthouse.mjs
//   WEB_DIST_DIR=<folder>       measure that build instead of building one
//   LIGHTHOUSE_RUNS=<n>         runs per page (default 5)
//   LIGHTHOUSE_PAGES=<list>     only these pages, by comma: auth, claim, home (default all)
//   LIGHTHOUSE_HTTPS=1          also measure over HTTPS with HTTP/2, for context (no verdict)
//   LIGHTHOUSE_REPORT_DIR=<dir> keep each run's full Lighthouse report (JSON) there
//   BENCH_REPORT=<file>         also append every figure as a JSON line (see report-figure.mjs)
import { createHash, randomUUID, X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { brotliCompressSync, constants } from 'node:zlib';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { buildWebApp, productRequest, startProductServer } from './product-server.mjs';
import { reportFigure } from './report-figure.mjs';

// The browser drivers Lighthouse itself runs on, in the versions it was built with.
const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
const load = async (name) => import(pathToFileURL(fromLighthouse.resolve(name)).href);
const chromeLauncher = await load('chrome-launcher');
const { default: puppeteer } = await load('puppeteer-core');

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const ALSO_HTTPS = process.env.LIGHTHOUSE_HTTPS === '1';
const PAGES = new Set((process.env.LIGHTHOUSE_PAGES ?? 'auth,claim,home').split(','));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The machine has no outside network: Chromium must not try to reach its services.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The server's own certificate, trusted by this browser alone (by its public key). */
function trusting(certificate) {
  if (!certificate) return [];
  const key = new X509Certificate(certificate).publicKey.export({ type: 'spki', format: 'der' });
  return [
    `--ignore-certificate-errors-spki-list=${createHash('sha256').update(key).digest('base64')}`,
  ];
}
const DEMO_PHONE = '2025550143';
const BOT_PASS = 'sandbox-bot-pass';
const MERCHANT_KEY = 'Bearer sk_sandbox_summit_sports_demo_key_0001';

const TARGETS = {
  performance: { min: 95 },
  lcpSeconds: { max: 2.0 },
  cls: { max: 0.05 },
  tbtMs: { max: 150 },
  accessibility: { min: 100 },
};
/** JavaScript /auth may run before its first field can be used, brotli-compressed. */
const START_JS_BUDGET_KB = 60;

const loadAverage = () => loadavg()[0].toFixed(2);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A refund the demo merchant approved for someone new: its claim link, never opened yet. */
async function unclaimedRefundPath(server) {
  const phone = `2025${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const response = await productRequest(server, '/v1/merchant/refunds', {
    method: 'POST',
    headers: {
      authorization: MERCHANT_KEY,
      'idempotency-key': randomUUID(),
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      customer: {
        first_name: 'Robin',
        last_name: 'Avery',
        email: `robin.${phone}@example.com`,
        phone_number: phone,
      },
      order_number: `SS-${randomUUID().slice(0, 8)}`,
      description: 'Trail running shoes, size 10',
      returns: [{ amount_in_cents: 4250, description: 'Trail running shoes' }],
    }),
  });
  if (response.status !== 201) throw new Error(`creating a refund: HTTP ${response.status}`);
  return new URL(JSON.parse(response.body).claim_url).pathname;
}

/**
 * Signs the demo customer in inside the browser, the way the app does it (the refresh cookie
 * lands in the browser, the access token where the app keeps it), from a page that does not run
 * the app.
 */
async function signInDemoCustomer(browser, origin) {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/favicon.svg`);
    const failure = await page.evaluate(
      async ({ phone, botToken }) => {
        const post = (path, body) =>
          fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        const codes = async () => {
          const inbox = await (await fetch(`/v1/sandbox/messages?to=${phone}`)).json();
          return inbox.data
            .filter((message) => message.body.includes('verification code'))
            .map((message) => /\b(\d{6})\b/.exec(message.body)?.[1]);
        };
        const seen = await codes();
        const started = await post('/v1/users/signin', {
          phone_number: phone,
          bot_token: botToken,
        });
        if (!started.ok) return `sign-in: HTTP ${started.status}`;
        const { attempt_id } = await started.json();
        let code;
        for (let tries = 0; !code && tries < 100; tries += 1) {
          code = (await codes()).find((candidate) => candidate && !seen.includes(candidate));
          if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        if (!code) return 'no sign-in code arrived';
        const verified = await post('/v1/users/verify', { attempt_id, code });
        if (!verified.ok) return `verify: HTTP ${verified.status}`;
        localStorage.setItem('_ca', (await verified.json()).access_token);
        return null;
      },
      { phone: DEMO_PHONE, botToken: BOT_PASS },
    );
    if (failure) throw new Error(`signing in the demo customer: ${failure}`);
  } finally {
    await page.close();
  }
}

async function runLighthouse(port, url, settings, reportName) {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error' },
    {
      extends: 'lighthouse:default',
      settings: { onlyCategories: ['performance', 'accessibility'], ...settings },
    },
  );
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
    writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, `${reportName}.json`), result.report);
  }
  const numeric = (id) => lhr.audits[id].numericValue;
  if (lhr.categories.performance.score === null) throw new Error(`${url}: no performance score`);
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    lcpSeconds: numeric('largest-contentful-paint') / 1000,
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpSeconds: numeric('first-contentful-paint') / 1000,
    speedIndexSeconds: numeric('speed-index') / 1000,
    // What this machine's browser really took, unthrottled: the simulated figures above are
    // computed from it, and leave out time the page spends waiting on itself (timers).
    observedLcpMs: lhr.audits.metrics.details.items[0].observedLargestContentfulPaint,
  };
}

/** The medians of a page's runs; with `verdict`, against the targets. */
function reportPage(label, runs, { verdict, load, over }) {
  const m = (key) => median(runs.map((run) => run[key]));
  const performance = m('performance');
  const lcp = m('lcpSeconds');
  const cls = m('cls');
  const tbt = m('tbtMs');
  const accessibility = m('accessibility');
  const figure = (name, value, target, met) =>
    reportFigure({
      figure: `Lighthouse ${label} ${name}, ${over} (median of ${runs.length})`,
      value: `${value} (load ${load})`,
      target: verdict ? target : null,
      met: verdict ? met : null,
    });
  figure('performance', String(performance), 'at least 95', performance >= TARGETS.performance.min);
  figure('LCP', `${lcp.toFixed(2)} s`, 'at most 2.0 s', lcp <= TARGETS.lcpSeconds.max);
  figure('CLS', cls.toFixed(3), 'at most 0.05', cls <= TARGETS.cls.max);
  figure('TBT', `${Math.round(tbt)} ms`, 'at most 150 ms', tbt <= TARGETS.tbtMs.max);
  figure('FCP', `${m('fcpSeconds').toFixed(2)} s`, null, null);
  figure('Speed Index', `${m('speedIndexSeconds').toFixed(2)} s`, null, null);
  figure('LCP observed unthrottled', `${Math.round(m('observedLcpMs'))} ms`, null, null);
  figure('accessibility', String(accessibility), '100', accessibility >= TARGETS.accessibility.min);
}

const brotliKb = (text) =>
  brotliCompressSync(Buffer.from(text), {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length / 1024;

/**
 * The JavaScript /auth runs before its phone number field can be used, from Chrome's coverage
 * of a first visit on the phone Lighthouse's mobile preset emulates (its slow 4G network and 4x
 * slower CPU, applied by DevTools): every script of the origin that ran, whole and as the parts
 * of it that ran, each brotli-compressed as the server sends it. Without the network's delays,
 * what the page loads after its first screen (a few milliseconds later on this machine) would
 * race the end of the measurement.
 */
async function javascriptBeforeFirstUse(browser, origin) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const phone = throttling.mobileSlow4G;
  try {
    await page.emulateNetworkConditions({
      latency: phone.requestLatencyMs,
      download: (phone.downloadThroughputKbps * 1024) / 8,
      upload: (phone.uploadThroughputKbps * 1024) / 8,
    });
    await page.emulateCPUThrottling(phone.cpuSlowdownMultiplier);
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(`${origin}/auth`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('input[type="tel"]:not([disabled])', { visible: true });
    const entries = await page.coverage.stopJSCoverage();
    const ours = entries.filter((entry) => entry.url.startsWith(origin));
    const whole = ours.reduce((sum, entry) => sum + brotliKb(entry.text), 0);
    const used = ours.reduce(
      (sum, entry) =>
        sum + brotliKb(entry.ranges.map((r) => entry.text.slice(r.start, r.end)).join('\n')),
      0,
    );
    return { files: ours.length, whole, used };
  } finally {
    await context.close();
  }
}

/** Every page's runs over one protocol, with its own server and browser. */
async function measureOver(distDir, { https, verdict }) {
  const over = https ? 'HTTPS + HTTP/2' : 'HTTP/1.1';
  let server;
  let chrome;
  let browser;
  try {
    server = await startProductServer(distDir, { SEED_DEMO_DATA: 'true' }, { https });
    const { origin } = server;
    process.stdout.write(
      `Served over ${over}, as ${https ? 'a TLS server' : '`npm start`'} serves\n`,
    );
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [...CHROME_FLAGS, ...trusting(server.ca)],
    });
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });

    if (verdict && PAGES.has('auth')) {
      const load = loadAverage();
      const js = await javascriptBeforeFirstUse(browser, origin);
      reportFigure({
        figure: `JavaScript /auth evaluates before its phone number field is usable (Chrome coverage, slow 4G and 4x CPU, ${over})`,
        value:
          `${js.used.toFixed(1)} KB brotli, the code that ran, of ${js.whole.toFixed(1)} KB in ` +
          `${js.files} files (load ${load})`,
        target: `at most ${START_JS_BUDGET_KB} KB`,
        met: js.used <= START_JS_BUDGET_KB,
      });
    }

    const claimPath = await unclaimedRefundPath(server);
    // A first visit: everything the origin stored before is cleared, as well as the HTTP cache.
    const firstVisit = { clearStorageTypes: ['all'] };
    // A customer coming back with an empty HTTP cache: Lighthouse's storage reset always clears
    // the cache, and here nothing that holds the session (the refresh cookie, the access token
    // in local storage).
    const signedIn = { clearStorageTypes: ['cache_storage', 'service_workers'] };
    const pages = [
      { name: 'auth', label: '/auth', path: '/auth', settings: firstVisit },
      { name: 'claim', label: '/claim/{id}', path: claimPath, settings: firstVisit },
      { name: 'home', label: '/ signed in', path: '/', settings: signedIn, signIn: true },
    ].filter((page) => PAGES.has(page.name));
    for (const page of pages) {
      if (page.signIn) await signInDemoCustomer(browser, origin);
      const load = loadAverage();
      const runs = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const name = `${over.replace(/[^a-z0-9]+/gi, '-')}-${page.label.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run}`;
        const measure = () =>
          runLighthouse(chrome.port, `${origin}${page.path}`, page.settings, name);
        // A run Lighthouse itself gives up on (a protocol time-out on a busy machine) is tried
        // once more; a second failure ends the measurement.
        runs.push(
          await measure().catch((error) => {
            process.stderr.write(
              `  ${page.label} run ${run} failed, trying again: ${error.message}\n`,
            );
            return measure();
          }),
        );
        const last = runs.at(-1);
        process.stdout.write(
          `  ${page.label} run ${run}: performance ${last.performance}, LCP ${last.lcpSeconds.toFixed(2)} s, ` +
            `CLS ${last.cls.toFixed(3)}, TBT ${Math.round(last.tbtMs)} ms, FCP ${last.fcpSeconds.toFixed(2)} s, ` +
            `observed LCP ${Math.round(last.observedLcpMs)} ms, accessibility ${last.accessibility}\n`,
        );
      }
      reportPage(page.label, runs, { verdict, load, over });
    }
  } finally {
    await browser?.disconnect();
    await chrome?.kill();
    await server?.stop();
  }
}

const ownBuild = !process.env.WEB_DIST_DIR;
const distDir = process.env.WEB_DIST_DIR ?? mkdtempSync(join(tmpdir(), 'web-lighthouse-'));
try {
  if (ownBuild) buildWebApp(distDir);
  await measureOver(distDir, { https: false, verdict: true });
  if (ALSO_HTTPS) await measureOver(distDir, { https: true, verdict: false });
} finally {
  if (ownBuild) rmSync(distDir, { recursive: true, force: true });
}
