#!/usr/bin/env node
// `pnpm bench:server`, also the second half of `pnpm bench`: the API server at a practice's real size (architecture
// section 6). A report, not a test: it prints p50/p95 per measure with pass/fail per budget and exits 0 when it
// could measure.
//
//   simple and advanced patient search, 100,000 patients in the group, one client    p95 <= 20 ms
//   the same with ten concurrent clients                                               p95 <= 150 ms
//   GET /api/health while the ten clients run                                          p95 <= 50 ms
//   POST /api/patients/check-duplicate at one and ten clients                          (reported)
//   simple search for one or two letters (no trigram can serve it)                     (reported)
//
// A scratch data directory gets the demo organisation, 100,000 generated patients in its first group and 3,000 in
// the second, written straight into the database in bulk; then the real server (server/dist) starts on it on a free
// loopback port. With DATABASE_URL set, the data goes into that PostgreSQL instead, which must be empty: use a
// throw-away database.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEMO_PASSWORD } from './lib/demoSignIn.mjs';
import { getFreePort, startApiServer } from './lib/processes.mjs';
import { ROOT, buildStale, serverApp } from './lib/workspace.mjs';
import { createRandom, importServerModule } from './lib/benchSupport.mjs';

const LOOPBACK = '127.0.0.1';
const LARGE_GROUP_PATIENTS = 100_000;
const SMALL_GROUP_PATIENTS = 3_000;
const BUDGETS_MS = { searchOneClient: 20, searchTenClients: 150, healthDuringTenClients: 50 };
/** Requests per measure with one client, after a warm-up; per client with ten. */
const ONE_CLIENT_REQUESTS = 300;
const TEN_CLIENT_REQUESTS_EACH = 60;
const WARM_UP_REQUESTS = 30;
const HEALTH_POLL_INTERVAL_MS = 25;
/** No single request may take longer than this; the whole run stays bounded. */
const REQUEST_TIMEOUT_MS = 30_000;

const requireFromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
const OTPAuth = requireFromServer('otpauth');



/** The demo organisation plus the generated patients, written directly through the server's own modules. */
async function generateData({ dataDir, databaseUrl, log }) {
  const [{ openDatabase }, { runMigrations }, demo, bulk] = await Promise.all([
    importServerModule('db/openDatabase.js'),
    importServerModule('db/runMigrations.js'),
    importServerModule('seed/seedDemoOrganisation.js'),
    importServerModule('seed/seedBenchmarkPatients.js'),
  ]);
  const db = await openDatabase({ dataDir, databaseUrl });
  try {
    await runMigrations(db);
    if (!(await demo.isDatabaseEmpty(db))) {
      throw new Error(
        'DATABASE_URL points at a database that already has users or groups. The benchmark adds ' +
          `${LARGE_GROUP_PATIENTS + SMALL_GROUP_PATIENTS} patients: give it an empty, throw-away database.`,
      );
    }
    await demo.seedDemoOrganisation(db, new Date());
    const { rows: groups } = await db.query('SELECT id FROM groups ORDER BY id');
    const [large, small] = groups.map((group) => group.id);
    const started = performance.now();
    await bulk.seedBenchmarkPatients(db, { groupId: large, count: LARGE_GROUP_PATIENTS, mrnPrefix: 'NG' });
    await bulk.seedBenchmarkPatients(db, { groupId: small, count: SMALL_GROUP_PATIENTS, mrnPrefix: 'RV' });
    log(
      `Generated ${LARGE_GROUP_PATIENTS} + ${SMALL_GROUP_PATIENTS} patients in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s (${db.kind})`,
    );
    return { kind: db.kind, names: bulk.BENCHMARK_NAMES };
  } finally {
    await db.close();
  }
}

function totp(secret, timestamp) {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp,
  });
}

async function postJson(url, body, token) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const answer = await response.json().catch(() => ({}));
  return { status: response.status, answer };
}

/** A demo account's first sign-in: two-factor set up through the API, as the set-up window would. */
async function signIn(apiUrl, username) {
  const first = await postJson(`${apiUrl}/api/login`, { username, password: DEMO_PASSWORD });
  if (first.status !== 200 || !first.answer.setup_token) {
    throw new Error(
      `Sign-in of ${username} answered ${first.status}: ${first.answer.message ?? 'no set-up'}`,
    );
  }
  const done = await postJson(`${apiUrl}/api/login`, {
    setup_token: first.answer.setup_token,
    totp_token: totp(first.answer.totp_secret, Date.now()),
  });
  if (done.status !== 200 || !done.answer.token) {
    throw new Error(`Two-factor set-up of ${username} answered ${done.status}: ${done.answer.message ?? ''}`);
  }
  return done.answer.token;
}

/** The calls a person makes to find a patient, from the generated names; each returns a request description. */
function createWorkload(names, seed) {
  const random = createRandom(seed);
  const fragment = (word, shortest) =>
    word.slice(0, random.integer(shortest, Math.max(shortest, word.length)));
  const mrnDigits = () => String(random.integer(1, LARGE_GROUP_PATIENTS)).padStart(7, '0');
  const simpleTerm = () => {
    const first = random.pick(names.firstNames);
    const surname = random.pick(names.surnames);
    switch (random.integer(0, 5)) {
      case 0:
        return fragment(surname, 3);
      case 1:
        return surname;
      case 2:
        return first;
      case 3:
        return `${first} ${fragment(surname, 2)}`;
      case 4:
        return `${surname} ${fragment(first, 1)}`;
      default:
        return random.next() < 0.5 ? `NG-${mrnDigits()}` : mrnDigits().slice(0, 5);
    }
  };
  const advancedFilters = () => {
    const surname = random.pick(names.surnames);
    switch (random.integer(0, 5)) {
      case 0:
        return { Surname: fragment(surname, 3) };
      case 1:
        return { Surname: surname, FirstName: fragment(random.pick(names.firstNames), 2) };
      case 2:
        return { Solicitorcompany: random.pick(names.firms).split(' ')[0], Surname: surname };
      case 3:
        return { MRN: mrnDigits().slice(0, 5) };
      case 4:
        return { Solicitorreference: `/${random.integer(1, LARGE_GROUP_PATIENTS)}` };
      default:
        return { Solicitorname: random.pick(names.firstNames), Surname: fragment(surname, 4) };
    }
  };
  const dateOfBirth = () => {
    const day = new Date(Date.UTC(1930, 0, 1) + random.integer(0, 29_950) * 86_400_000);
    return day.toISOString().slice(0, 10);
  };
  const shortTerm = () =>
    random.next() < 0.5
      ? random.pick('aeilmnorst'.split(''))
      : random.pick(['an', 'el', 'li', 'ma', 'ar', 'on', 'er', 'is', 'ha', 'ra']);
  return {
    simple: () => ({
      method: 'GET',
      path: `/api/patients/search?term=${encodeURIComponent(simpleTerm())}&page=${random.next() < 0.8 ? 1 : random.integer(2, 4)}`,
    }),
    advanced: () => ({
      method: 'GET',
      path: `/api/patients/search-advanced?${new URLSearchParams(advancedFilters())}`,
    }),
    duplicate: () => ({
      method: 'POST',
      path: '/api/patients/check-duplicate',
      body: {
        FirstName: random.pick(names.firstNames),
        Surname: random.pick(names.surnames),
        DateOfBirth: dateOfBirth(),
      },
    }),
    shortTerm: () => ({
      method: 'GET',
      path: `/api/patients/search?term=${encodeURIComponent(shortTerm())}&page=1`,
    }),
  };
}

/** Sends one request and returns its latency in milliseconds; anything but 200 stops the benchmark. */
async function timed(apiUrl, token, request) {
  const started = performance.now();
  const response = await fetch(`${apiUrl}${request.path}`, {
    method: request.method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(request.body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: request.body ? JSON.stringify(request.body) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) {
    throw new Error(`${request.method} ${request.path} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return elapsed;
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function summarise(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted.at(-1) ?? NaN,
  };
}

/**
 * CPU time the server process has used so far, in milliseconds (Linux), or null. Unlike latencies, it barely moves
 * when other programs load the machine, so it says what a call costs the server itself.
 */
function serverCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function oneClient(apiUrl, token, next, pid) {
  for (let i = 0; i < WARM_UP_REQUESTS; i += 1) await timed(apiUrl, token, next());
  const latencies = [];
  const cpuBefore = serverCpuMs(pid);
  for (let i = 0; i < ONE_CLIENT_REQUESTS; i += 1) latencies.push(await timed(apiUrl, token, next()));
  const cpuAfter = serverCpuMs(pid);
  const serverCpuPerCall =
    cpuBefore === null || cpuAfter === null ? NaN : (cpuAfter - cpuBefore) / ONE_CLIENT_REQUESTS;
  return { ...summarise(latencies), serverCpuPerCall };
}

/** Ten clients back to back, and one more polling /api/health meanwhile. */
async function tenClients(apiUrl, clients) {
  const latencies = [];
  const health = [];
  let running = true;
  const poller = (async () => {
    while (running) {
      health.push(await timed(apiUrl, null, { method: 'GET', path: '/api/health' }));
      await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_INTERVAL_MS));
    }
  })();
  try {
    await Promise.all(
      clients.map(async ({ token, next }) => {
        for (let i = 0; i < TEN_CLIENT_REQUESTS_EACH; i += 1)
          latencies.push(await timed(apiUrl, token, next()));
      }),
    );
  } finally {
    running = false;
    await poller;
  }
  return { calls: summarise(latencies), health };
}

const format = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : '-');

function printTable(rows) {
  const widths = [52, 8, 10, 10, 10, 12];
  const header = ['measure', 'clients', 'p50', 'p95', 'budget', 'server CPU'];
  console.info(
    `${header[0].padEnd(widths[0])} ${header
      .slice(1)
      .map((cell, i) => cell.padStart(widths[i + 1]))
      .join(' ')}  result`,
  );
  console.info('-'.repeat(widths.reduce((sum, width) => sum + width + 1, 0) + 7));
  for (const row of rows) {
    const result = row.budgetMs === null ? 'reported' : row.stats.p95 <= row.budgetMs ? 'pass' : 'FAIL';
    const cells = [
      String(row.clients),
      format(row.stats.p50),
      format(row.stats.p95),
      row.budgetMs === null ? '-' : `<= ${row.budgetMs} ms`,
      Number.isFinite(row.stats.serverCpuPerCall) ? `${row.stats.serverCpuPerCall.toFixed(1)} ms` : '',
    ];
    console.info(
      `${row.measure.padEnd(widths[0])} ${cells.map((cell, i) => cell.padStart(widths[i + 1])).join(' ')}  ${result}`,
    );
  }
}

/**
 * Runs the server benchmark and prints its table. Resolves with the figures, or rejects when it could not measure.
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function runServerBenchmark(options = {}) {
  const log = options.log ?? ((line) => console.info(`  ${line}`));
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  await buildStale([serverApp()], { log });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-bench-server-'));
  const resultsDir = path.join(ROOT, 'bench-results');
  mkdirSync(resultsDir, { recursive: true });
  let server;
  try {
    const { kind, names } = await generateData({ dataDir, databaseUrl, log });
    server = await startApiServer({
      port: await getFreePort(LOOPBACK),
      host: LOOPBACK,
      dataDir,
      logFile: path.join(resultsDir, 'bench-server.log'),
      env: {
        SEED_DEMO: 'false',
        // The whole-API limit per address would throttle the benchmark's own clients.
        API_RATE_LIMIT_PER_MINUTE: '0',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
    });
    log(`API server on ${server.url} (${kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'})`);
    const largeGroupToken = await signIn(server.url, 'dr.patel');
    const smallGroupToken = await signIn(server.url, 'dr.okafor');

    const workload = createWorkload(names, 2026);
    const rows = [];
    const measure = async (name, next, budgetMs) => {
      log(`${name}, one client ...`);
      rows.push({
        measure: name,
        clients: 1,
        stats: await oneClient(server.url, largeGroupToken, next, server.pid),
        budgetMs,
      });
    };
    await measure('simple search, 100,000 patients', workload.simple, BUDGETS_MS.searchOneClient);
    await measure('advanced search, 100,000 patients', workload.advanced, BUDGETS_MS.searchOneClient);
    await measure('check-duplicate, 100,000 patients', workload.duplicate, null);
    await measure('simple search for 1-2 letters, 100,000 patients', workload.shortTerm, null);

    const health = [];
    const concurrently = async (name, kindOfCall, budgetMs) => {
      log(`${name}, ten clients ...`);
      // Eight clients in the large group, two in the small one: each its own pseudo-random sequence.
      const clients = Array.from({ length: 10 }, (_, i) => ({
        token: i < 8 ? largeGroupToken : smallGroupToken,
        next: createWorkload(names, 100 + i)[kindOfCall],
      }));
      const result = await tenClients(server.url, clients);
      health.push(...result.health);
      rows.push({ measure: name, clients: 10, stats: result.calls, budgetMs });
    };
    await concurrently('simple search, 100,000 patients', 'simple', BUDGETS_MS.searchTenClients);
    await concurrently('advanced search, 100,000 patients', 'advanced', BUDGETS_MS.searchTenClients);
    await concurrently('check-duplicate, 100,000 patients', 'duplicate', null);
    rows.push({
      measure: 'GET /api/health during the ten-client runs',
      clients: 1,
      stats: summarise(health),
      budgetMs: BUDGETS_MS.healthDuringTenClients,
    });

    const loadAverage = os.loadavg()[0];
    console.info('');
    console.info(
      `Server, ${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'embedded database (PGlite)'}, ` +
        `${os.cpus().length} cores, load average ${loadAverage.toFixed(1)} at the end ` +
        '(figures from a busy machine read high):',
    );
    printTable(rows);
    const resultsFile = path.join(resultsDir, 'bench-server.json');
    writeFileSync(
      resultsFile,
      JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          database: kind,
          cores: os.cpus().length,
          loadAverageAtEnd: loadAverage,
          patients: { largeGroup: LARGE_GROUP_PATIENTS, smallGroup: SMALL_GROUP_PATIENTS },
          budgetsMs: BUDGETS_MS,
          rows,
        },
        null,
        2,
      ),
    );
    console.info(`\nDetails: ${path.relative(process.cwd(), resultsFile)}`);
    return rows;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runServerBenchmark().catch((error) => {
    console.error(`bench:server: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
