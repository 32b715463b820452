import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BackgroundJob, OpinionDocumentListResponse, PatientDocumentListResponse } from '@ewrt/contract';
import { findUserById } from '../src/features/auth/userDirectory.js';
import { formatEnGbDate } from '../src/features/documents/createDocumentService.js';
import { storeTextDocument } from '../src/features/documents/storeTextDocument.js';
import { createPatientRepository } from '../src/features/patients/patientRepository.js';
import { buildPdf, PAGE_TEXTS } from './fixtures/buildDocumentFixtures.js';
import {
  asUser,
  createTestServer,
  DEMO_PASSWORD,
  patientIdByMrn,
  signIn,
  type TestServer,
} from './support/testServer.js';
import {
  finished,
  multipartBody,
  resultOf,
  storedFiles,
  uploadAndProcess,
  uploadOpinion,
  uploadOpinionAndProcess,
  waitFor,
  waitForOpinionJob,
} from './support/documentUploads.js';

// Leases far longer than any test: the tests move the clock (sign-in codes) without taking jobs away.
const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };

let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let patel: ReturnType<typeof asUser>;
let lead: ReturnType<typeof asUser>;
let admin: ReturnType<typeof asUser>;
let hughes: ReturnType<typeof asUser>;
let opinionPdf: Buffer;

async function userIdOf(username: string): Promise<number> {
  const { rows } = await server.app.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE username = $1`, [
    username,
  ]);
  assert.ok(rows[0], `no user ${username}`);
  return rows[0].id;
}

async function opinionList(client: ReturnType<typeof asUser>): Promise<OpinionDocumentListResponse> {
  const response = await client.get('/api/opinions/documents');
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

async function opinionRowsOf(userId: number): Promise<number> {
  const { rows } = await server.app.ctx.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM documents WHERE owner_user_id = $1`,
    [userId],
  );
  return rows[0]!.count;
}

async function chunkCountOfDocument(storageKey: string): Promise<number> {
  const { rows } = await server.app.ctx.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM document_chunks c JOIN documents d ON d.id = c.document_id
      WHERE d.storage_key = $1`,
    [storageKey],
  );
  return rows[0]!.count;
}

/** DELETE with a JSON body, as the opinion documents screen sends it. */
const deleteOpinion = (username: string, storageKey: string) =>
  server.app.inject({
    method: 'DELETE',
    url: '/api/opinions/documents/delete',
    headers: { authorization: `Bearer ${tokens[username]}` },
    payload: { s3_key: storageKey },
  });

before(async () => {
  server = await createTestServer(JOB_ENV);
  for (const username of ['dr.patel', 'groupadmin', 'admin', 's.hughes']) {
    tokens[username] = await signIn(server, username);
    ids[username] = await userIdOf(username);
  }
  patel = asUser(server, tokens['dr.patel']!);
  lead = asUser(server, tokens.groupadmin!);
  admin = asUser(server, tokens.admin!);
  hughes = asUser(server, tokens['s.hughes']!);
  opinionPdf = await buildPdf(PAGE_TEXTS);
});
after(() => server.close());

describe('an opinion document through the pipeline', () => {
  let storageKey: string;
  let jobId: number;

  it('is processed like a patient upload, polled through the opinion job status, and listed', async () => {
    const job = await uploadOpinionAndProcess(server, tokens['dr.patel']!, ids['dr.patel']!, {
      filename: 'causation-opinion.pdf',
      content: opinionPdf,
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    assert.equal(job.patient_id, null);
    const chunks = resultOf(job)?.chunks_created ?? 0;
    assert.ok(chunks > 0);
    jobId = job.id;

    const list = await opinionList(patel);
    assert.equal(list.total_documents, 1);
    const [document] = list.documents;
    assert.equal(document!.filename, 'causation-opinion.pdf');
    assert.equal(document!.size_bytes, opinionPdf.length);
    assert.equal(document!.process_id, String(job.id));
    assert.equal(document!.status, 'processed');
    assert.equal(document!.page_count, 3);
    assert.ok(document!.processed_date);
    assert.equal(list.vector_count, chunks);
    storageKey = document!.s3_key;

    const { rows } = await server.app.ctx.db.query<{ patient_id: number | null; owner_user_id: number }>(
      `SELECT patient_id, owner_user_id FROM documents WHERE storage_key = $1`,
      [storageKey],
    );
    assert.deepEqual(rows[0], { patient_id: null, owner_user_id: ids['dr.patel'] });
    const { rows: chunkOwners } = await server.app.ctx.db.query<{ patient_id: number | null; owner: number }>(
      `SELECT DISTINCT c.patient_id, c.owner_user_id AS owner FROM document_chunks c
         JOIN documents d ON d.id = c.document_id WHERE d.storage_key = $1`,
      [storageKey],
    );
    assert.deepEqual(chunkOwners, [{ patient_id: null, owner: ids['dr.patel'] }]);
  });

  it('shows in the navbar indicator under its file name', async () => {
    const response = await patel.get(`/api/background-jobs/user/${ids['dr.patel']}/recent-completed`);
    assert.equal(response.statusCode, 200, response.body);
    const job = (response.json().recent_completed as BackgroundJob[]).find((entry) => entry.id === jobId);
    assert.equal(job?.title, 'causation-opinion.pdf');
  });

  it('gives its owner a signed download link to the original file', async () => {
    const response = await patel.get(`/api/opinions/documents/download/${storageKey}`);
    assert.equal(response.statusCode, 200, response.body);
    const { download_url: url, filename } = response.json();
    assert.equal(filename, 'causation-opinion.pdf');
    const download = await server.app.inject({ method: 'GET', url: new URL(url).pathname });
    assert.equal(download.statusCode, 200);
    assert.equal(download.headers['content-type'], 'application/pdf');
    assert.ok(download.rawPayload.equals(opinionPdf));
  });

  it('is invisible to another user and to an administrator, as if it did not exist', async () => {
    for (const [username, other] of [
      ['groupadmin', lead],
      ['admin', admin],
    ] as const) {
      const list = await opinionList(other);
      assert.equal(list.total_documents, 0);
      assert.equal(list.vector_count, 0);
      const download = await other.get(`/api/opinions/documents/download/${storageKey}`);
      assert.equal(download.statusCode, 404, download.body);
      assert.equal(download.json().message, 'Document not found');
      const removal = await deleteOpinion(username, storageKey);
      assert.equal(removal.statusCode, 404, removal.body);
      const status = await other.get(`/api/opinions/jobs/${jobId}/status`);
      assert.equal(status.statusCode, 404, status.body);
      assert.equal(status.json().message, 'Job not found');
      // Nor through the general job calls: an opinion job belongs to no patient an administrator could open.
      const generalStatus = await other.get(`/api/jobs/${jobId}/status`);
      assert.equal(generalStatus.statusCode, 404, generalStatus.body);
      const cancel = await other.post(`/api/jobs/${jobId}/cancel`);
      assert.equal(cancel.statusCode, 404, cancel.body);
    }
    // A patient's document calls never reach an opinion document either.
    const patientId = await patientIdByMrn(server, 'DEMO-1001');
    const asPatientDocument = await admin.get(`/api/documents/download/${patientId}/${storageKey}`);
    assert.equal(asPatientDocument.statusCode, 404, asPatientDocument.body);
    assert.ok((await storedFiles(server)).includes(storageKey), 'the file is still stored');
    assert.equal((await opinionList(patel)).total_documents, 1);
  });

  it('is personal: the opinion job status call shows neither patient jobs nor made-up ones', async () => {
    const patientId = await patientIdByMrn(server, 'DEMO-1001');
    const patientJob = await uploadAndProcess(server, tokens['dr.patel']!, patientId, {
      filename: 'gp-letter.txt',
      content: Buffer.from('The GP letter of the claimant.'),
    });
    const patientJobId = patientJob.id;
    const status = await patel.get(`/api/opinions/jobs/${patientJobId}/status`);
    assert.equal(status.statusCode, 404, status.body);
    const madeUp = await patel.get(`/api/opinions/jobs/999999/status`);
    assert.equal(madeUp.statusCode, 404, madeUp.body);
  });

  it('refuses the same content twice for its owner, but another user may keep their own copy', async () => {
    const before = await storedFiles(server);
    const again = await uploadOpinion(server, tokens['dr.patel']!, ids['dr.patel']!, {
      filename: 'copy.pdf',
      content: opinionPdf,
    });
    assert.equal(again.statusCode, 409, again.body);
    assert.equal(
      again.json().message,
      `copy.pdf is already in your opinion documents (uploaded as causation-opinion.pdf on ${formatEnGbDate(
        server.clock.now().toISOString(),
      )})`,
    );
    assert.deepEqual(await storedFiles(server), before);
    assert.equal(await opinionRowsOf(ids['dr.patel']!), 1);

    const theirs = await uploadOpinionAndProcess(server, tokens.groupadmin!, ids.groupadmin!, {
      filename: 'lead-copy.pdf',
      content: opinionPdf,
    });
    assert.equal(theirs.status, 'completed');
    assert.equal((await opinionList(lead)).total_documents, 1);
    assert.equal((await opinionList(patel)).documents[0]!.filename, 'causation-opinion.pdf');
  });

  it('rebuilds its owner\u2019s index from the stored files as a job', async () => {
    const before = (await opinionList(patel)).vector_count;
    // The index lost: the rebuild must re-derive every passage from the stored file.
    await server.app.ctx.db.query(`DELETE FROM document_chunks WHERE owner_user_id = $1`, [ids['dr.patel']]);
    assert.equal((await opinionList(patel)).vector_count, 0);
    const response = await patel.post('/api/opinions/documents/rebuild-vectors');
    assert.equal(response.statusCode, 202, response.body);
    const answer = response.json();
    assert.equal(answer.success, true);
    const job = await waitForOpinionJob(server, tokens['dr.patel']!, answer.job_id);
    assert.equal(job.status, 'completed', job.error_message ?? '');
    assert.equal(job.patient_id, null);
    // The rebuild's own result, beside the processing_result the contract declares.
    const { rebuild_result: rebuilt } = job.output_data as {
      rebuild_result: { documents_processed: number; chunks_created: number };
    };
    assert.equal(rebuilt.documents_processed, 1);
    assert.equal(rebuilt.chunks_created, before);
    assert.equal((await opinionList(patel)).vector_count, before);
    // The other user's copy of the same content was not touched by this rebuild, nor read into this index.
    assert.ok((await opinionList(lead)).vector_count > 0);
    const other = await lead.get(`/api/opinions/jobs/${answer.job_id}/status`);
    assert.equal(other.statusCode, 404);
  });

  it('generates the file list as opinion_documents_list.txt, and says so when there is nothing to list', async () => {
    const response = await patel.post('/api/opinions/documents/generate-file-list', {
      file_list: ['causation-opinion.pdf'],
    });
    assert.equal(response.statusCode, 200, response.body);
    const { download_url: url, filename } = response.json();
    assert.equal(filename, 'opinion_documents_list.txt');
    const download = await server.app.inject({ method: 'GET', url: new URL(url).pathname });
    assert.equal(download.statusCode, 200);
    assert.match(download.body, /^Opinion documents of Dr Asha Patel\n/);
    assert.match(download.body, /\n1\. causation-opinion\.pdf\n/);
    const { rows } = await server.app.ctx.db.query<{ owner_user_id: number; patient_id: number | null }>(
      `SELECT owner_user_id, patient_id FROM generated_files WHERE filename = 'opinion_documents_list.txt'`,
    );
    assert.deepEqual(rows, [{ owner_user_id: ids['dr.patel'], patient_id: null }]);

    const empty = await patel.post('/api/opinions/documents/generate-file-list', { file_list: [] });
    assert.equal(empty.statusCode, 400, empty.body);
    assert.equal(empty.json().message, 'No opinion documents available to download');
  });

  it('deletes a document with its file and its passages', async () => {
    assert.ok((await chunkCountOfDocument(storageKey)) > 0);
    const response = await deleteOpinion('dr.patel', storageKey);
    assert.equal(response.statusCode, 200, response.body);
    const answer = response.json();
    assert.equal(answer.message, 'causation-opinion.pdf was deleted');
    assert.deepEqual(answer.auto_rebuild, {
      performed: true,
      success: true,
      vectors_rebuilt: 0,
      repositories_processed: 1,
      message:
        'The search index was updated in place: the document\u2019s passages were removed and 0 remain.',
    });
    assert.equal(answer.repositories_deleted, 1);
    assert.ok(!(await storedFiles(server)).includes(storageKey));
    assert.equal(await chunkCountOfDocument(storageKey), 0);
    const list = await opinionList(patel);
    assert.equal(list.total_documents, 0);
    assert.equal(list.vector_count, 0);
    assert.equal((await patel.get(`/api/opinions/documents/download/${storageKey}`)).statusCode, 404);
  });
});

describe('opinion uploads that are refused', () => {
  it('refuses a user_id other than the signed-in user\u2019s before reading the file, and keeps nothing', async () => {
    const before = await storedFiles(server);
    for (const userId of [ids.groupadmin!, ids.admin!]) {
      const response = await uploadOpinion(server, tokens['dr.patel']!, userId, {
        filename: 'elsewhere.pdf',
        content: await buildPdf(['An opinion meant for somebody else.']),
      });
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(response.json().message, 'Opinion documents can only be uploaded to your own account');
    }
    // An administrator cannot store into another user's collection either.
    const byAdmin = await uploadOpinion(server, tokens.admin!, ids['dr.patel']!, {
      filename: 'planted.pdf',
      content: await buildPdf(['Planted by an administrator.']),
    });
    assert.equal(byAdmin.statusCode, 403, byAdmin.body);
    assert.deepEqual(await storedFiles(server), before);
    assert.equal(await opinionRowsOf(ids.groupadmin!), 1);
    assert.equal(await opinionRowsOf(ids.admin!), 0);
  });

  it('needs user_id before the file', async () => {
    const { body, contentType } = multipartBody([], {
      filename: 'early.pdf',
      content: await buildPdf(['Sent without an owner.']),
    });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/opinions/documents/upload',
      headers: { authorization: `Bearer ${tokens['dr.patel']}`, 'content-type': contentType },
      payload: body,
    });
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(response.json().message, 'Send the user_id field before the file');
  });

  it('refuses a file whose content is not the type its name claims', async () => {
    const before = await storedFiles(server);
    const response = await uploadOpinion(server, tokens['dr.patel']!, ids['dr.patel']!, {
      filename: 'scan.pdf',
      content: Buffer.from('Just some plain text pretending to be a PDF.'),
    });
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(
      response.json().message,
      'scan.pdf is not a real PDF file: its content looks like plain text.',
    );
    assert.deepEqual(await storedFiles(server), before);
    assert.equal(await opinionRowsOf(ids['dr.patel']!), 0);
  });
});

describe('who may use opinion documents', () => {
  it('validates a file for a level with advanced tools', async () => {
    const response = await patel.post('/api/opinions/documents/validate', {
      filename: 'opinion.docx',
      fileSize: 2 * 1024 * 1024,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { valid: true, errors: [], file_type: 'docx', file_size_mb: 2 });
  });

  it('refuses every call to a level without advanced tools (Standard)', async () => {
    const message = 'Your access level does not include opinion documents';
    const calls = [
      hughes.post('/api/opinions/documents/validate', { filename: 'a.pdf', fileSize: 10 }),
      uploadOpinion(server, tokens['s.hughes']!, ids['s.hughes']!, {
        filename: 'standard.pdf',
        content: await buildPdf(['A Standard-level opinion.']),
      }),
      hughes.get('/api/opinions/documents'),
      hughes.get('/api/opinions/jobs/1/status'),
      hughes.get(`/api/opinions/documents/download/${'A'.repeat(43)}`),
      deleteOpinion('s.hughes', 'A'.repeat(43)),
      hughes.post('/api/opinions/documents/rebuild-vectors'),
      hughes.post('/api/opinions/documents/generate-file-list', { file_list: ['a.pdf'] }),
    ];
    for (const response of await Promise.all(calls)) {
      assert.equal(response.statusCode, 403, `${response.statusCode} ${response.body}`);
      assert.equal(response.json().message, message);
    }
    assert.equal(await opinionRowsOf(ids['s.hughes']!), 0);
  });
});

describe('storeTextDocument', () => {
  const deps = () => ({
    db: server.app.ctx.db,
    clock: server.app.ctx.clock,
    files: server.app.ctx.files,
    jobs: server.app.ctx.jobs,
  });

  async function indexedTextOf(
    documentId: number,
  ): Promise<{ status: string; fileType: string; text: string }> {
    const { rows } = await server.app.ctx.db.query<{ status: string; file_type: string }>(
      `SELECT status, file_type FROM documents WHERE id = $1`,
      [documentId],
    );
    const chunks = await server.app.ctx.db.query<{ text: string }>(
      `SELECT text FROM document_chunks WHERE document_id = $1 ORDER BY chunk_index`,
      [documentId],
    );
    return {
      status: rows[0]!.status,
      fileType: rows[0]!.file_type,
      text: chunks.rows.map((row) => row.text).join(' '),
    };
  }

  it('stores a patient\u2019s text as a processed, indexed .txt document of their records', async () => {
    const user = (await findUserById(server.app.ctx.db, ids['dr.patel']!))!;
    const patientId = await patientIdByMrn(server, 'DEMO-1001');
    const patient = (await createPatientRepository(server.app.ctx.db).findById(
      { userId: user.id, groupId: user.groupId! },
      patientId,
    ))!;
    const text = 'Q: When was the first MRI?\nA: The first MRI, on 3 April 2023, showed a meniscal tear.';
    const stored = await storeTextDocument(
      deps(),
      { kind: 'patient', patient },
      { filename: 'conversation-2026-01-05.txt', text, uploadedBy: user.id },
    );
    assert.equal(stored.filename, 'conversation-2026-01-05.txt');
    const job = await waitFor(() => server.app.ctx.jobs.get(stored.jobId), finished, 'the text document');
    assert.equal(job!.status, 'completed', job!.error_message ?? '');
    assert.equal(job!.patient_id, patientId);
    const indexed = await indexedTextOf(stored.documentId);
    assert.deepEqual([indexed.status, indexed.fileType], ['processed', 'txt']);
    assert.match(indexed.text, /showed a meniscal tear/);
    const listed = await patel.get(`/api/documents/patient/${patientId}`);
    assert.equal(listed.statusCode, 200, listed.body);
    assert.ok(
      (listed.json() as PatientDocumentListResponse).documents.some(
        (document) => document.filename === 'conversation-2026-01-05.txt',
      ),
    );

    await assert.rejects(
      storeTextDocument(
        deps(),
        { kind: 'patient', patient },
        { filename: 'conversation-again.txt', text, uploadedBy: user.id },
      ),
      (error: { statusCode?: number; message?: string }) =>
        error.statusCode === 409 && /is already in this patient\u2019s records/.test(error.message ?? ''),
    );
  });

  it('stores a user\u2019s text as one of their own opinion documents, listed and indexed for them alone', async () => {
    const user = (await findUserById(server.app.ctx.db, ids['dr.patel']!))!;
    const text = 'Opinion notes: the tear is consistent with a twisting injury of the knee.';
    const stored = await storeTextDocument(
      deps(),
      { kind: 'opinions', user },
      { filename: 'opinion-conversation.txt', text, uploadedBy: user.id },
    );
    const job = await waitForOpinionJob(server, tokens['dr.patel']!, stored.jobId);
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const indexed = await indexedTextOf(stored.documentId);
    assert.deepEqual([indexed.status, indexed.fileType], ['processed', 'txt']);
    assert.match(indexed.text, /consistent with a twisting injury/);
    const list = await opinionList(patel);
    assert.deepEqual(
      list.documents.map((document) => document.filename),
      ['opinion-conversation.txt'],
    );
    assert.ok(list.vector_count > 0);
    assert.equal(
      (await opinionList(lead)).documents.some((d) => d.filename === 'opinion-conversation.txt'),
      false,
    );

    await assert.rejects(
      storeTextDocument(
        deps(),
        { kind: 'opinions', user },
        { filename: 'opinion-conversation-2.txt', text, uploadedBy: user.id },
      ),
      (error: { statusCode?: number; message?: string }) =>
        error.statusCode === 409 && /is already in your opinion documents/.test(error.message ?? ''),
    );
  });
});

describe('deleting a user', () => {
  it('removes the stored files of their opinion documents and file list with the account', async () => {
    const created = await admin.post('/api/users', {
      Name: 'Leaving Expert',
      Email: 'leaving.expert@example.org',
      ContactNumber: '',
      Username: 'leaving.expert',
      Password: DEMO_PASSWORD,
      Group: (await findUserById(server.app.ctx.db, ids.admin!))!.groupId,
      access_level: 1,
    });
    assert.equal(created.statusCode, 201, created.body);
    const userId = created.json().user.ID_User as number;
    const token = await signIn(server, 'leaving.expert');
    const job = await uploadOpinionAndProcess(server, token, userId, {
      filename: 'farewell-opinion.pdf',
      content: await buildPdf(['A farewell opinion on the prognosis.']),
    });
    assert.equal(job.status, 'completed');
    const leaving = asUser(server, token);
    const listLink = await leaving.post('/api/opinions/documents/generate-file-list', {
      file_list: ['farewell-opinion.pdf'],
    });
    assert.equal(listLink.statusCode, 200, listLink.body);
    const { rows } = await server.app.ctx.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM documents WHERE owner_user_id = $1
       UNION ALL SELECT storage_key FROM generated_files WHERE owner_user_id = $1`,
      [userId],
    );
    const keys = rows.map((row) => row.storage_key);
    assert.equal(keys.length, 2);
    for (const key of keys) assert.ok((await storedFiles(server)).includes(key));

    const removed = await admin.delete(`/api/users/${userId}`);
    assert.equal(removed.statusCode, 200, removed.body);
    await waitFor(
      () => storedFiles(server),
      (files) => keys.every((key) => !files.includes(key)),
      'the deleted user\u2019s files to go',
    );
    assert.equal(await opinionRowsOf(userId), 0);
  });
});
