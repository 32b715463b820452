import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Queryable } from '../src/db/Database.js';
import { bundlePagesFor } from '../src/features/answers/bundlePagesFor.js';
import { indexFingerprint } from '../src/features/answers/indexFingerprint.js';
import { lexemeFrequencies } from '../src/features/answers/lexemeFrequencies.js';
import type { RetrievalScope } from '../src/features/answers/RetrievalScope.js';
import { searchPassages } from '../src/features/answers/searchPassages.js';
import { createDocumentRepository } from '../src/features/documents/documentRepository.js';
import type { EmbeddingProvider } from '../src/platform/ai/EmbeddingProvider.js';
import { buildPdf } from './fixtures/buildDocumentFixtures.js';
import { uploadAndProcess } from './support/documentUploads.js';
import { createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

// Leases far longer than any test, so a moved clock never takes a job away.
const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };

const CONSULTATION_PAGES = [
  'Orthopaedic consultation, page one. The claimant attended with his wife and described the collision.',
  'On examination the claimant had a positive Lachman test of the right knee, suggesting a ruptured anterior ' +
    'cruciate ligament. MRI lumbar spine of 12/03/2021 also showed a disc prolapse at L4/5.',
  'Page three: plan. Physiotherapy twice weekly and review in clinic in six weeks.',
];

let server: TestServer;
let db: Queryable;
let token = '';
let whitfield = 0;
let bennett = 0;
let patelUserId = 0;
let groupId = 0;
const signal = new AbortController().signal;
const fullText = { embeddings: null, signal };

/** A document written straight into the index: one passage per page. */
async function addIndexedDocument(
  owner: { patientId: number | null; ownerUserId: number | null },
  filename: string,
  pages: readonly string[],
  status: 'processed' | 'processing' = 'processed',
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO documents (patient_id, owner_user_id, group_id, storage_key, filename, size_bytes, sha256, file_type,
                            status, page_count, processed_date)
     VALUES ($1, $2, $3, $4, $5, 100, $6, 'txt', $7, $8, CASE WHEN $7 = 'processed' THEN now() END) RETURNING id`,
    [owner.patientId, owner.ownerUserId, groupId, randomUUID(), filename, randomUUID(), status, pages.length],
  );
  const documentId = rows[0]!.id;
  await createDocumentRepository(db).upsertChunks(
    documentId,
    owner,
    pages.map((text, index) => ({
      page: index + 1,
      chunkIndex: index,
      startOffset: 0,
      endOffset: text.length,
      text,
    })),
    null,
  );
  return documentId;
}

const patientScope = (patientId: number): RetrievalScope => ({ kind: 'patient', patientId });

before(async () => {
  server = await createTestServer(JOB_ENV);
  db = server.app.ctx.db;
  token = await signIn(server, 'dr.patel');
  whitfield = await patientIdByMrn(server, 'DEMO-1001');
  bennett = await patientIdByMrn(server, 'DEMO-1002');
  const { rows } = await db.query<{ id: number; group_id: number }>(
    `SELECT id, group_id FROM users WHERE username = 'dr.patel'`,
  );
  patelUserId = rows[0]!.id;
  groupId = rows[0]!.group_id;
  const job = await uploadAndProcess(server, token, whitfield, {
    filename: 'orthopaedic-consultation.pdf',
    content: await buildPdf(CONSULTATION_PAGES),
  });
  assert.equal(job.status, 'completed', job.error_message ?? '');
  await addIndexedDocument({ patientId: whitfield, ownerUserId: null }, 'gp-letter.txt', [
    'GP letter: the claimant reports neck pain since the collision and takes naproxen twice daily.',
  ]);
});

after(async () => {
  await server.close();
});

describe('retrieval over a patient’s records', () => {
  it('finds the page that holds a distinctive sentence, with its file and key', async () => {
    const found = await searchPassages(
      db,
      patientScope(whitfield),
      'Was the Lachman test positive for the right knee?',
      8,
      fullText,
    );
    assert.ok(found.length >= 1);
    const best = found[0]!;
    assert.equal(best.filename, 'orthopaedic-consultation.pdf');
    assert.equal(best.page, 2);
    assert.match(best.text, /positive Lachman test of the right knee/);
    assert.equal(best.source, 'text');
    assert.equal(best.bundlePage, null);
    const { rows } = await db.query<{ storage_key: string }>(
      `SELECT storage_key FROM documents WHERE filename = 'orthopaedic-consultation.pdf'`,
    );
    assert.equal(best.storageKey, rows[0]!.storage_key);
    assert.ok(found.every((passage, index) => index === 0 || passage.score <= found[index - 1]!.score));
  });

  it('falls back to any of the terms when no passage holds them all, rarer terms first', async () => {
    // "tibia" and "plateau" are in no passage: every-term search finds nothing.
    const found = await searchPassages(
      db,
      patientScope(whitfield),
      'tibia plateau fracture with cruciate ligament rupture?',
      3,
      fullText,
    );
    assert.equal(found[0]?.page, 2);
    assert.equal(found[0]?.filename, 'orthopaedic-consultation.pdf');
  });

  it('matches a date written differently in the question and in the record', async () => {
    for (const question of [
      'What did the scan of 12 March 2021 show?',
      'Findings on 12/03/2021?',
      '2021-03-12',
    ]) {
      const found = await searchPassages(db, patientScope(whitfield), question, 1, fullText);
      assert.equal(found[0]?.page, 2, question);
    }
  });

  it('finds nothing for a question of stop words only', async () => {
    assert.deepEqual(
      await searchPassages(db, patientScope(whitfield), 'What is it and who was there?', 8, fullText),
      [],
    );
  });

  it('gives at most k passages, best first, the same order every time', async () => {
    const first = await searchPassages(db, patientScope(whitfield), 'claimant collision', 2, fullText);
    const second = await searchPassages(db, patientScope(whitfield), 'claimant collision', 2, fullText);
    assert.equal(first.length, 2);
    assert.deepEqual(
      first.map((passage) => passage.chunkId),
      second.map((passage) => passage.chunkId),
    );
  });
});

describe('the scope of a search', () => {
  it('never returns another patient’s passages, nor a document still processing', async () => {
    await addIndexedDocument({ patientId: bennett, ownerUserId: null }, 'bennett-hip.txt', [
      'Bennett: total hip replacement with a zirconium bearing.',
    ]);
    await addIndexedDocument(
      { patientId: whitfield, ownerUserId: null },
      'unfinished.txt',
      ['Zirconium bearing noted in an unfinished upload.'],
      'processing',
    );
    assert.deepEqual(await searchPassages(db, patientScope(whitfield), 'zirconium bearing', 8, fullText), []);
    const bennetts = await searchPassages(db, patientScope(bennett), 'zirconium bearing', 8, fullText);
    assert.deepEqual(
      bennetts.map((passage) => passage.filename),
      ['bennett-hip.txt'],
    );
  });

  it('keeps a user’s opinion documents and the patients’ records apart', async () => {
    await addIndexedDocument({ patientId: null, ownerUserId: patelUserId }, 'my-opinion.txt', [
      'In my opinion a Lachman test is reliable only when the hamstrings are relaxed.',
    ]);
    const opinions = await searchPassages(
      db,
      { kind: 'opinions', userId: patelUserId },
      'Lachman test',
      8,
      fullText,
    );
    assert.deepEqual(
      opinions.map((passage) => [passage.filename, passage.bundlePage]),
      [['my-opinion.txt', null]],
    );
    const records = await searchPassages(db, patientScope(whitfield), 'Lachman test', 8, fullText);
    assert.ok(records.length > 0);
    assert.ok(records.every((passage) => passage.filename !== 'my-opinion.txt'));
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'dr.okafor'`);
    assert.deepEqual(
      await searchPassages(db, { kind: 'opinions', userId: rows[0]!.id }, 'Lachman test', 8, fullText),
      [],
    );
  });
});

describe('how common a word is', () => {
  it('is read from the statistics of the index once it has been analysed', async () => {
    await db.execute('ANALYZE document_chunks');
    // A moment far enough ahead that nothing read before is reused.
    const frequencies = await lexemeFrequencies(db, Date.now() + 3_600_000);
    assert.equal(frequencies.known, true);
    assert.ok(
      frequencies.of('claimant') > frequencies.of('lachman'),
      'claimant is in more passages than Lachman',
    );
    assert.ok(frequencies.of('zeppelin') <= frequencies.rareBelow);
  });
});

describe('bundle pages', () => {
  it('gives each page its number in the latest completed bundle, and none to a document outside it', async () => {
    const { rows } = await db.query<{ id: number }>(
      `SELECT id FROM documents WHERE patient_id = $1 AND filename = 'orthopaedic-consultation.pdf'`,
      [whitfield],
    );
    const consultation = rows[0]!.id;
    const bundle = async (status: string, pageMap: number[]) => {
      const { rows: created } = await db.query<{ id: number }>(
        `INSERT INTO record_bundles (patient_id, group_id, status, filename, page_count, created_at)
         VALUES ($1, $2, $3, 'bundle.pdf', 20, now()) RETURNING id`,
        [whitfield, groupId, status],
      );
      await db.query(
        `INSERT INTO record_bundle_documents (bundle_id, document_id, position, filename, first_page, last_page, page_map)
         VALUES ($1, $2, 1, 'orthopaedic-consultation.pdf', $3, $4, $5::int[])`,
        [created[0]!.id, consultation, pageMap[0], pageMap.at(-1), pageMap],
      );
    };
    await bundle('completed', [3, 4, 5]);
    // A later bundle that failed does not count.
    await bundle('failed', [30, 31, 32]);
    const found = await searchPassages(db, patientScope(whitfield), 'Lachman test', 8, fullText);
    assert.equal(found[0]?.bundlePage, 4);
    const letter = await searchPassages(db, patientScope(whitfield), 'naproxen', 8, fullText);
    assert.equal(letter[0]?.filename, 'gp-letter.txt');
    assert.equal(letter[0]?.bundlePage, null);
    const pageMaps = await bundlePagesFor(db, whitfield, [consultation, letter[0]!.documentId]);
    assert.deepEqual(pageMaps.get(consultation), [3, 4, 5]);
    assert.equal(pageMaps.has(letter[0]!.documentId), false);
  });
});

describe('ranking by embeddings as well', () => {
  const vectorFor = (text: string) => (/sciatica|nerve root/i.test(text) ? [1, 0, 0] : [0, 1, 0]);
  const embeddings: EmbeddingProvider = {
    model: 'test-vectors',
    embed: async (texts) => texts.map(vectorFor),
  };

  it('adds the passage closest in meaning even when it shares no word with the question', async () => {
    const documentId = await addIndexedDocument(
      { patientId: whitfield, ownerUserId: null },
      'neurology.txt',
      ['Nerve root irritation at L5 explains the radiating leg symptoms.'],
    );
    await db.query(`UPDATE document_chunks SET embedding = $2::real[] WHERE document_id = $1`, [
      documentId,
      [1, 0, 0],
    ]);
    const question = 'Is there sciatica?';
    assert.deepEqual(await searchPassages(db, patientScope(whitfield), question, 8, fullText), []);
    const hybrid = await searchPassages(db, patientScope(whitfield), question, 8, { embeddings, signal });
    assert.deepEqual(
      hybrid.map((passage) => passage.filename),
      ['neurology.txt'],
    );
  });

  it('answers by full text alone when the question cannot be embedded', async () => {
    const failing: EmbeddingProvider = {
      model: 'down',
      embed: async () => {
        throw new Error('The embedding service answered 503');
      },
    };
    const withFailure = await searchPassages(db, patientScope(whitfield), 'Lachman test', 8, {
      embeddings: failing,
      signal,
    });
    const alone = await searchPassages(db, patientScope(whitfield), 'Lachman test', 8, fullText);
    assert.deepEqual(
      withFailure.map((passage) => passage.chunkId),
      alone.map((passage) => passage.chunkId),
    );
  });
});

describe('the index fingerprint', () => {
  it('changes when a document is processed, deleted or re-indexed, and only then', async () => {
    const scope = patientScope(whitfield);
    const start = await indexFingerprint(db, scope);
    assert.equal(await indexFingerprint(db, scope), start);
    assert.equal((await indexFingerprint(db, patientScope(bennett))) === start, false);

    const job = await uploadAndProcess(server, token, whitfield, {
      filename: 'discharge-summary.pdf',
      content: await buildPdf(['Discharge summary: the wound healed well.']),
    });
    assert.equal(job.status, 'completed');
    const afterUpload = await indexFingerprint(db, scope);
    assert.notEqual(afterUpload, start);

    const { rows } = await db.query<{ storage_key: string }>(
      `SELECT storage_key FROM documents WHERE filename = 'discharge-summary.pdf'`,
    );
    const deleted = await server.app.inject({
      method: 'DELETE',
      url: `/api/documents/delete/${whitfield}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { s3_key: rows[0]!.storage_key },
    });
    assert.equal(deleted.statusCode, 200, deleted.body);
    const afterDelete = await indexFingerprint(db, scope);
    assert.notEqual(afterDelete, afterUpload);

    // A rebuild rewrites the passages in place: same ids, same counts; its completed job still moves the fingerprint.
    const rebuild = await server.app.inject({
      method: 'POST',
      url: `/api/documents/patient/${whitfield}/rebuild-vectors`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(rebuild.statusCode, 202, rebuild.body);
    const jobId = rebuild.json().job_id as number;
    for (let tries = 0; (await server.app.ctx.jobs.get(jobId))?.status !== 'completed'; tries += 1) {
      assert.ok(tries < 2400, 'the rebuild did not complete');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.notEqual(await indexFingerprint(db, scope), afterDelete);
  });

  it('changes for a user’s opinion documents when one is added', async () => {
    const scope: RetrievalScope = { kind: 'opinions', userId: patelUserId };
    const before = await indexFingerprint(db, scope);
    await addIndexedDocument({ patientId: null, ownerUserId: patelUserId }, 'second-opinion.txt', [
      'Another view.',
    ]);
    assert.notEqual(await indexFingerprint(db, scope), before);
  });
});
