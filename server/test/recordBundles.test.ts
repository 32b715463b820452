import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { BundleStateResponse, Job } from '@ewrt/contract';
import { findDocumentDate } from '../src/features/bundles/findDocumentDate.js';
import { newStorageKey } from '../src/platform/files/FileStore.js';
import { buildDocx, buildPdf } from './fixtures/buildDocumentFixtures.js';
import { finished, storedFiles, uploadAndProcess, waitFor } from './support/documentUploads.js';
import {
  asUser,
  createTestServer,
  patientIdByMrn,
  signIn,
  testConfig,
  type TestServer,
} from './support/testServer.js';

const runFile = promisify(execFile);

describe('findDocumentDate', () => {
  it('reads numeric dates day first, as UK records write them', () => {
    assert.equal(findDocumentDate('Clinic letter 03/04/2023'), '2023-04-03');
    assert.equal(findDocumentDate('Seen on 3.4.2023 in clinic'), '2023-04-03');
    assert.equal(findDocumentDate('Ref 12-11-2019'), '2019-11-12');
    assert.equal(findDocumentDate('Date: 13/01/2022'), '2022-01-13');
  });

  it('reads ISO dates and dates with the month written out', () => {
    assert.equal(findDocumentDate('Exported 2023-04-03T10:00'), '2023-04-03');
    assert.equal(findDocumentDate('Dear Dr Patel, on the 3rd April 2023 I saw'), '2023-04-03');
    assert.equal(findDocumentDate('Clinic: 3 Apr 23, follow-up'), '2023-04-03');
    assert.equal(findDocumentDate('Seen 21st of September, 2020'), '2020-09-21');
    assert.equal(findDocumentDate('Summary for April 2023'), '2023-04-01');
  });

  it('passes over a date of birth and a printed-on date', () => {
    assert.equal(findDocumentDate('Patient DOB: 01/02/1970\nLetter 05/06/2022'), '2022-06-05');
    assert.equal(findDocumentDate('D.O.B. 1 Feb 1970. Reviewed 7 March 2021'), '2021-03-07');
    assert.equal(findDocumentDate('Date of birth 01/02/1970, seen 02/03/2021'), '2021-03-02');
    assert.equal(findDocumentDate('born 12 May 1980; admitted 14/05/2019'), '2019-05-14');
    assert.equal(findDocumentDate('Printed on 30/06/2024 10:32\nDischarge 01/05/2024'), '2024-05-01');
  });

  it('takes the first date, skips impossible ones and finds none in plain text', () => {
    assert.equal(findDocumentDate('31/02/2023 then 01/03/2023 then 02/03/2023'), '2023-03-01');
    assert.equal(findDocumentDate('No date in this text, version 1.2 and 10:30'), null);
    assert.equal(findDocumentDate(''), null);
  });

  it('puts a two-digit year in this century unless that is in the future', () => {
    assert.equal(findDocumentDate('Seen 04/05/19', 2026), '2019-05-04');
    assert.equal(findDocumentDate('Seen 04/05/98', 2026), '1998-05-04');
  });
});

const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };
/** LibreOffice as the server would find it on this machine's PATH (the test server's own env has no PATH). */
const libreOffice = testConfig(tmpdir(), { PATH: process.env.PATH }).libreOfficeCommand;
const withoutLibreOffice = libreOffice === null && 'LibreOffice (soffice) is not installed';

/** A text file whose second page (after a form feed) is too long for one A4 sheet. */
const TEXT_REPORT = [
  'Physiotherapy report of 3rd March 2021.\nThe claimant attended six sessions.',
  Array.from({ length: 80 }, (_, line) => `Session note line ${line + 1}: exercises reviewed.`).join('\n'),
].join('\f');
const PDF_PAGES = [
  'Patient DOB: 01/02/1970. Orthopaedic clinic letter dated 03/04/2023: right knee pain.',
  'Second page of the clinic letter: MRI booked.',
];

let server: TestServer;
let patel: ReturnType<typeof asUser>;
let admin: ReturnType<typeof asUser>;
let okafor: ReturnType<typeof asUser>;
let viewer: ReturnType<typeof asUser>;
const patients: Record<string, number> = {};
let workDir: string;
let patelToken: string;

async function state(client: ReturnType<typeof asUser>, patientId: number): Promise<BundleStateResponse> {
  const response = await client.get(`/api/patients/${patientId}/bundle`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

async function generate(client: ReturnType<typeof asUser>, patientId: number): Promise<Job> {
  const response = await client.post(`/api/patients/${patientId}/bundle`);
  assert.equal(response.statusCode, 202, response.body);
  const { job_id: jobId, message } = response.json();
  assert.equal(message, 'The bundle is being generated in the background');
  return (await waitFor(() => server.app.ctx.jobs.get(jobId), finished, `bundle job ${jobId}`))!;
}

/** Downloads the bundle through its signed link and answers the saved file's path and the response. */
async function downloadBundle(client: ReturnType<typeof asUser>, patientId: number, name: string) {
  const link = await client.get(`/api/patients/${patientId}/bundle/download`);
  assert.equal(link.statusCode, 200, link.body);
  const { download_url: url, filename } = link.json();
  const file = await server.app.inject({ method: 'GET', url: new URL(url).pathname });
  assert.equal(file.statusCode, 200, file.body);
  assert.equal(file.headers['content-type'], 'application/pdf');
  const filePath = path.join(workDir, name);
  await writeFile(filePath, file.rawPayload);
  return { filePath, filename: filename as string, disposition: String(file.headers['content-disposition']) };
}

async function pageCountOf(filePath: string): Promise<number> {
  const { stdout } = await runFile('pdfinfo', [filePath]);
  return Number(/Pages:\s+(\d+)/.exec(stdout)?.[1]);
}

async function pageText(filePath: string, page: number): Promise<string> {
  const { stdout } = await runFile('pdftotext', [
    '-layout',
    '-f',
    String(page),
    '-l',
    String(page),
    filePath,
    '-',
  ]);
  return stdout;
}

before(async () => {
  server = await createTestServer({ ...JOB_ENV, LIBREOFFICE_PATH: libreOffice ?? 'off' });
  workDir = await mkdtemp(path.join(tmpdir(), 'ewrt-bundle-test-'));
  const tokens: Record<string, string> = {};
  for (const username of ['dr.patel', 'admin', 'dr.okafor', 'r.viewer'])
    tokens[username] = await signIn(server, username);
  patelToken = tokens['dr.patel']!;
  patel = asUser(server, patelToken);
  admin = asUser(server, tokens.admin!);
  okafor = asUser(server, tokens['dr.okafor']!);
  viewer = asUser(server, tokens['r.viewer']!);
  for (const [key, mrn] of Object.entries({
    whitfield: 'DEMO-1001',
    bennett: 'DEMO-1002',
    raman: 'DEMO-1003',
    ashworth: 'DEMO-1004',
  }))
    patients[key] = await patientIdByMrn(server, mrn);
  for (const file of [
    { filename: 'clinic-letter.pdf', content: await buildPdf(PDF_PAGES) },
    { filename: 'physio-report.txt', content: Buffer.from(TEXT_REPORT, 'utf8') },
  ]) {
    const job = await uploadAndProcess(server, tokens['dr.patel']!, patients.whitfield!, file);
    assert.equal(job.status, 'completed', job.error_message ?? '');
  }
  const bennettJob = await uploadAndProcess(server, tokens.admin!, patients.bennett!, {
    filename: 'bennett-notes.txt',
    content: Buffer.from('GP notes of 12/01/2022: back pain.', 'utf8'),
  });
  assert.equal(bennettJob.status, 'completed', bennettJob.error_message ?? '');
});
after(async () => {
  await server.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('record bundle of a patient', () => {
  it('orders the processed documents by the date found on their first page, skipping the date of birth', async () => {
    const answer = await state(patel, patients.whitfield!);
    assert.deepEqual(
      answer.documents.map((document) => [document.position, document.filename, document.document_date]),
      [
        [1, 'physio-report.txt', '2021-03-03'],
        [2, 'clinic-letter.pdf', '2023-04-03'],
      ],
    );
    assert.equal(answer.order_saved, false);
    assert.equal(answer.bundle, null);
    assert.equal(answer.active_job, null);
  });

  it('produces one PDF: index page, every document, every page stamped "Page N"', async () => {
    const job = await generate(patel, patients.whitfield!);
    assert.equal(job.status, 'completed', job.error_message ?? '');
    assert.equal(job.job_type, 'record_bundle');
    const answer = await state(patel, patients.whitfield!);
    const bundle = answer.bundle!;
    assert.equal(bundle.status, 'completed');
    assert.equal(bundle.job_id, job.id);
    assert.equal(bundle.out_of_date, false);
    // 1 index page, the text file's two pages on 3 sheets (its second page overflows), the PDF's 2 pages.
    assert.equal(bundle.index_pages, 1);
    assert.equal(bundle.page_count, 6);
    assert.deepEqual(
      bundle.entries.map((entry) => [entry.filename, entry.document_date, entry.first_page, entry.last_page]),
      [
        ['physio-report.txt', '2021-03-03', 2, 4],
        ['clinic-letter.pdf', '2023-04-03', 5, 6],
      ],
    );
    assert.match(bundle.filename, /^Whitfield_[A-Za-z-]+_bundle_\d{4}-\d{2}-\d{2}\.pdf$/);

    const { filePath, filename, disposition } = await downloadBundle(patel, patients.whitfield!, 'first.pdf');
    assert.equal(filename, bundle.filename);
    assert.ok(disposition.includes(bundle.filename), disposition);
    assert.equal(await pageCountOf(filePath), 6);
    const index = await pageText(filePath, 1);
    assert.match(index, /Record bundle/);
    assert.match(index, /Whitfield/);
    assert.match(index, /MRN: DEMO-1001/);
    // Each document named by its kind as its opening says, its file name under it.
    assert.match(index, /1\.\s+physiotherapy report\s+03\/03\/2021\s+2\u20134\n\s+physio-report\.txt/);
    assert.match(index, /2\.\s+clinic letter\s+03\/04\/2023\s+5\u20136\n\s+clinic-letter\.pdf/);
    for (let page = 1; page <= 6; page += 1) {
      assert.match(
        await pageText(filePath, page),
        new RegExp(`\\bPage ${page}\\b`),
        `page ${page} is stamped`,
      );
    }
    assert.match(await pageText(filePath, 2), /Physiotherapy report of 3rd March 2021/);
    assert.match(await pageText(filePath, 4), /Session note line 80/);
    assert.match(await pageText(filePath, 5), /Orthopaedic clinic letter/);
    assert.match(await pageText(filePath, 6), /MRI booked/);

    // Citations read the bundle page of each document page from here.
    const { rows } = await server.app.ctx.db.query<{ filename: string; page_map: number[] }>(
      `SELECT filename, page_map FROM record_bundle_documents WHERE bundle_id = $1 ORDER BY position`,
      [bundle.id],
    );
    assert.deepEqual(
      rows.map((row) => [row.filename, row.page_map.map(Number)]),
      [
        ['physio-report.txt', [2, 3]],
        ['clinic-letter.pdf', [5, 6]],
      ],
    );
  });

  it('keeps a saved order, marks the bundle out of date, and replaces the bundle when generated again', async () => {
    const before = await state(patel, patients.whitfield!);
    const previousKey = (
      await server.app.ctx.db.query<{ storage_key: string }>(
        `SELECT storage_key FROM record_bundles WHERE id = $1`,
        [before.bundle!.id],
      )
    ).rows[0]!.storage_key;
    const reversed = [...before.documents].reverse().map((document) => document.s3_key);
    const saved = await patel.put(`/api/patients/${patients.whitfield}/bundle/order`, { s3_keys: reversed });
    assert.equal(saved.statusCode, 200, saved.body);
    const answer: BundleStateResponse = saved.json();
    assert.equal(answer.order_saved, true);
    assert.deepEqual(
      answer.documents.map((document) => document.filename),
      ['clinic-letter.pdf', 'physio-report.txt'],
    );
    assert.equal(answer.bundle?.out_of_date, true);
    assert.deepEqual(
      (await state(patel, patients.whitfield!)).documents.map((document) => document.s3_key),
      reversed,
    );

    const job = await generate(patel, patients.whitfield!);
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const after = await state(patel, patients.whitfield!);
    assert.equal(after.bundle?.out_of_date, false);
    assert.deepEqual(
      after.bundle?.entries.map((entry) => [entry.filename, entry.first_page, entry.last_page]),
      [
        ['clinic-letter.pdf', 2, 3],
        ['physio-report.txt', 4, 6],
      ],
    );
    assert.ok(!(await storedFiles(server)).includes(previousKey), 'the previous bundle file is removed');
    const { filePath } = await downloadBundle(patel, patients.whitfield!, 'second.pdf');
    assert.match(
      await pageText(filePath, 1),
      /1\.\s+clinic letter\s+03\/04\/2023\s+2\u20133\n\s+clinic-letter\.pdf/,
    );
    assert.match(await pageText(filePath, 2), /Orthopaedic clinic letter[\s\S]*Page 2/);
  });

  it('refuses an order that does not name every processed document exactly once', async () => {
    const { documents } = await state(patel, patients.whitfield!);
    const [first, second] = documents.map((document) => document.s3_key);
    const url = `/api/patients/${patients.whitfield}/bundle/order`;
    const missing = await patel.put(url, { s3_keys: [first] });
    assert.equal(missing.statusCode, 400);
    assert.match(
      missing.json().message,
      /^The order must name every processed document of this patient exactly once: .+ missing\.$/,
    );
    const repeated = await patel.put(url, { s3_keys: [first, second, first] });
    assert.equal(repeated.statusCode, 400);
    assert.match(repeated.json().message, /named more than once/);
    const unknown = await patel.put(url, { s3_keys: [first, second, newStorageKey()] });
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.json().message, /1 key is not among its processed documents/);
    assert.deepEqual(
      (await state(patel, patients.whitfield!)).documents.map((document) => document.s3_key),
      [first, second],
      'a refused order changes nothing',
    );
  });

  it('runs one bundle job at a time per patient', async () => {
    const first = await patel.post(`/api/patients/${patients.whitfield}/bundle`);
    assert.equal(first.statusCode, 202, first.body);
    const jobId = first.json().job_id as number;
    const second = await patel.post(`/api/patients/${patients.whitfield}/bundle`);
    assert.equal(second.statusCode, 409);
    assert.match(second.json().message, new RegExp(`\\(job ${jobId}\\)`));
    const during = await state(patel, patients.whitfield!);
    assert.equal(during.active_job?.id, jobId);
    assert.equal(
      during.bundle?.status,
      'completed',
      'the previous bundle stays current while the next is made',
    );
    const done = await waitFor(() => server.app.ctx.jobs.get(jobId), finished, 'bundle job');
    assert.equal(done?.status, 'completed', done?.error_message ?? '');
  });
});

describe('Word documents in a bundle', () => {
  it('takes a DOCX\u2019s pages from LibreOffice, each stamped', { skip: withoutLibreOffice }, async () => {
    const patientId = patients.ashworth!;
    const upload = await uploadAndProcess(server, patelToken, patientId, {
      filename: 'witness-statement.docx',
      content: await buildDocx([
        'Witness statement signed on 14 July 2022.',
        'Second page of the statement.',
      ]),
    });
    assert.equal(upload.status, 'completed', upload.error_message ?? '');
    const job = await generate(patel, patientId);
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const bundle = (await state(patel, patientId)).bundle!;
    assert.deepEqual(
      bundle.entries.map((entry) => [entry.filename, entry.document_date, entry.first_page, entry.last_page]),
      [['witness-statement.docx', '2022-07-14', 2, 3]],
    );
    const { filePath } = await downloadBundle(patel, patientId, 'docx.pdf');
    assert.equal(await pageCountOf(filePath), 3);
    assert.match(await pageText(filePath, 2), /Witness statement signed on 14 July 2022[\s\S]*Page 2/);
    assert.match(await pageText(filePath, 3), /Second page of the statement[\s\S]*Page 3/);
  });
});

describe('who may make a bundle', () => {
  it('allows a pagination-only patient', async () => {
    const answer = await state(patel, patients.bennett!);
    assert.deepEqual(
      answer.documents.map((document) => [document.filename, document.document_date]),
      [['bennett-notes.txt', '2022-01-12']],
    );
    const job = await generate(patel, patients.bennett!);
    assert.equal(job.status, 'completed', job.error_message ?? '');
    assert.equal((await state(patel, patients.bennett!)).bundle?.page_count, 2);
  });

  it('refuses a view-only patient with 403', async () => {
    for (const response of [
      await patel.get(`/api/patients/${patients.raman}/bundle`),
      await patel.post(`/api/patients/${patients.raman}/bundle`),
      await patel.get(`/api/patients/${patients.raman}/bundle/download`),
    ]) {
      assert.equal(response.statusCode, 403);
      assert.equal(
        response.json().message,
        'Pagination is available only for patients you have full or pagination access to',
      );
    }
  });

  it('answers 404 for another group\u2019s patient and 403 for a level without documents', async () => {
    const otherGroup = await okafor.get(`/api/patients/${patients.whitfield}/bundle`);
    assert.equal(otherGroup.statusCode, 404);
    const noFeature = await viewer.get(`/api/patients/${patients.whitfield}/bundle`);
    assert.equal(noFeature.statusCode, 403);
    assert.equal(noFeature.json().message, 'Your access level does not allow working with patient documents');
  });

  it('answers 404 for a download before any bundle was made', async () => {
    const raman = await admin.get(`/api/patients/${patients.raman}/bundle/download`);
    assert.equal(raman.statusCode, 404);
    assert.equal(raman.json().message, 'No bundle has been generated for this patient yet');
  });
});

describe('deleting all patient data', () => {
  it('removes the patient\u2019s bundles, their files and the saved order', async () => {
    const keys = (
      await server.app.ctx.db.query<{ storage_key: string }>(
        `SELECT storage_key FROM record_bundles WHERE patient_id = $1 AND storage_key IS NOT NULL`,
        [patients.bennett],
      )
    ).rows.map((row) => row.storage_key);
    assert.equal(keys.length, 1);
    const response = await admin.delete(`/api/patients/${patients.bennett}/delete-all-data`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().deleted.bundles, 1);
    await waitFor(
      () => storedFiles(server),
      (files) => !files.includes(keys[0]!),
      'the bundle file to be removed',
    );
    const after = await state(admin, patients.bennett!);
    assert.deepEqual(after, {
      documents: [],
      order_saved: false,
      omitted_duplicates: [],
      bundle: null,
      active_job: null,
    });
  });
});
