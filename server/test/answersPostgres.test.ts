import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../src/app/buildApp.js';
import { answerQuestion } from '../src/features/answers/answerQuestion.js';
import { indexFingerprint } from '../src/features/answers/indexFingerprint.js';
import { lexemeFrequencies } from '../src/features/answers/lexemeFrequencies.js';
import type { RetrievalScope } from '../src/features/answers/RetrievalScope.js';
import { searchPassages } from '../src/features/answers/searchPassages.js';
import { buildPdf } from './fixtures/buildDocumentFixtures.js';
import { uploadAndProcess } from './support/documentUploads.js';
import {
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from './support/postgresCluster.js';
import {
  createTestClock,
  makeTempDir,
  patientIdByMrn,
  signIn,
  testConfig,
  type TestServer,
} from './support/testServer.js';

// The same retrieval SQL on a real PostgreSQL (DATABASE_URL): its drivers return bigint ids and statistics arrays
// differently from the embedded database.
describe('answers over a real PostgreSQL', { skip: skipWithoutPostgres }, () => {
  let cluster: PostgresCluster | null = null;
  let dataDir = '';
  let server: TestServer | null = null;
  let scope: RetrievalScope;
  const signal = new AbortController().signal;

  before(async () => {
    cluster = await startPostgresCluster();
    dataDir = await makeTempDir();
    const config = testConfig(dataDir, {
      DATABASE_URL: cluster.databaseUrl,
      SEED_DEMO: 'true',
      JOB_LEASE_SECONDS: '3600',
      JOB_HEARTBEAT_SECONDS: '3000',
    });
    const clock = createTestClock();
    const app = await buildApp(config, { clock: clock.now });
    server = { app, config, clock, dataDir, secrets: new Map(), close: () => app.close() };
    const token = await signIn(server, 'dr.patel');
    const patientId = await patientIdByMrn(server, 'DEMO-1001');
    scope = { kind: 'patient', patientId };
    const job = await uploadAndProcess(server, token, patientId, {
      filename: 'consultation.pdf',
      content: await buildPdf([
        'Orthopaedic consultation: the claimant described the collision.',
        'A positive Lachman test of the right knee on 12/03/2021 suggests a ruptured anterior cruciate ligament.',
        'Plan: physiotherapy twice weekly.',
      ]),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
  });

  after(async () => {
    await server?.close();
    await cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it('finds the page, by every term, by some of them, and by a date written another way', async () => {
    const db = server!.app.ctx.db;
    for (const question of [
      'Lachman test of the right knee',
      'tibia plateau fracture with cruciate ligament rupture?',
      'What was found on 12 March 2021?',
    ]) {
      const found = await searchPassages(db, scope, question, 8, { embeddings: null, signal });
      assert.equal(found[0]?.page, 2, question);
      assert.equal(typeof found[0]?.chunkId, 'number');
    }
  });

  it('reads word frequencies from the statistics and answers from retrieval alone', async () => {
    const db = server!.app.ctx.db;
    await db.execute('ANALYZE document_chunks');
    const frequencies = await lexemeFrequencies(db, Date.now() + 3_600_000);
    assert.equal(frequencies.known, true);
    assert.ok(frequencies.of('lachman') > 0);
    const answer = await answerQuestion({ db, ai: null, embeddings: null }, scope, 'Lachman test', {
      k: 8,
      signal,
    });
    assert.equal(answer.model_info.mode, 'retrieval-only');
    assert.equal(answer.source_locations[0]?.filename, 'consultation.pdf');
    assert.match(await indexFingerprint(db, scope), /^patient:\d+\|documents:1\//);
  });
});
