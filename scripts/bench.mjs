#!/usr/bin/env node
// `pnpm bench`: cold-load figures of the production build in Chromium, JS counted gzip-compressed (architecture
// section 6), then the server part (scripts/benchServer.mjs, also `pnpm bench:server` on its own), record
// questions (scripts/benchAnswers.mjs, also `pnpm bench:answers`), OCR of a scan (scripts/benchOcr.mjs, also
// `pnpm bench:ocr`), the medical chronology of a 300-page record (scripts/benchChronology.mjs, also
// `pnpm bench:chronology`) and live speech recognition (scripts/benchSpeech.mjs, also `pnpm bench:speech`). A report, not a test: it prints a table with pass/fail per budget and exits 0.
//
//   (a) JS bytes of the landing page with the login modal open          budget <= 230 KB
//   (b) requests to any remote origin before sign-in                    budget 0
//   (c) JS bytes of /patients loaded cold by a signed-in user           budget <= 400 KB
//   (d) JS bytes of the first visit: landing, sign-in, /patients        budget <= 400 KB
//   (e) JS bytes after visiting every area in one tab                   budget <= 750 KB
//   (f) packages downloaded by more than one app                        budget 0
//       (each remote's container entry, remoteEntry.js, excepted: it is counted apart, with each remote's own
//       increment, so that what a new remote costs is visible)
//
// The stack is a fresh one (temporary data directory, free ports, builds made when missing or stale), served by
// serve-static with gzip like a production static host. The demo user's two-factor is set up through the API;
// the sign-in itself goes through the UI with a code, as a returning user would.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { startTestStack } from './lib/stack.mjs';
import { ROOT } from './lib/workspace.mjs';
import { DEMO_PASSWORD, DEMO_USERNAME } from './lib/demoSignIn.mjs';
import { runAnswersBenchmark } from './benchAnswers.mjs';
import { runBundleBenchmark } from './benchBundle.mjs';
import { runChronologyBenchmark } from './benchChronology.mjs';
import { runOcrBenchmark } from './benchOcr.mjs';
import { runServerBenchmark } from './benchServer.mjs';

// Playwright and otpauth are dependencies of the e2e package; the benchmark borrows them from there.
const requireFromE2e = createRequire(path.join(ROOT, 'e2e', 'package.json'));
const { chromium } = requireFromE2e('@playwright/test');
const OTPAuth = requireFromE2e('otpauth');

const KB = 1024;
const BUDGETS = {
  landingJs: 230 * KB,
  remoteRequestsBeforeSignIn: 0,
  firstPatientScreenJs: 400 * KB,
  everyAreaJs: 750 * KB,
  packagesDownloadedTwice: 0,
};

/** One screen of each deployed area after the patients screen, reached the way the navbar reaches them. */
const AREA_SCREENS = [
  { path: '/documents/process', heading: 'Document Processing' },
  { path: '/prompt-edit', heading: 'Draft Report Prompts' },
  { path: '/transcription/manage', heading: 'Manage Transcriptions' },
  { path: '/users/dashboard', heading: 'Dr Asha Patel' },
];

function totp(secret, step) {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({
    timestamp: step * 30_000,
  });
}

async function postLogin(apiUrl, body) {
  const response = await fetch(`${apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new Error(`POST /api/login answered ${response.status}: ${answer.message ?? 'no message'}`);
  return answer;
}

/** Sets up two-factor for the demo user; returns the secret and the time step already used. */
async function setUpTwoFactor(apiUrl) {
  const first = await postLogin(apiUrl, { username: DEMO_USERNAME, password: DEMO_PASSWORD });
  if (!first.requires_2fa_setup || !first.totp_secret)
    throw new Error('Expected a two-factor set-up for a fresh demo user');
  const step = Math.floor(Date.now() / 30_000);
  const done = await postLogin(apiUrl, {
    setup_token: first.setup_token,
    totp_token: totp(first.totp_secret, step),
  });
  if (!done.token) throw new Error('Two-factor set-up through the API gave no token');
  return { secret: first.totp_secret, usedStep: step };
}

/** Records every JS response with its compressed size. */
function trackJs(page, remoteOrigins) {
  const entries = [];
  const pending = new Set();
  let remoteRequests = 0;
  page.on('request', (request) => {
    if (remoteOrigins.has(new URL(request.url()).origin)) remoteRequests += 1;
  });
  page.on('response', (response) => {
    const task = (async () => {
      const request = response.request();
      const type = response.headers()['content-type'] ?? '';
      if (request.resourceType() !== 'script' && !/javascript/.test(type)) return;
      const encoding = response.headers()['content-encoding'] ?? '';
      let bytes;
      if (/gzip|br|deflate|zstd/.test(encoding)) {
        bytes = (await request.sizes()).responseBodySize;
      } else {
        // Served uncompressed (tiny files): count what gzip would have sent.
        bytes = gzipSync(await response.body()).length;
      }
      entries.push({ url: response.url(), bytes, encoding: encoding || 'identity (gzipped here)' });
    })().catch((error) => entries.push({ url: response.url(), bytes: 0, error: String(error) }));
    pending.add(task);
    void task.finally(() => pending.delete(task));
  });
  return {
    settle: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    jsBytes: () => entries.reduce((sum, entry) => sum + entry.bytes, 0),
    entries: () => [...entries],
    remoteRequests: () => remoteRequests,
  };
}

async function fillCode(page, code) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Verify' }) });
  const labelled = dialog.getByLabel(/code/i);
  const input = (await labelled.count()) > 0 ? labelled.first() : dialog.getByRole('textbox').last();
  await input.fill(code);
}

/** The npm package, or the workspace folder, a source-map source belongs to. */
function ownerOf(source, appFolder) {
  const inPackage = source.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
  if (inPackage) return inPackage[1];
  const local = source.replace(/^webpack:\/\/[^/]*\//, '');
  // "../shared/src/..." is the shared package; "./src/..." is the app's own code.
  if (local.startsWith('../')) return local.replace(/^(\.\.\/)+/, '').split('/')[0];
  if (local.startsWith('./')) return `${appFolder}/${local.slice(2).split('/')[0]}`;
  return local.split('/')[0] || local;
}

/**
 * Approximate compressed bytes per package: each script's gzip size shared out over its source map's sources in
 * proportion to their original size. Rough, but it names what to cut first.
 */
function bytesByPackage(entries, distByOrigin) {
  const totals = new Map();
  for (const entry of entries) {
    const url = new URL(entry.url);
    const dist = distByOrigin.get(url.origin);
    const mapFile = dist ? path.join(dist, url.pathname) + '.map' : null;
    let shares = [[`(no source map) ${url.pathname}`, 1]];
    if (mapFile && existsSync(mapFile)) {
      const map = JSON.parse(readFileSync(mapFile, 'utf8'));
      const appFolder = path.basename(path.dirname(dist));
      const sized = (map.sources ?? []).map((source, i) => [
        ownerOf(source, appFolder),
        map.sourcesContent?.[i]?.length ?? 1,
      ]);
      if (sized.length > 0) shares = sized;
    }
    const whole = shares.reduce((sum, [, size]) => sum + size, 0);
    for (const [owner, size] of shares)
      totals.set(owner, (totals.get(owner) ?? 0) + (entry.bytes * size) / whole);
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

/** A remote's container entry: every remote has one, so it is counted apart from the packages sent twice. */
function isContainerEntry(entry) {
  return new URL(entry.url).pathname.endsWith('/remoteEntry.js');
}

/**
 * npm packages that arrived in the scripts of more than one app (origin): a dependency each app bundled for itself
 * instead of sharing, so the browser downloads it twice. Tiny helpers (under 1 KB) and the remotes' container
 * entries are left out.
 */
function packagesFromSeveralApps(entries, distByOrigin) {
  const originsByPackage = new Map();
  for (const entry of entries.filter((candidate) => !isContainerEntry(candidate))) {
    const origin = new URL(entry.url).origin;
    for (const [owner, bytes] of bytesByPackage([entry], distByOrigin)) {
      if (
        bytes < 1 * KB ||
        owner.startsWith('(no source map)') ||
        (owner.includes('/') && !owner.startsWith('@'))
      )
        continue;
      if (!originsByPackage.has(owner)) originsByPackage.set(owner, new Set());
      originsByPackage.get(owner).add(origin);
    }
  }
  return [...originsByPackage.entries()]
    .filter(([, origins]) => origins.size > 1)
    .map(([owner, origins]) => ({ owner, origins: [...origins] }));
}

/**
 * Source files (npm modules and workspace files) that arrived from more than one app outside the container
 * entries, with their approximate compressed bytes: the fine print under (f), down to the few-hundred-byte icon.
 */
function modulesFromSeveralApps(entries, distByOrigin) {
  const byModule = new Map();
  for (const entry of entries.filter((candidate) => !isContainerEntry(candidate))) {
    const url = new URL(entry.url);
    const dist = distByOrigin.get(url.origin);
    const mapFile = dist ? path.join(dist, url.pathname) + '.map' : null;
    if (!mapFile || !existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    const sizes = (map.sources ?? []).map((_, i) => map.sourcesContent?.[i]?.length ?? 1);
    const whole = sizes.reduce((sum, size) => sum + size, 0) || 1;
    (map.sources ?? []).forEach((source, i) => {
      // The same file whichever app built it: its path inside node_modules, or inside the workspace for
      // files outside the app ("../shared/src/..."); the app's own files keep the app's name.
      const file = source.replace(/^.*node_modules\//, '').replace(/^webpack:\/\/[^/]*\/(\.\.\/)+/, '');
      const seen = byModule.get(file) ?? { origins: new Set(), bytes: 0 };
      seen.origins.add(url.origin);
      seen.bytes = Math.max(seen.bytes, (entry.bytes * sizes[i]) / whole);
      byModule.set(file, seen);
    });
  }
  const repeated = [...byModule.values()].filter(({ origins }) => origins.size > 1);
  return {
    count: repeated.length,
    extraBytes: repeated.reduce((sum, { origins, bytes }) => sum + bytes * (origins.size - 1), 0),
  };
}

/**
 * What each step of the walk added, by origin: the first step that reaches a remote is its area's increment,
 * split into its container entry, the rest it served itself, and what the host served for it.
 */
function incrementsByStep(entries, steps, remoteNameByOrigin) {
  return steps.map(({ label, from, to }) => {
    const added = entries.slice(from, to);
    const fromRemotes = added.filter((entry) => remoteNameByOrigin.has(new URL(entry.url).origin));
    const sum = (list) => list.reduce((total, entry) => total + entry.bytes, 0);
    return {
      label,
      remotes: [...new Set(fromRemotes.map((entry) => remoteNameByOrigin.get(new URL(entry.url).origin)))],
      total: sum(added),
      containerEntries: sum(fromRemotes.filter(isContainerEntry)),
      remoteCode: sum(fromRemotes.filter((entry) => !isContainerEntry(entry))),
      fromHost: sum(added) - sum(fromRemotes),
    };
  });
}

function kb(bytes) {
  return `${(bytes / KB).toFixed(1)} KB`;
}

async function main() {
  console.info('Starting a fresh production stack for the benchmark ...');
  const stack = await startTestStack({
    log: (line) => console.info(`  ${line}`),
    logDir: path.join(ROOT, 'bench-results'),
  });
  let browser;
  try {
    const { secret, usedStep } = await setUpTwoFactor(stack.apiUrl);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const tracker = trackJs(page, new Set(Object.values(stack.remotes)));

    // (a) + (b): cold landing page, login modal open.
    await page.goto(stack.hostUrl, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'GET STARTED' }).click();
    const login = page.getByRole('dialog', { name: 'Login to the product' });
    await login.waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await tracker.settle();
    const landingJs = tracker.jsBytes();
    const landingEntries = tracker.entries();
    const remoteRequestsBeforeSignIn = tracker.remoteRequests();

    // (d): sign in with a code, then /patients fully rendered.
    await login.getByLabel(/username/i).fill(DEMO_USERNAME);
    await login.getByLabel(/password/i).fill(DEMO_PASSWORD);
    await login.getByRole('button', { name: /^(log ?in|sign ?in|login)$/i }).click();
    await page.getByRole('button', { name: 'Verify' }).waitFor({ state: 'visible' });
    const step = Math.max(Math.floor(Date.now() / 30_000), usedStep + 1);
    await fillCode(page, totp(secret, step));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/patients$/);
    await page
      .getByRole('heading', { name: 'Patient Search' })
      .waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await tracker.settle();
    const signInFlowJs = tracker.jsBytes();
    const steps = [
      { label: 'sign-in, /patients', from: landingEntries.length, to: tracker.entries().length },
    ];

    // (e): then every other area in the same tab, by client-side navigation as the navbar does it.
    for (const screen of AREA_SCREENS) {
      await page.evaluate((target) => {
        window.history.pushState(null, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, screen.path);
      await page
        .getByRole('heading', { name: screen.heading })
        .waitFor({ state: 'visible', timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      await tracker.settle();
      steps.push({ label: screen.path, from: steps.at(-1).to, to: tracker.entries().length });
    }
    const everyAreaJs = tracker.jsBytes();

    // (c): the first patient screen loaded cold (new browser context, empty cache) by a signed-in user,
    // as when the product is opened again later: session restore, shell, navbar and the patients remote.
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    if (!token) throw new Error('No token stored after sign-in');
    const coldContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await coldContext.addInitScript((value) => window.localStorage.setItem('token', value), token);
    const coldPage = await coldContext.newPage();
    const coldTracker = trackJs(coldPage, new Set());
    await coldPage.goto(`${stack.hostUrl}/patients`, { waitUntil: 'networkidle' });
    await coldPage
      .getByRole('heading', { name: 'Patient Search' })
      .waitFor({ state: 'visible', timeout: 60_000 });
    await coldPage.waitForLoadState('networkidle');
    await coldTracker.settle();
    const firstPatientScreenJs = coldTracker.jsBytes();

    const distByOrigin = new Map([
      [new URL(stack.hostUrl).origin, path.join(ROOT, 'host', 'dist')],
      ...Object.entries(stack.remotes).map(([name, url]) => [new URL(url).origin, stack.remoteDirs[name]]),
    ]);
    const downloadedTwice = packagesFromSeveralApps(tracker.entries(), distByOrigin);
    const modulesTwice = modulesFromSeveralApps(tracker.entries(), distByOrigin);
    const remoteNameByOrigin = new Map(
      Object.entries(stack.remotes).map(([name, url]) => [new URL(url).origin, name]),
    );
    const increments = incrementsByStep(tracker.entries(), steps, remoteNameByOrigin);
    const containerEntries = tracker.entries().filter(isContainerEntry);

    const rows = [
      [
        '(a) landing page + login modal, JS (gzip)',
        kb(landingJs),
        `<= ${kb(BUDGETS.landingJs)}`,
        landingJs <= BUDGETS.landingJs,
      ],
      [
        '(b) remote requests before sign-in',
        String(remoteRequestsBeforeSignIn),
        '0',
        remoteRequestsBeforeSignIn <= BUDGETS.remoteRequestsBeforeSignIn,
      ],
      [
        '(c) first patient screen, cold load signed in, JS (gzip)',
        kb(firstPatientScreenJs),
        `<= ${kb(BUDGETS.firstPatientScreenJs)}`,
        firstPatientScreenJs <= BUDGETS.firstPatientScreenJs,
      ],
      [
        '(d) first visit: landing, sign-in, patient screen (gzip)',
        kb(signInFlowJs),
        `<= ${kb(BUDGETS.firstPatientScreenJs)}`,
        signInFlowJs <= BUDGETS.firstPatientScreenJs,
      ],
      [
        '(e) after visiting every area, JS in total (gzip)',
        kb(everyAreaJs),
        `<= ${kb(BUDGETS.everyAreaJs)}`,
        everyAreaJs <= BUDGETS.everyAreaJs,
      ],
      [
        '(f) packages downloaded by more than one app',
        String(downloadedTwice.length),
        '0',
        downloadedTwice.length <= BUDGETS.packagesDownloadedTwice,
      ],
    ];
    const notes = [
      [
        `    remote container entries (${containerEntries.length}), apart from (f)`,
        kb(containerEntries.reduce((sum, entry) => sum + entry.bytes, 0)),
      ],
      [`    files from more than one app (${modulesTwice.count}), the copies`, kb(modulesTwice.extraBytes)],
    ];
    const widths = [56, 12, 12];
    console.info('');
    console.info(
      `${'measure'.padEnd(widths[0])} ${'measured'.padStart(widths[1])} ${'budget'.padStart(widths[2])}  result`,
    );
    console.info('-'.repeat(widths[0] + widths[1] + widths[2] + 10));
    for (const [name, measured, budget, ok] of rows) {
      console.info(
        `${name.padEnd(widths[0])} ${measured.padStart(widths[1])} ${budget.padStart(widths[2])}  ${ok ? 'pass' : 'FAIL'}`,
      );
    }
    for (const [name, measured] of notes)
      console.info(`${name.padEnd(widths[0])} ${measured.padStart(widths[1])}`);
    console.info('');
    console.info(
      "What each area added to (e), gzip (container entry + the remote's own scripts + served by the host):",
    );
    for (const step of increments) {
      console.info(
        `  ${step.label.padEnd(24)} ${(step.remotes.join(', ') || '-').padEnd(18)} ${kb(step.total).padStart(10)}  = ${kb(step.containerEntries).padStart(9)} + ${kb(step.remoteCode).padStart(9)} + ${kb(step.fromHost).padStart(9)}`,
      );
    }
    if (downloadedTwice.length > 0) {
      console.info('');
      console.info('Packages downloaded by more than one app:');
      for (const { owner, origins } of downloadedTwice) console.info(`  ${owner}: ${origins.join(', ')}`);
    }
    const packages = bytesByPackage(coldTracker.entries(), distByOrigin);
    console.info('');
    console.info('Largest contributors to the landing page (gzip, approximate, from source maps):');
    for (const [owner, bytes] of bytesByPackage(landingEntries, distByOrigin).slice(0, 12)) {
      console.info(`  ${kb(bytes).padStart(10)}  ${owner}`);
    }
    console.info('');
    console.info('Largest contributors to the first patient screen (gzip, approximate, from source maps):');
    for (const [owner, bytes] of packages.slice(0, 12)) console.info(`  ${kb(bytes).padStart(10)}  ${owner}`);
    console.info('');
    console.info('Largest scripts of the first patient screen (gzip):');
    for (const entry of coldTracker
      .entries()
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8)) {
      console.info(`  ${kb(entry.bytes).padStart(10)}  ${entry.url}`);
    }

    const resultsDir = path.join(ROOT, 'bench-results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      path.join(resultsDir, 'bench.json'),
      JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          budgets: BUDGETS,
          landingJs,
          remoteRequestsBeforeSignIn,
          firstPatientScreenJs,
          signInFlowJs,
          everyAreaJs,
          packagesDownloadedTwice: downloadedTwice,
          containerEntriesJs: containerEntries.reduce((sum, entry) => sum + entry.bytes, 0),
          filesFromSeveralApps: modulesTwice,
          areaIncrements: increments,
          landingScripts: landingEntries,
          firstPatientScreenScripts: coldTracker.entries(),
          signInFlowScripts: tracker.entries(),
          firstPatientScreenByPackage: Object.fromEntries(
            packages.map(([owner, bytes]) => [owner, Math.round(bytes)]),
          ),
        },
        null,
        2,
      ),
    );
    console.info(`\nDetails: ${path.relative(process.cwd(), path.join(resultsDir, 'bench.json'))}`);
  } finally {
    await browser?.close();
    await stack.stop();
  }
  // `pnpm bench:browser` stops here: the bundle figures in seconds, without generating 100,000 patients.
  if (process.argv.includes('--browser-only')) return;
  console.info('\nServer benchmark: 100,000 generated patients ...');
  await runServerBenchmark();
  console.info('\nRecord questions: 10,000 passages of one patient ...');
  await runAnswersBenchmark();
  console.info('\nScanned pages: a 20-page 300 dpi scan read by OCR ...');
  await runOcrBenchmark();
  console.info('\nRecord bundle: 300 pages, 20 of them scanned ...');
  await runBundleBenchmark();
  console.info('\nMedical chronology: a 300-page record without a language model ...');
  await runChronologyBenchmark();
  console.info('\nSpeech: recorded speech streamed live, one stream then six at once ...');
  // Its own process: it loads the server's recogniser from source through tsx.
  spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'benchSpeech.mjs')], { stdio: 'inherit' });
}

main().catch((error) => {
  console.error(`bench: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
