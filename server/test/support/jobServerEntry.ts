// A server process for the restart tests: the real server (src/main.ts's startServer) with the test-only
// "test_parts" handler registered, each event appended to JOB_MARKERS_FILE. With ENQUEUE_TEST_JOB_FOR set to a
// username it also queues one such job for that user. Stopped by SIGTERM (clean) or SIGKILL (a crash).
import { appendFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { startServer } from '../../src/app/startServer.js';
import { loadConfig } from '../../src/config/loadConfig.js';
import { createPartsJobHandler, PARTS_JOB, PARTS_JOB_STEPS } from './partsJob.js';

const markersFile = process.env.JOB_MARKERS_FILE;
if (!markersFile) throw new Error('JOB_MARKERS_FILE is required');
const partMs = Number(process.env.JOB_PART_MS ?? 400);

const server = await startServer(loadConfig());
server.app.ctx.jobs.registerHandler(
  PARTS_JOB,
  createPartsJobHandler({
    record: (event) => appendFileSync(markersFile, `${event}\n`),
    beforePart: () => delay(partMs),
  }),
);
const username = process.env.ENQUEUE_TEST_JOB_FOR;
if (username) {
  const { rows } = await server.app.ctx.db.query<{ id: number; group_id: number }>(
    `SELECT id, group_id FROM users WHERE username = $1`,
    [username],
  );
  const user = rows[0];
  if (!user) throw new Error(`no user ${username}`);
  await server.app.ctx.jobs.enqueue({
    jobType: PARTS_JOB,
    userId: user.id,
    groupId: user.group_id,
    patientId: null,
    inputData: { parts: Number(process.env.JOB_PARTS ?? 4) },
    steps: PARTS_JOB_STEPS,
  });
}
console.info(`API listening on ${server.url}`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
