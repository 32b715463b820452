import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { buildApp } from '../src/app/buildApp.js';
import { collect, runEntry, waitForListening } from './support/serverProcess.js';
import { makeTempDir, testConfig } from './support/testServer.js';

const ENTRY = 'test/support/jobServerEntry.ts';
const tempDirs: string[] = [];
after(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

const linesOf = (file: string) =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];

async function waitForLine(file: string, line: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!linesOf(file).some((candidate) => candidate.startsWith(line))) {
    if (Date.now() > deadline)
      throw new Error(`"${line}" not seen within ${timeoutMs} ms: ${linesOf(file).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a server killed in the middle of a job', () => {
  it('resumes the job after a restart from its checkpoint and completes it exactly once', async () => {
    const dataDir = await makeTempDir('ewrt-jobs-restart-');
    tempDirs.push(dataDir);
    const markers = path.join(dataDir, 'job-markers.txt');
    // Short leases so that the restarted server takes the dead one's job within seconds.
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      JOB_MARKERS_FILE: markers,
      JOB_LEASE_SECONDS: '2',
      JOB_HEARTBEAT_SECONDS: '1',
      JOB_PART_MS: '400',
      JOB_PARTS: '4',
    };

    const first = runEntry(ENTRY, { ...env, ENQUEUE_TEST_JOB_FOR: 'dr.patel' });
    const firstOut = collect(first);
    await waitForListening(firstOut.stdout, firstOut.exit);
    await waitForLine(markers, 'part 2 of', 30_000);
    first.kill('SIGKILL');
    await firstOut.exit;
    const beforeRestart = linesOf(markers);
    assert.ok(!beforeRestart.some((line) => line.startsWith('finish')), beforeRestart.join(', '));

    const second = runEntry(ENTRY, env);
    const secondOut = collect(second);
    try {
      await waitForListening(secondOut.stdout, secondOut.exit);
      await waitForLine(markers, 'finish', 30_000);
      second.kill('SIGTERM');
      assert.equal(await secondOut.exit, 0, secondOut.stderr());
    } finally {
      if (second.exitCode === null) second.kill('SIGKILL');
    }

    // Every event once: "prepare" and the parts done before the kill were not done again.
    const jobId = /^prepare (\d+)$/.exec(linesOf(markers)[0] ?? '')?.[1];
    assert.ok(jobId, linesOf(markers).join(', '));
    assert.deepEqual(linesOf(markers), [
      `prepare ${jobId}`,
      ...[1, 2, 3, 4].map((part) => `part ${part} of ${jobId}`),
      `finish ${jobId}`,
    ]);

    const app = await buildApp(testConfig(dataDir));
    try {
      const { rows } = await app.ctx.db.query<{
        status: string;
        attempts: number;
        lease_owner: string | null;
      }>(`SELECT status, attempts, lease_owner FROM jobs WHERE id = $1`, [Number(jobId)]);
      assert.deepEqual(rows, [{ status: 'completed', attempts: 2, lease_owner: null }]);
      const job = await app.ctx.jobs.get(Number(jobId));
      assert.deepEqual(job?.output_data, { processing_result: { chunks_created: 4 } });
      const logs = await app.ctx.db.query<{ message: string }>(
        `SELECT message FROM job_logs WHERE job_id = $1 ORDER BY id`,
        [Number(jobId)],
      );
      const messages = logs.rows.map((row) => row.message);
      assert.equal(messages.filter((message) => message === 'Completed').length, 1);
      assert.ok(messages.includes('Resumed after its previous worker stopped responding (attempt 2 of 3)'));
    } finally {
      await app.close();
    }
  });
});
