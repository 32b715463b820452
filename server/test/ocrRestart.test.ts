import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { buildApp } from '../src/app/buildApp.js';
import { finished, logsOf, upload, waitFor } from './support/documentUploads.js';
import { buildScannedPdf } from './support/scannedPdf.js';
import { collect, runEntry, waitForListening } from './support/serverProcess.js';
import {
  createTestClock,
  makeTempDir,
  patientIdByMrn,
  signIn,
  testConfig,
  type TestServer,
} from './support/testServer.js';

const PAGES = 6;
const tempDirs: string[] = [];
after(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

/**
 * The server over `dataDir` in this process, as the test helpers expect it (closing it keeps the directory). The
 * restarted one runs on the real clock: the killed server's lease runs out in real time.
 */
async function serverOver(dataDir: string, env: NodeJS.ProcessEnv, realClock = false): Promise<TestServer> {
  const config = testConfig(dataDir, env);
  const clock = createTestClock();
  const app = await buildApp(config, realClock ? {} : { clock: clock.now });
  return { app, config, clock, dataDir, secrets: new Map(), close: () => app.close() };
}

/** A `tesseract` that writes a line to OCR_CALLS_FILE on each call, then runs the real one; and pdftoppm. */
async function countingTools(): Promise<{ binDir: string; calls: () => number; callsFile: string }> {
  const binDir = await mkdtemp(path.join(tmpdir(), 'ewrt-ocr-tools-'));
  tempDirs.push(binDir);
  const callsFile = path.join(binDir, 'tesseract-calls.txt');
  const wrapper = path.join(binDir, 'tesseract');
  await writeFile(wrapper, '#!/bin/sh\necho call >> "$OCR_CALLS_FILE"\nexec /usr/bin/tesseract "$@"\n');
  await chmod(wrapper, 0o755);
  await symlink('/usr/bin/pdftoppm', path.join(binDir, 'pdftoppm'));
  const calls = () =>
    existsSync(callsFile) ? readFileSync(callsFile, 'utf8').split('\n').filter(Boolean).length : 0;
  return { binDir, calls, callsFile };
}

describe('a server killed in the middle of a scan', () => {
  it('resumes OCR at the next page after a restart and completes the job exactly once', async () => {
    const dataDir = await makeTempDir('ewrt-ocr-restart-');
    tempDirs.push(dataDir);
    const tools = await countingTools();
    // One page at a time, so that the pages read before the kill are exactly those before the one in flight.
    const env = {
      PATH: `${tools.binDir}${path.delimiter}/usr/bin${path.delimiter}/bin`,
      OCR_CALLS_FILE: tools.callsFile,
      OCR_CONCURRENCY: '1',
      JOB_LEASE_SECONDS: '2',
      JOB_HEARTBEAT_SECONDS: '1',
    };
    const scan = await buildScannedPdf(
      Array.from({ length: PAGES }, (_, index) => ({
        lines: [`Ward round note ${index + 1}: the patient slept well and the wound is clean.`],
      })),
    );

    // The upload is queued by a server that runs no jobs, so the job starts in the process killed below.
    const queueing = await serverOver(dataDir, { ...env, JOB_CONCURRENCY: '0' });
    let jobId: number;
    try {
      const token = await signIn(queueing, 'dr.patel');
      const response = await upload(queueing, token, await patientIdByMrn(queueing, 'DEMO-1001'), {
        filename: 'ward-notes-scan.pdf',
        content: scan,
      });
      assert.equal(response.statusCode, 202, response.body);
      jobId = response.json().job_id;
    } finally {
      await queueing.close();
    }

    const first = runEntry('src/main.ts', { ...env, DATA_DIR: dataDir, PORT: '0' });
    const firstOut = collect(first);
    try {
      await waitForListening(firstOut.stdout, firstOut.exit);
      await waitFor(
        async () => tools.calls(),
        (calls) => calls >= 4,
        'the fourth page to be read',
      );
    } finally {
      first.kill('SIGKILL');
      await firstOut.exit;
    }
    const callsBeforeKill = tools.calls();

    process.env.OCR_CALLS_FILE = tools.callsFile;
    const second = await serverOver(dataDir, env, true);
    try {
      const job = await waitFor(() => second.app.ctx.jobs.get(jobId), finished, 'the resumed job');
      assert.equal(job?.status, 'completed', job?.error_message ?? '');
      const logs = await logsOf(second, jobId);
      // The pages read before the kill were kept: the restart read the page in flight and those after it.
      assert.ok(
        logs.includes(
          `${callsBeforeKill - 1} of ${PAGES} scanned page(s) of ward-notes-scan.pdf were already read by OCR: not read again`,
        ),
        logs.join(' | '),
      );
      assert.equal(tools.calls(), PAGES + 1, 'only the page in flight at the kill was read twice');
      for (let page = 1; page <= PAGES; page += 1) {
        const lines = logs.filter((line) => line.startsWith(`page ${page} read by OCR:`));
        assert.equal(lines.length, 1, `page ${page}: ${logs.join(' | ')}`);
      }
      assert.equal(logs.filter((line) => line === 'Completed').length, 1);
      const { rows } = await second.app.ctx.db.query<{ attempts: number; pages: number[] }>(
        `SELECT j.attempts, array_agg(c.page ORDER BY c.chunk_index) AS pages
           FROM jobs j JOIN documents d ON d.job_id = j.id JOIN document_chunks c ON c.document_id = d.id
          WHERE j.id = $1 GROUP BY j.attempts`,
        [jobId],
      );
      assert.deepEqual(rows, [{ attempts: 2, pages: [1, 2, 3, 4, 5, 6] }]);
    } finally {
      delete process.env.OCR_CALLS_FILE;
      await second.close();
    }
  });
});
