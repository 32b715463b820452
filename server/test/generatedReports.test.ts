// The generated (draft) reports calls over documents the writer stored: the list, the signed download, deletion,
// who may use them, and "Delete all patient data".
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { GeneratedDocumentsResponse } from '@ewrt/contract';
import { createDraftReportWriter } from '../src/features/generated-reports/createDraftReportWriter.js';
import type { WrittenDraftReport } from '../src/features/generated-reports/DraftReportWriter.js';
import { waitFor } from './support/documentUploads.js';
import { draftReportInput, draftReportJobFor } from './support/draftReportInputs.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

let server: TestServer;
let patel: ReturnType<typeof asUser>;
let patientId: number;
let otherPatientId: number;
let older: WrittenDraftReport;
let newer: WrittenDraftReport;

const listUrl = (id: number) => `/api/documents/gai/${id}`;
const downloadUrl = (id: number, key: string) =>
  `/api/documents/gai/download/${id}/${encodeURIComponent(key)}`;
const deleteUrl = (id: number, key: string) => `/api/documents/gai/delete/${id}/${encodeURIComponent(key)}`;

async function storedBytes(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await server.app.ctx.files.open(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function list(id = patientId): Promise<GeneratedDocumentsResponse> {
  const response = await patel.get(listUrl(id));
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

describe('generated reports', () => {
  before(async () => {
    server = await createTestServer();
    patel = asUser(server, await signIn(server, 'dr.patel'));
    patientId = await patientIdByMrn(server, 'DEMO-1001');
    otherPatientId = await patientIdByMrn(server, 'DEMO-1004');
    const writer = createDraftReportWriter({
      db: server.app.ctx.db,
      clock: server.clock.now,
      files: server.app.ctx.files,
    });
    const signal = new AbortController().signal;
    older = await writer.write(
      draftReportInput(await draftReportJobFor(server, 'DEMO-1001', 'dr.patel')),
      signal,
    );
    server.clock.advance(60_000);
    newer = await writer.write(
      draftReportInput(await draftReportJobFor(server, 'DEMO-1001', 'groupadmin'), {
        reportType: 'Psychiatric Report',
      }),
      signal,
    );
  });
  after(() => server.close());

  it('lists the patient\u2019s documents newest first, with their totals, type and author', async () => {
    const answer = await list();
    assert.equal(answer.success, true);
    assert.deepEqual(
      answer.documents.map((document) => [document.s3_key, document.report_type, document.created_by]),
      [
        [newer.s3_key, 'Psychiatric Report', 'Dr Grace Lead'],
        [older.s3_key, 'Orthopaedic Report', 'Dr Asha Patel'],
      ],
    );
    const [first] = answer.documents;
    assert.equal(first!.filename, newer.filename);
    assert.equal(first!.size_bytes, newer.size_bytes);
    assert.equal(first!.format, 'DOCX');
    assert.match(first!.filename, /^Whitfield_Eleanor_DraftReport_\d{4}-\d{2}-\d{2}_\d+\.docx$/);
    assert.ok(first!.job_id !== null && first!.filename.endsWith(`_${first!.job_id}.docx`));
    assert.ok(!Number.isNaN(Date.parse(first!.created_date)));
    assert.equal(answer.total_documents, 2);
    const megabytes = (older.size_bytes + newer.size_bytes) / (1024 * 1024);
    assert.equal(answer.total_size_mb, Math.round(megabytes * 100) / 100);
    assert.deepEqual(await list(otherPatientId), {
      success: true,
      documents: [],
      total_documents: 0,
      total_size_mb: 0,
    });
  });

  it('downloads a document through a signed link, with its name and the stored bytes', async () => {
    const response = await patel.get(downloadUrl(patientId, older.s3_key));
    assert.equal(response.statusCode, 200, response.body);
    const link = response.json();
    assert.equal(link.filename, older.filename);
    const file = await server.app.inject({ method: 'GET', url: new URL(link.download_url).pathname });
    assert.equal(file.statusCode, 200);
    assert.equal(
      file.headers['content-type'],
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    assert.match(
      String(file.headers['content-disposition']),
      new RegExp(older.filename.replace(/\./g, '\\.')),
    );
    assert.deepEqual(file.rawPayload, await storedBytes(older.s3_key));
  });

  it('answers 404 for another patient\u2019s document, refuses other groups, restricted access and users without the feature', async () => {
    assert.equal((await patel.get(downloadUrl(otherPatientId, older.s3_key))).statusCode, 404);
    assert.equal((await patel.delete(deleteUrl(otherPatientId, older.s3_key))).statusCode, 404);
    // Dr Patel sees Mr Bennett's record in the list only (pagination-only access): no patient tools.
    const bennett = await patientIdByMrn(server, 'DEMO-1002');
    assert.equal((await patel.get(listUrl(bennett))).statusCode, 403);
    const okafor = asUser(server, await signIn(server, 'dr.okafor'));
    for (const call of [
      okafor.get(listUrl(patientId)),
      okafor.get(downloadUrl(patientId, older.s3_key)),
      okafor.delete(deleteUrl(patientId, older.s3_key)),
    ]) {
      assert.equal((await call).statusCode, 404);
    }
    const reid = asUser(server, await signIn(server, 't.reid'));
    for (const call of [
      reid.get(listUrl(patientId)),
      reid.get(downloadUrl(patientId, older.s3_key)),
      reid.delete(deleteUrl(patientId, older.s3_key)),
    ]) {
      const response = await call;
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(response.json().message, 'Your access level does not include draft reports');
    }
    assert.equal((await list()).total_documents, 2, 'nothing was deleted');
    assert.notEqual(await server.app.ctx.files.size(older.s3_key), null);
  });

  it('deletes a document: its row and its file, and the audit log says so', async () => {
    const response = await patel.delete(deleteUrl(patientId, newer.s3_key));
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { message: 'Document deleted successfully' });
    assert.deepEqual(
      (await list()).documents.map((document) => document.s3_key),
      [older.s3_key],
    );
    assert.equal(await server.app.ctx.files.size(newer.s3_key), null);
    assert.equal((await patel.delete(deleteUrl(patientId, newer.s3_key))).statusCode, 404);
    const { rows } = await server.app.ctx.db.query<{ action: string; details: { filename?: string } }>(
      `SELECT action, details FROM audit_log WHERE patient_id = $1 AND action LIKE 'generated_report.%' ORDER BY id`,
      [patientId],
    );
    const deletion = rows.find((row) => row.action === 'generated_report.delete' && row.details.filename);
    assert.equal(deletion?.details.filename, newer.filename);
    for (const action of ['generated_report.list', 'generated_report.download_link']) {
      assert.ok(
        rows.some((row) => row.action === action),
        `${action} audited`,
      );
    }
  });

  it('is removed, files and all, with the rest of the patient\u2019s data', async () => {
    const response = await patel.delete(`/api/patients/${patientId}/delete-all-data`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().deleted.draft_reports, 1);
    assert.equal((await list()).total_documents, 0);
    await waitFor(
      () => server.app.ctx.files.size(older.s3_key),
      (size) => size === null,
      'the purged document\u2019s file to be removed',
    );
  });
});
