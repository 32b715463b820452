import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { formatEnGbDate } from '../src/features/documents/createDocumentService.js';
import {
  formatPageRanges,
  describePagesWithoutText,
} from '../src/features/documents/describePagesWithoutText.js';
import {
  buildDocx,
  buildPdf,
  DOC_PAGE_TEXTS,
  fakeExecutable,
  PAGE_TEXTS,
  readDocFixture,
  utf16leWithBom,
} from './fixtures/buildDocumentFixtures.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';
import {
  multipartBody,
  upload,
  waitFor,
  resultOf,
  finished,
  uploadAndProcess,
  chunksOf,
  storedFiles,
  documentRows,
  listOf,
  logsOf,
} from './support/documentUploads.js';

// Leases far longer than any test: the tests move the clock (download link expiry) without taking jobs away.
const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };

let server: TestServer;
const tokens: Record<string, string> = {};
let patel: ReturnType<typeof asUser>;
let viewer: ReturnType<typeof asUser>;
let okafor: ReturnType<typeof asUser>;
let admin: ReturnType<typeof asUser>;
const patients: Record<string, number> = {};

before(async () => {
  server = await createTestServer({ ...JOB_ENV, LIBREOFFICE_PATH: 'soffice' });
  for (const username of ['dr.patel', 'r.viewer', 'dr.okafor', 'admin'])
    tokens[username] = await signIn(server, username);
  patel = asUser(server, tokens['dr.patel']!);
  viewer = asUser(server, tokens['r.viewer']!);
  okafor = asUser(server, tokens['dr.okafor']!);
  admin = asUser(server, tokens.admin!);
  for (const [key, mrn] of Object.entries({
    whitfield: 'DEMO-1001',
    bennett: 'DEMO-1002',
    raman: 'DEMO-1003',
    ashworth: 'DEMO-1004',
    oneill: 'DEMO-1005',
    kowalski: 'DEMO-1006',
    doherty: 'DEMO-2001',
  })) {
    patients[key] = await patientIdByMrn(server, mrn);
  }
});
after(() => server.close());

describe('validate call', () => {
  it('accepts the four formats in any case and reports the size in MB', async () => {
    for (const filename of ['report.pdf', 'Letter.DOCX', 'old.Doc', 'notes.TxT']) {
      const response = await patel.post('/api/documents/validate', { filename, fileSize: 3 * 1024 * 1024 });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), {
        valid: true,
        errors: [],
        file_type: filename.split('.').pop()!.toLowerCase(),
        file_size_mb: 3,
      });
    }
  });

  it('explains an unsupported type and a file over 250 MB', async () => {
    const response = await patel.post('/api/documents/validate', {
      filename: 'setup.exe',
      fileSize: 250 * 1024 * 1024 + 1,
    });
    assert.deepEqual(response.json(), {
      valid: false,
      errors: ['File type .exe is not supported. Use PDF, DOCX, DOC or TXT.', 'File is larger than 250 MB'],
      file_type: null,
      file_size_mb: 250,
    });
  });

  it('is refused to a level without the documents feature', async () => {
    const response = await viewer.post('/api/documents/validate', { filename: 'a.pdf', fileSize: 10 });
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().message, 'Your access level does not allow working with patient documents');
  });
});

describe('upload and processing, per format', () => {
  it('reads a PDF page by page and reports a page without a text layer instead of indexing it', async () => {
    const job = await uploadAndProcess(server, tokens['dr.patel']!, patients.whitfield!, {
      filename: 'orthopaedic-report.pdf',
      content: await buildPdf([...PAGE_TEXTS, null]),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const result = resultOf(job);
    assert.equal(result?.pages, 4);
    assert.deepEqual(result?.pages_without_text, [4]);
    assert.equal(result?.message, 'page 4 has no text layer: not searchable');
    assert.equal(result?.filename, 'orthopaedic-report.pdf');
    const chunks = await chunksOf(server, 'orthopaedic-report.pdf', patients.whitfield!);
    assert.equal(result?.chunks_created, chunks.length);
    assert.deepEqual(
      chunks.map((chunk) => [chunk.page, chunk.text]),
      PAGE_TEXTS.map((text, index) => [index + 1, text]),
    );
    assert.deepEqual(
      chunks.map((chunk) => [chunk.start_offset, chunk.end_offset]),
      PAGE_TEXTS.map((text) => [0, text.length]),
    );
    assert.ok(
      (await logsOf(server, job.id)).includes(
        'orthopaedic-report.pdf: page 4 has no text layer: not searchable',
      ),
    );
    const listed = (await listOf(patel, patients.whitfield!)).documents.find(
      (document) => document.filename === 'orthopaedic-report.pdf',
    );
    assert.equal(listed?.status, 'processed');
    assert.equal(listed?.page_count, 4);
    assert.deepEqual(listed?.pages_without_text, [4]);
    assert.equal(listed?.process_id, String(job.id));
    assert.equal(listed?.file_type, 'pdf');
  });

  it('takes the pages of a DOCX from LibreOffice when it is installed', async () => {
    const job = await uploadAndProcess(server, tokens['dr.patel']!, patients.whitfield!, {
      filename: 'clinic-letter.docx',
      content: await buildDocx(PAGE_TEXTS.slice(0, 2)),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    assert.equal(resultOf(job)?.page_source, 'libreoffice-layout');
    assert.deepEqual(
      (await chunksOf(server, 'clinic-letter.docx', patients.whitfield!)).map((chunk) => [
        chunk.page,
        chunk.text,
      ]),
      [
        [1, PAGE_TEXTS[0]],
        [2, PAGE_TEXTS[1]],
      ],
    );
  });

  it('reads a Word 97-2003 file with its pages through LibreOffice', async () => {
    const job = await uploadAndProcess(server, tokens['dr.patel']!, patients.whitfield!, {
      filename: 'witness-statement.doc',
      content: await readDocFixture(),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    assert.deepEqual(
      (await chunksOf(server, 'witness-statement.doc', patients.whitfield!)).map((chunk) => [
        chunk.page,
        chunk.text,
      ]),
      DOC_PAGE_TEXTS.map((text, index) => [index + 1, text]),
    );
  });

  it('reads UTF-8 text with form feeds as pages, and UTF-16 with a byte order mark', async () => {
    const utf8 = await uploadAndProcess(server, tokens['dr.patel']!, patients.whitfield!, {
      filename: 'dictation.txt',
      content: Buffer.from(`${PAGE_TEXTS[0]}\n\f${PAGE_TEXTS[1]} Café naïve résumé.\n`, 'utf8'),
    });
    assert.equal(utf8.status, 'completed', utf8.error_message ?? '');
    assert.deepEqual(
      (await chunksOf(server, 'dictation.txt', patients.whitfield!)).map((chunk) => [chunk.page, chunk.text]),
      [
        [1, PAGE_TEXTS[0]],
        [2, `${PAGE_TEXTS[1]} Café naïve résumé.`],
      ],
    );
    const utf16 = await uploadAndProcess(server, tokens['dr.patel']!, patients.whitfield!, {
      filename: 'windows-notes.txt',
      content: utf16leWithBom('Notes typed on Windows: Zoë reports pain at 7/10.'),
    });
    assert.equal(utf16.status, 'completed', utf16.error_message ?? '');
    assert.deepEqual(
      (await chunksOf(server, 'windows-notes.txt', patients.whitfield!)).map((chunk) => chunk.text),
      ['Notes typed on Windows: Zoë reports pain at 7/10.'],
    );
  });

  it('re-reads the file when a job resumes at its index step, and leaves one copy of each passage', async () => {
    const job = await uploadAndProcess(server, tokens['dr.patel']!, patients.whitfield!, {
      filename: 'resumed.txt',
      content: Buffer.from(`${'Left shoulder pain on abduction. '.repeat(120)}\f${PAGE_TEXTS[2]}`),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const indexed = await chunksOf(server, 'resumed.txt', patients.whitfield!);
    // As after a crash between extraction and indexing: the later steps pending again, the job claimable.
    await server.app.ctx.db.query(
      `UPDATE job_steps SET status = 'pending', progress_percentage = 0, started_at = NULL, completed_at = NULL,
              result = NULL
        WHERE job_id = $1 AND step_name IN ('index', 'finish')`,
      [job.id],
    );
    await server.app.ctx.db.query(
      `UPDATE jobs SET status = 'pending', completed_at = NULL, output_data = NULL, lease_owner = NULL,
              lease_expires_at = NULL
        WHERE id = $1`,
      [job.id],
    );
    server.app.ctx.jobs.notify();
    const resumed = await waitFor(
      () => server.app.ctx.jobs.get(job.id),
      (current) => current?.status === 'completed' && current.output_data !== null,
      'the resumed job',
    );
    assert.equal(resultOf(resumed)?.chunks_created, indexed.length);
    assert.deepEqual(await chunksOf(server, 'resumed.txt', patients.whitfield!), indexed);
  });

  it('fails the job of a file with a PDF header that is no PDF, and marks the document failed', async () => {
    const job = await uploadAndProcess(server, tokens['dr.patel']!, patients.whitfield!, {
      filename: 'broken.pdf',
      content: Buffer.from('%PDF-1.7\nthis is not really a PDF at all\n'),
    });
    assert.equal(job.status, 'failed');
    assert.match(job.error_message ?? '', /^broken\.pdf could not be read: it is not a readable PDF/);
    const listed = (await listOf(patel, patients.whitfield!)).documents.find(
      (document) => document.filename === 'broken.pdf',
    );
    assert.equal(listed?.status, 'failed');
    assert.equal(listed?.chunk_count, 0);
  });
});

describe('uploads that are refused keep nothing', () => {
  it('refuses a .pdf that is text and an .exe renamed .txt, by their content', async () => {
    const before = await storedFiles(server);
    const rowsBefore = await documentRows(server, patients.ashworth!);
    const textAsPdf = await upload(server, tokens['dr.patel']!, patients.ashworth!, {
      filename: 'scan.pdf',
      content: Buffer.from('Just some typed notes, not a PDF.'),
    });
    assert.equal(textAsPdf.statusCode, 400);
    assert.equal(
      textAsPdf.json().message,
      'scan.pdf is not a real PDF file: its content looks like plain text.',
    );
    const exeAsText = await upload(server, tokens['dr.patel']!, patients.ashworth!, {
      filename: 'notes.txt',
      content: fakeExecutable(),
    });
    assert.equal(exeAsText.statusCode, 400);
    assert.equal(
      exeAsText.json().message,
      'notes.txt is not a real text file: its content looks like a file of type EXE.',
    );
    const nulsAsText = await upload(server, tokens['dr.patel']!, patients.ashworth!, {
      filename: 'data.txt',
      content: Buffer.from([0x41, 0x42, 0x00, 0x43, 0x00, 0x00, 0x44]),
    });
    assert.equal(nulsAsText.statusCode, 400);
    assert.equal(
      nulsAsText.json().message,
      'data.txt is not a real text file: its content looks like binary data of an unknown kind.',
    );
    assert.deepEqual(await storedFiles(server), before);
    assert.equal(await documentRows(server, patients.ashworth!), rowsBefore);
  });

  it('refuses an unsupported extension before reading the file', async () => {
    const response = await upload(server, tokens['dr.patel']!, patients.ashworth!, {
      filename: 'installer.exe',
      content: fakeExecutable(),
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, 'File type .exe is not supported. Use PDF, DOCX, DOC or TXT.');
  });

  it('refuses the same content twice for a patient, naming the first upload and its date', async () => {
    const content = Buffer.from('Discharge summary: the claimant was discharged on day three.');
    const first = await uploadAndProcess(server, tokens['dr.patel']!, patients.ashworth!, {
      filename: 'discharge.txt',
      content,
    });
    assert.equal(first.status, 'completed');
    const before = await storedFiles(server);
    const again = await upload(server, tokens['dr.patel']!, patients.ashworth!, {
      filename: 'discharge-copy.txt',
      content,
    });
    assert.equal(again.statusCode, 409);
    assert.equal(
      again.json().message,
      `discharge-copy.txt is already in this patient\u2019s records (uploaded as discharge.txt on ${formatEnGbDate(first.created_at)})`,
    );
    assert.deepEqual(await storedFiles(server), before);
    // Another patient may hold the same file.
    const elsewhere = await uploadAndProcess(server, tokens['dr.patel']!, patients.oneill!, {
      filename: 'discharge.txt',
      content,
    });
    assert.equal(elsewhere.status, 'completed');
  });

  it('wants patient_id before the file', async () => {
    const { body, contentType } = multipartBody([], {
      filename: 'a.txt',
      content: Buffer.from('hello there'),
    });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { authorization: `Bearer ${tokens['dr.patel']}`, 'content-type': contentType },
      payload: body,
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, 'Send the patient_id field before the file');
  });
});

describe('who may use a patient\u2019s documents', () => {
  it('refuses view-only and pagination-only patients and a Read Only user with 403', async () => {
    for (const key of ['raman', 'bennett']) {
      const list = await patel.get(`/api/documents/patient/${patients[key]}`);
      assert.equal(list.statusCode, 403, key);
      assert.equal(
        list.json().message,
        'Document tools are available only for patients you have full access to',
      );
      const sent = await upload(server, tokens['dr.patel']!, patients[key]!, {
        filename: 'x.txt',
        content: Buffer.from('some text'),
      });
      assert.equal(sent.statusCode, 403, key);
    }
    const { rows } = await server.app.ctx.db.query<{
      patient_id: number;
      details: { outcome: string; status: number };
    }>(`SELECT patient_id, details FROM audit_log WHERE action = 'document.upload' ORDER BY id DESC LIMIT 1`);
    assert.equal(rows[0]?.patient_id, patients.bennett);
    assert.deepEqual([rows[0]?.details.outcome, rows[0]?.details.status], ['refused', 403]);
    const readOnly = await viewer.get(`/api/documents/patient/${patients.whitfield}`);
    assert.equal(readOnly.statusCode, 403);
    assert.equal(readOnly.json().message, 'Your access level does not allow working with patient documents');
  });

  it('lets an Administrator work on a patient whom others see as view-only', async () => {
    assert.equal((await admin.get(`/api/documents/patient/${patients.raman}`)).statusCode, 200);
  });

  it('answers 404 for another group\u2019s patient and for a key of another patient or group', async () => {
    assert.equal((await okafor.get(`/api/documents/patient/${patients.whitfield}`)).statusCode, 404);
    const job = await uploadAndProcess(server, tokens['dr.okafor']!, patients.doherty!, {
      filename: 'riverside.txt',
      content: Buffer.from('Riverside group letter.'),
    });
    assert.equal(job.status, 'completed');
    const riversideKey = (await listOf(okafor, patients.doherty!)).documents[0]!.s3_key;
    const whitfieldKey = (await listOf(patel, patients.whitfield!)).documents[0]!.s3_key;
    for (const url of [
      `/api/documents/download/${patients.whitfield}/${riversideKey}`,
      `/api/documents/download/${patients.oneill}/${whitfieldKey}`,
      `/api/documents/download/${patients.whitfield}/${'A'.repeat(43)}`,
    ]) {
      const response = await patel.get(url);
      assert.equal(response.statusCode, 404, url);
      assert.equal(response.json().message, 'Document not found');
    }
    const crossDelete = await server.app.inject({
      method: 'DELETE',
      url: `/api/documents/delete/${patients.whitfield}`,
      headers: { authorization: `Bearer ${tokens['dr.patel']}` },
      payload: { s3_key: riversideKey },
    });
    assert.equal(crossDelete.statusCode, 404);
    assert.equal((await listOf(okafor, patients.doherty!)).total_documents, 1);
  });

  it('refuses a key that is not a storage key by its shape', async () => {
    const response = await patel.get(`/api/documents/download/${patients.whitfield}/..%2F..%2Fetc%2Fpasswd`);
    assert.equal(response.statusCode, 400);
  });
});

describe('list, download, delete, rebuild and file list', () => {
  let patientId: number;
  const files = {
    'mri-report.pdf': () => buildPdf(PAGE_TEXTS),
    'gp-notes.txt': async () => Buffer.from(`${'Knee pain noted. '.repeat(200)}\fFollow-up in six weeks.`),
  };

  const uploaded = new Map<string, Buffer>();

  before(async () => {
    patientId = patients.kowalski!;
    for (const [filename, build] of Object.entries(files)) {
      const content = await build();
      uploaded.set(filename, content);
      const job = await uploadAndProcess(server, tokens['dr.patel']!, patientId, { filename, content });
      assert.equal(job.status, 'completed', job.error_message ?? '');
    }
  });

  it('lists the documents with totals and the number of indexed passages', async () => {
    const list = await listOf(patel, patientId);
    assert.equal(list.total_documents, 2);
    assert.deepEqual(list.documents.map((document) => document.filename).sort(), Object.keys(files).sort());
    const bytes = list.documents.reduce((sum, document) => sum + document.size_bytes, 0);
    assert.equal(list.total_size_mb, Math.round((bytes / 1024 / 1024) * 100) / 100);
    assert.equal(
      list.vector_count,
      list.documents.reduce((sum, document) => sum + document.chunk_count, 0),
    );
    // 600 words on page 1 of the notes: overlapping chunks of 250 words; page 2 gets its own chunk.
    const notes = await chunksOf(server, 'gp-notes.txt', patientId);
    assert.deepEqual(
      notes.map((chunk) => [chunk.page, chunk.text.split(' ').length]),
      [
        [1, 250],
        [1, 250],
        [1, 200],
        [2, 4],
      ],
    );
  });

  it('gives a signed link on the API\u2019s origin that downloads the same bytes, and audits it', async () => {
    const content = uploaded.get('mri-report.pdf')!;
    const document = (await listOf(patel, patientId)).documents.find(
      (entry) => entry.filename === 'mri-report.pdf',
    )!;
    const link = await patel.get(`/api/documents/download/${patientId}/${document.s3_key}`);
    assert.equal(link.statusCode, 200, link.body);
    const { download_url: url, filename } = link.json();
    assert.equal(filename, 'mri-report.pdf');
    const parsed = new URL(url);
    assert.equal(parsed.origin, 'http://localhost');
    assert.match(parsed.pathname, /^\/api\/files\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const download = await server.app.inject({ method: 'GET', url: parsed.pathname });
    assert.equal(download.statusCode, 200);
    assert.equal(download.headers['content-type'], 'application/pdf');
    assert.equal(download.headers['x-content-type-options'], 'nosniff');
    assert.equal(
      download.headers['content-disposition'],
      `attachment; filename="mri-report.pdf"; filename*=UTF-8''mri-report.pdf`,
    );
    assert.ok(download.rawPayload.equals(content));
    const { rows } = await server.app.ctx.db.query<{
      user_id: number;
      patient_id: number;
      details: { filename: string };
    }>(
      `SELECT user_id, patient_id, details FROM audit_log WHERE action = 'document.download' ORDER BY id DESC LIMIT 1`,
    );
    const patelId = (
      await server.app.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'dr.patel'`)
    ).rows[0]!.id;
    assert.equal(rows[0]?.user_id, patelId);
    assert.equal(rows[0]?.patient_id, patientId);
    assert.equal(rows[0]?.details.filename, 'mri-report.pdf');
  });

  it('refuses a tampered link (403) and an expired one (410)', async () => {
    const document = (await listOf(patel, patientId)).documents[0]!;
    const link = (await patel.get(`/api/documents/download/${patientId}/${document.s3_key}`)).json();
    const pathname = new URL(link.download_url).pathname;
    const [payload, signature] = pathname.slice('/api/files/'.length).split('.');
    // Another user id in the payload, with the signature of the original.
    const forged = Buffer.from(payload!, 'base64url');
    forged.writeUInt32BE(forged.readUInt32BE(32) + 1, 32);
    const tampered = await server.app.inject({
      method: 'GET',
      url: `/api/files/${forged.toString('base64url')}.${signature}`,
    });
    assert.equal(tampered.statusCode, 403);
    assert.equal(
      tampered.json().message,
      'This download link is not valid. Request a new one from the documents page.',
    );
    server.clock.advance(5 * 60 * 1000 + 1000);
    const expired = await server.app.inject({ method: 'GET', url: pathname });
    assert.equal(expired.statusCode, 410);
    assert.equal(
      expired.json().message,
      'This download link has expired. Request a new one from the documents page.',
    );
  });

  it('writes the file list as patient_{id}_document_list.txt and links to it', async () => {
    const names = ['mri-report.pdf', 'gp-notes.txt'];
    const response = await patel.post(`/api/documents/patient/${patientId}/generate-file-list`, {
      file_list: names,
    });
    assert.equal(response.statusCode, 200, response.body);
    const { download_url: url, filename } = response.json();
    assert.equal(filename, `patient_${patientId}_document_list.txt`);
    const download = await server.app.inject({ method: 'GET', url: new URL(url).pathname });
    assert.equal(download.statusCode, 200);
    assert.equal(download.headers['content-type'], 'text/plain; charset=utf-8');
    assert.match(download.body, /^Documents of Daniel Kowalski \(MRN DEMO-1006\)/);
    assert.match(download.body, /\n1\. mri-report\.pdf\n2\. gp-notes\.txt\n/);
    const empty = await patel.post(`/api/documents/patient/${patientId}/generate-file-list`, {
      file_list: [],
    });
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().message, 'No documents available to download');
  });

  it('rebuilds the index as a job that re-reads every stored file without duplicating passages', async () => {
    const before = await listOf(patel, patientId);
    const response = await patel.post(`/api/documents/patient/${patientId}/rebuild-vectors`);
    assert.equal(response.statusCode, 202, response.body);
    const answer = response.json();
    assert.equal(answer.success, true);
    const job = await waitFor(() => server.app.ctx.jobs.get(answer.job_id), finished, 'rebuild job');
    assert.equal(job?.status, 'completed', job?.error_message ?? '');
    assert.equal(job?.job_type, 'vector_rebuild');
    assert.equal(job?.output_data?.processing_result?.chunks_created, before.vector_count);
    assert.equal((await listOf(patel, patientId)).vector_count, before.vector_count);
  });

  it('deletes a document with its passages and its file, and says the index was updated in place', async () => {
    const before = await listOf(patel, patientId);
    const document = before.documents.find((entry) => entry.filename === 'gp-notes.txt')!;
    assert.ok((await storedFiles(server)).includes(document.s3_key));
    const response = await server.app.inject({
      method: 'DELETE',
      url: `/api/documents/delete/${patientId}`,
      headers: { authorization: `Bearer ${tokens['dr.patel']}` },
      payload: { s3_key: document.s3_key },
    });
    assert.equal(response.statusCode, 200, response.body);
    const remaining = before.vector_count - document.chunk_count;
    assert.deepEqual(response.json(), {
      success: true,
      message: 'gp-notes.txt was deleted',
      auto_rebuild: {
        performed: true,
        success: true,
        vectors_rebuilt: remaining,
        repositories_processed: 1,
        message: `The search index was updated in place: the document\u2019s passages were removed and ${remaining} remain.`,
      },
      repositories_deleted: 1,
    });
    const after = await listOf(patel, patientId);
    assert.equal(after.total_documents, 1);
    assert.equal(after.vector_count, remaining);
    assert.ok(!(await storedFiles(server)).includes(document.s3_key));
    const { rows } = await server.app.ctx.db.query<{ patient_id: number }>(
      `SELECT patient_id FROM audit_log WHERE action = 'document.delete' ORDER BY id DESC LIMIT 1`,
    );
    assert.equal(rows[0]?.patient_id, patientId);
  });
});

describe('Delete all patient data', () => {
  it('removes the patient\u2019s documents, passages and stored files', async () => {
    const patientId = patients.oneill!;
    const keys = (await listOf(patel, patientId)).documents.map((document) => document.s3_key);
    assert.ok(keys.length > 0);
    const response = await patel.delete(`/api/patients/${patientId}/delete-all-data`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().deleted.documents, keys.length);
    assert.ok(response.json().deleted.vectors > 0);
    const list = await listOf(patel, patientId);
    assert.equal(list.total_documents, 0);
    assert.equal(list.vector_count, 0);
    await waitFor(
      () => storedFiles(server),
      (stored) => keys.every((key) => !stored.includes(key)),
      'the purged files to be removed',
    );
  });
});

describe('page ranges in messages', () => {
  it('writes consecutive pages as ranges', () => {
    assert.equal(formatPageRanges([7, 3, 4, 5, 6, 9, 1]), '1, 3\u20137, 9');
    assert.equal(
      describePagesWithoutText([3, 4, 5, 6, 7]),
      'pages 3\u20137 have no text layer: not searchable',
    );
    assert.equal(describePagesWithoutText([]), null);
  });
});

describe('without LibreOffice, with a small upload limit', () => {
  let small: TestServer;
  let token: string;
  let patientId: number;

  before(async () => {
    small = await createTestServer({
      ...JOB_ENV,
      LIBREOFFICE_PATH: 'off',
      DOCUMENT_MAX_BYTES: String(64 * 1024),
    });
    token = await signIn(small, 'dr.patel');
    patientId = await patientIdByMrn(small, 'DEMO-1001');
  });
  after(() => small.close());

  it('takes the pages of a DOCX from its page breaks, and a DOC as one page', async () => {
    const docx = await uploadAndProcess(small, token, patientId, {
      filename: 'clinic-letter.docx',
      content: await buildDocx(PAGE_TEXTS),
    });
    assert.equal(docx.status, 'completed', docx.error_message ?? '');
    assert.equal(resultOf(docx)?.page_source, 'docx-page-breaks');
    assert.deepEqual(
      (await chunksOf(small, 'clinic-letter.docx', patientId)).map((chunk) => [chunk.page, chunk.text]),
      PAGE_TEXTS.map((text, index) => [index + 1, text]),
    );
    const doc = await uploadAndProcess(small, token, patientId, {
      filename: 'witness-statement.doc',
      content: await readDocFixture(),
    });
    assert.equal(doc.status, 'completed', doc.error_message ?? '');
    assert.equal(resultOf(doc)?.page_source, 'doc-without-pages');
    const chunks = await chunksOf(small, 'witness-statement.doc', patientId);
    assert.deepEqual(
      chunks.map((chunk) => chunk.page),
      [1],
    );
    for (const text of DOC_PAGE_TEXTS) assert.ok(chunks[0]!.text.includes(text), text);
  });

  it('refuses an upload whose declared size is over the limit with 413, before reading it', async () => {
    const before = await storedFiles(small);
    const response = await upload(small, token, patientId, {
      filename: 'huge.txt',
      content: Buffer.alloc(200 * 1024, 'a'),
    });
    assert.equal(response.statusCode, 413);
    assert.equal(response.json().message, 'File is larger than 64 KB');
    assert.deepEqual(await storedFiles(small), before);
  });

  it('refuses with 413 an upload without a declared size that turns out too large, keeping nothing', async () => {
    const before = await storedFiles(small);
    const rowsBefore = await documentRows(small, patientId);
    const { body, contentType } = multipartBody([['patient_id', String(patientId)]], {
      filename: 'streamed.txt',
      content: Buffer.alloc(100 * 1024, 'b'),
    });
    const response = await small.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      // A stream has no Content-Length: the limit is found while the file is read.
      payload: Readable.from([body.subarray(0, 50_000), body.subarray(50_000)]),
    });
    assert.equal(response.statusCode, 413);
    assert.equal(response.json().message, 'File is larger than 64 KB');
    assert.deepEqual(await storedFiles(small), before);
    assert.equal(await documentRows(small, patientId), rowsBefore);
  });
});
