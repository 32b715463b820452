#!/usr/bin/env node
// `pnpm test:scale-out`: the suite past one machine, proven end to end with the files of deploy/. A throw-away
// PostgreSQL cluster, s3rver as the object store, two API-role and two worker-role instances of the BUILT server
// (server/dist) started together from deploy/env.example, and nginx (Debian nginx-light) in front on the rendered
// deploy/nginx/ templates. Everything below goes through nginx, as a browser would:
//   - the host, its configuration and every remote are served; the API is balanced over both instances;
//   - a scanned PDF is processed once undisturbed (the reference), then again while its worker is killed with
//     SIGKILL in the middle of OCR: the other worker takes the job over and finishes it exactly once, with the same
//     passages as the reference, and a socket.io client connected through nginx sees it complete;
//   - the download link answers 302 to the object store, which gives the same bytes; a tampered and an expired
//     link are refused by the server's own check;
//   - the sign-in limit counts across both API instances, and a token signed out through one is refused by both.
// Prints PASS or FAIL per check and exits non-zero when any failed.
import { createHash, createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { request, signIn } from './lib/benchApi.mjs';
import { buildScannedPdf } from './lib/buildScannedPdf.mjs';
import { DEMO_PASSWORD } from './lib/demoSignIn.mjs';
import { startScaleOutStack } from './lib/startScaleOutStack.mjs';
import { ROOT } from './lib/workspace.mjs';

const requireFromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
const pg = requireFromServer('pg');
const { io } = requireFromServer('socket.io-client');

/** Scanned pages, read one at a time per worker: long enough to kill a worker in the middle. */
const SCANNED_PAGES = 8;
/** A dead worker's lease runs out this fast, so the take-over is quick (the default is 30 s). */
const JOB_LEASE_SECONDS = 3;
const LOGIN_LIMIT = 4;
const JOB_WAIT_MS = 120_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (buffer) => createHash('sha256').update(buffer).digest('hex');

const results = [];
function check(name, ok, detail = '') {
  results.push({ name, ok });
  console.info(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
  return ok;
}
const log = (line) => console.info(`      ${line}`);

/** A download link's token with its expiry moved into the past, signed the way the server signs (the same key). */
function expiredLinkToken(token, tokenSecret) {
  const [encodedPayload] = token.split('.');
  const payload = Buffer.from(encodedPayload, 'base64url');
  // storage key (32 bytes), user id (4), expiry in seconds (4): createDownloadLinks.ts
  payload.writeUInt32BE(Math.floor(Date.now() / 1000) - 60, 36);
  const key = createHmac('sha256', tokenSecret).update('ewrt download links v1').digest();
  const signature = createHmac('sha256', key).update(payload).digest().subarray(0, 16);
  return `${payload.toString('base64url')}.${signature.toString('base64url')}`;
}

/**
 * The same token for another user: the payload's user id changed, the original signature kept. (Changing the
 * signature's last character is no tampering one time in four: its low bits are base64 padding, ignored on decoding.)
 */
function tamperedLinkToken(token) {
  const [encodedPayload, signature] = token.split('.');
  const payload = Buffer.from(encodedPayload, 'base64url');
  // storage key (32 bytes), user id (4), expiry in seconds (4): createDownloadLinks.ts
  payload.writeUInt32BE(payload.readUInt32BE(32) + 1, 32);
  return `${payload.toString('base64url')}.${signature}`;
}

async function createPatient(hostUrl, token, mrn) {
  const answer = await request(`${hostUrl}/api/patients`, {
    method: 'POST',
    token,
    json: {
      FirstName: 'Scale',
      Surname: `Out ${mrn}`,
      DateOfBirth: '1980-04-12',
      MRN: mrn,
      DateofEvent: null,
      Solicitorname: null,
      Solicitorcompany: null,
      Solicitorreference: null,
      Ourreference: null,
    },
  });
  return answer.patient.ID_Patient;
}

async function upload(hostUrl, token, patientId, pdf, filename) {
  const form = new FormData();
  form.append('patient_id', String(patientId));
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), filename);
  const answer = await request(`${hostUrl}/api/documents/upload`, { method: 'POST', token, body: form });
  if (!answer.job_id) throw new Error(`The upload started no job: ${JSON.stringify(answer)}`);
  return answer.job_id;
}

/** Resolves once the socket has pushed `jobId` as completed (or rejects when it ends otherwise or times out). */
function completionSeen(updates, jobId) {
  const deadline = Date.now() + JOB_WAIT_MS;
  return (async () => {
    for (;;) {
      const ofJob = updates.filter((job) => job.id === jobId);
      // Completion is final: it counts once pushed, whatever arrives after it.
      const completed = ofJob.find((job) => job.status === 'completed');
      if (completed) return completed;
      const ended = ofJob.find((job) => job.status === 'failed' || job.status === 'cancelled');
      if (ended) throw new Error(`job ${jobId} ended ${ended.status}: ${ended.error_message ?? ''}`);
      if (Date.now() > deadline) {
        const statuses = ofJob.map((job) => `${job.status} ${job.progress_percentage}%`).join(', ');
        throw new Error(
          `the socket saw no completion of job ${jobId} within ${JOB_WAIT_MS / 1000} s ` +
            `(${ofJob.length} updates: ${statuses || 'none'})`,
        );
      }
      await sleep(100);
    }
  })();
}

async function chunksOf(db, patientId) {
  const { rows } = await db.query(
    `SELECT c.page, c.chunk_index, c.start_offset, c.text
       FROM document_chunks c JOIN documents d ON d.id = c.document_id
      WHERE d.patient_id = $1 ORDER BY c.chunk_index`,
    [patientId],
  );
  return rows;
}

async function main() {
  const startedAt = performance.now();
  let stack;
  let socket;
  let db;
  try {
    const [started, pdf] = await Promise.all([
      startScaleOutStack({
        workers: 2,
        log,
        env: {
          JOB_LEASE_SECONDS: String(JOB_LEASE_SECONDS),
          JOB_HEARTBEAT_SECONDS: '1',
          // One job per worker, one page at a time: the job in flight is on exactly one worker, mid-page.
          JOB_CONCURRENCY: '1',
          OCR_CONCURRENCY: '1',
          LOGIN_RATE_LIMIT_PER_USER: String(LOGIN_LIMIT),
          LOGIN_RATE_LIMIT_PER_IP: '10000',
          LOGIN_FREE_ATTEMPTS_PER_ADDRESS: '1000',
          API_RATE_LIMIT_PER_MINUTE: '0',
        },
      }),
      buildScannedPdf({ pages: SCANNED_PAGES }),
    ]);
    stack = started;
    const { hostUrl, s3 } = stack;
    const [api1, api2] = stack.apis;
    const workers = stack.workers;
    log(`a ${SCANNED_PAGES}-page scanned PDF (${pdf.length} bytes)`);

    const readiness = await Promise.all(
      [api1, api2, ...workers].map(async (server) => {
        const response = await fetch(`${server.url}/api/health/ready`);
        const body = await response.json().catch(() => ({}));
        return response.status === 200 && body.role === server.role;
      }),
    );
    check(
      'two API and two worker instances started together are ready, each in its role',
      readiness.every(Boolean),
    );

    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    // Users are unique by name, patients are not: a seed run twice would show as two of each demo patient.
    const seeded = await db.query(
      `SELECT count(*)::int AS patients, count(DISTINCT mrn)::int AS mrns FROM patients WHERE mrn LIKE 'DEMO-%'`,
    );
    check(
      'the demo organisation was seeded once',
      seeded.rows[0].patients > 0 && seeded.rows[0].patients === seeded.rows[0].mrns,
      `${seeded.rows[0].patients} demo patients, ${seeded.rows[0].mrns} record numbers`,
    );

    // Static apps.
    const page = await fetch(`${hostUrl}/patients/42/dashboard`);
    const html = await page.text();
    const config = await (await fetch(`${hostUrl}/config.json`)).json();
    let remotesServed = true;
    for (const remote of config.remotes) {
      const manifest = await fetch(remote.manifestUrl);
      await manifest.arrayBuffer();
      remotesServed &&=
        manifest.status === 200 && manifest.headers.get('access-control-allow-origin') === '*';
    }
    check(
      'nginx serves the host (history fallback, CSP), its config.json (API on the same origin) and every remote',
      page.status === 200 &&
        html.includes('<html') &&
        page.headers.get('content-security-policy') === stack.csp &&
        config.apiBaseUrl === hostUrl &&
        config.socketUrl === hostUrl &&
        config.remotes.length === stack.remoteCount &&
        remotesServed,
    );

    const token = await signIn(hostUrl, 'dr.patel');
    const [cleanPatient, killPatient] = [
      await createPatient(hostUrl, token, `SCALE-${Date.now()}-A`),
      await createPatient(hostUrl, token, `SCALE-${Date.now()}-B`),
    ];

    // The browser-side socket, through nginx.
    const updates = [];
    const socketMark = stack.logMark();
    socket = io(hostUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    socket.on('job_update', (job) => updates.push(job));
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    log('socket.io connected through nginx over WebSocket');

    // The reference: the same scan processed without interference.
    const cleanStarted = performance.now();
    const cleanJob = await upload(hostUrl, token, cleanPatient, pdf, 'scan-reference.pdf');
    await completionSeen(updates, cleanJob);
    const cleanChunks = await chunksOf(db, cleanPatient);
    log(
      `reference run: ${cleanChunks.length} passages in ${((performance.now() - cleanStarted) / 1000).toFixed(1)} s`,
    );

    // The run that loses its worker in the middle of OCR.
    const killJob = await upload(hostUrl, token, killPatient, pdf, 'scan-killed.pdf');
    let victim;
    let pagesBeforeKill = 0;
    let killedAt = 0;
    const killDeadline = Date.now() + JOB_WAIT_MS;
    while (!victim) {
      if (Date.now() > killDeadline) throw new Error('the job never reached its OCR step');
      const { rows } = await db.query(
        `SELECT j.status, j.lease_owner, s.status AS ocr_status, s.progress_percentage AS ocr_progress
           FROM jobs j JOIN job_steps s ON s.job_id = j.id AND s.step_name = 'ocr' WHERE j.id = $1`,
        [killJob],
      );
      const row = rows[0];
      if (row?.status === 'completed') throw new Error('the job completed before the worker could be killed');
      // Mid-OCR: at least one page read and kept, more to go.
      if (row?.ocr_status === 'running' && row.ocr_progress > 0 && row.lease_owner) {
        // host:pid:uuid (createJobQueue.ts)
        const pid = Number(row.lease_owner.split(':').at(-2));
        victim = workers.find((worker) => worker.pid === pid);
        if (!victim) throw new Error(`the lease owner ${row.lease_owner} is none of the workers`);
        pagesBeforeKill = Math.round((row.ocr_progress / 100) * SCANNED_PAGES);
        process.kill(pid, 'SIGKILL');
        killedAt = performance.now();
      } else {
        await sleep(50);
      }
    }
    const survivor = workers.find((worker) => worker !== victim);
    const killedExit = await victim.exited;
    check(
      `the worker holding the job (${victim.name}) is killed with SIGKILL in the middle of OCR`,
      killedExit.signal === 'SIGKILL',
      `about ${pagesBeforeKill} of ${SCANNED_PAGES} pages read`,
    );

    let completed;
    try {
      completed = await completionSeen(updates, killJob);
    } catch (error) {
      check('the socket connected through nginx sees the job complete', false, error.message);
    }
    if (completed) {
      const killUpdates = updates.filter((job) => job.id === killJob);
      check(
        'the socket connected through nginx sees the job complete',
        true,
        `${killUpdates.length} updates, the last ${killUpdates.at(-1)?.status}, ` +
          `completed ${((performance.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
      );
      const completions = killUpdates.filter((job) => job.status === 'completed').length;
      const { rows: jobRows } = await db.query(
        `SELECT status, attempts, completed_at FROM jobs WHERE id = $1`,
        [killJob],
      );
      const { rows: documents } = await db.query(
        `SELECT id, status, page_count, storage_key FROM documents WHERE patient_id = $1`,
        [killPatient],
      );
      check(
        `the other worker (${survivor.name}) finishes it exactly once`,
        jobRows[0].status === 'completed' &&
          jobRows[0].attempts === 2 &&
          completions === 1 &&
          documents.length === 1 &&
          documents[0].status === 'processed' &&
          documents[0].page_count === SCANNED_PAGES,
        `attempts ${jobRows[0].attempts}, completed pushes ${completions}, documents ${documents.length}`,
      );
      const killChunks = await chunksOf(db, killPatient);
      const distinct = new Set(killChunks.map((chunk) => `${chunk.page}:${chunk.start_offset}`)).size;
      check(
        'its passages are those of the undisturbed run: none lost, none repeated',
        killChunks.length === cleanChunks.length &&
          distinct === killChunks.length &&
          killChunks.every(
            (chunk, index) =>
              chunk.text === cleanChunks[index]?.text && chunk.page === cleanChunks[index]?.page,
          ),
        `${killChunks.length} passages, reference ${cleanChunks.length}`,
      );

      // Download through the presigned URL.
      const list = await request(`${hostUrl}/api/documents/patient/${killPatient}`, { token });
      const s3Key = list.documents[0].s3_key;
      const link = await request(`${hostUrl}/api/documents/download/${killPatient}/${s3Key}`, { token });
      const downloadUrl = new URL(link.download_url, hostUrl);
      const redirect = await fetch(downloadUrl, { redirect: 'manual' });
      await redirect.arrayBuffer();
      const location = redirect.headers.get('location') ?? '';
      const object = location ? await fetch(location) : null;
      const bytes = object ? Buffer.from(await object.arrayBuffer()) : Buffer.alloc(0);
      check(
        'the download link answers 302 to the object store, which gives the same bytes',
        downloadUrl.origin === hostUrl &&
          redirect.status === 302 &&
          location.startsWith(s3.endpoint) &&
          object?.status === 200 &&
          sha256(bytes) === sha256(pdf),
        `${redirect.status} -> ${location.slice(0, location.indexOf('?'))} -> ${bytes.length} bytes`,
      );
      const linkToken = downloadUrl.pathname.split('/').at(-1);
      const linkBase = downloadUrl.href.slice(0, -linkToken.length);
      const tampered = await fetch(`${linkBase}${tamperedLinkToken(linkToken)}`, { redirect: 'manual' });
      await tampered.arrayBuffer();
      const { rows: secrets } = await db.query(
        `SELECT value FROM server_settings WHERE key = 'token_secret'`,
      );
      const expired = await fetch(
        `${linkBase}${expiredLinkToken(linkToken, stack.env.TOKEN_SECRET ?? secrets[0]?.value)}`,
        {
          redirect: 'manual',
        },
      );
      await expired.arrayBuffer();
      check('a tampered link is refused (403)', tampered.status === 403, `${tampered.status}`);
      check('an expired link is refused (410)', expired.status === 410, `${expired.status}`);
    }
    socket.disconnect();
    socket = undefined;
    await sleep(200); // nginx logs a WebSocket when it closes
    const socketUpstream = stack
      .requestsSince(socketMark)
      .find((entry) => entry.path?.startsWith('/socket.io/'))?.upstream;
    // The pushes came from worker processes, which have no browsers: only the PostgreSQL adapter carried them.
    log(`the socket was held by API instance ${socketUpstream}; every update was pushed by a worker process`);

    // The sign-in limit, counted in PostgreSQL: attempts alternate between the instances.
    let mark = stack.logMark();
    const attempts = [];
    for (let attempt = 1; attempt <= LOGIN_LIMIT + 1; attempt += 1) {
      const last = attempt === LOGIN_LIMIT + 1;
      const response = await fetch(`${hostUrl}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        // The last attempt has the right password: the limit refuses it all the same.
        body: JSON.stringify({ username: 'dr.okafor', password: last ? DEMO_PASSWORD : 'wrong-password' }),
      });
      await response.arrayBuffer();
      attempts.push(response.status);
    }
    await sleep(200); // nginx writes the access log line after the response
    const loginUpstreams = new Set(
      stack
        .requestsSince(mark)
        .filter((entry) => entry.path === '/api/login')
        .map((entry) => entry.upstream),
    );
    check(
      `the sign-in limit (${LOGIN_LIMIT}) holds across both API instances`,
      attempts.slice(0, LOGIN_LIMIT).every((status) => status === 401) &&
        attempts.at(-1) === 429 &&
        loginUpstreams.size === 2,
      `answers ${attempts.join(' ')} from ${[...loginUpstreams].join(' and ')}`,
    );

    // Revocation: signed out through one instance, refused by both.
    const revocable = await signIn(hostUrl, 's.hughes');
    const probe = async () => {
      const response = await fetch(`${hostUrl}/api/access-levels`, {
        headers: { Authorization: `Bearer ${revocable}` },
      });
      await response.arrayBuffer();
      return response.status;
    };
    const before = [await probe(), await probe()];
    await request(`${hostUrl}/api/logout`, { method: 'POST', token: revocable });
    mark = stack.logMark();
    const after = [await probe(), await probe(), await probe()];
    await sleep(200);
    const probeUpstreams = new Set(
      stack
        .requestsSince(mark)
        .filter((entry) => entry.path === '/api/access-levels')
        .map((entry) => entry.upstream),
    );
    check(
      'a token signed out through one instance is refused by both',
      before.every((status) => status === 200) &&
        after.every((status) => status === 401) &&
        probeUpstreams.size === 2,
      `before ${before.join(' ')}, after ${after.join(' ')} from ${[...probeUpstreams].join(' and ')}`,
    );

    const survivorReady = await fetch(`${survivor.url}/api/health/ready`);
    await survivorReady.arrayBuffer();
    check(`the surviving worker (${survivor.name}) is still ready`, survivorReady.status === 200);
  } catch (error) {
    check(
      'the scale-out run',
      false,
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
  } finally {
    socket?.disconnect();
    await db?.end().catch(() => {});
    await stack?.stop();
  }
  const failed = results.filter((result) => !result.ok).length;
  const seconds = (performance.now() - startedAt) / 1000;
  console.info(`\nScale-out: ${results.length - failed} passed, ${failed} failed in ${seconds.toFixed(0)} s`);
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
