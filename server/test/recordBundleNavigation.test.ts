// The record bundle as a court expects it: scanned pages searchable through an invisible text layer, an outline
// naming every document by its description, index entries that link to their first pages, page labels that match
// the stamps; and the descriptions read from the documents or given by the expert.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { BundleStateResponse } from '@ewrt/contract';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from 'pdf-lib';
import { describeBundleDocument, descriptionText } from '../src/features/bundles/describeBundleDocument.js';
import { buildPdf } from './fixtures/buildDocumentFixtures.js';
import { finished, upload, waitFor } from './support/documentUploads.js';
import { buildScannedPdf } from './support/scannedPdf.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

const runFile = promisify(execFile);

const ENV = { PATH: process.env.PATH ?? '', JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };

const CLINIC_LETTER = [
  'Orthopaedic Department, Riverside Hospital',
  'Clinic date: 14/03/2023',
  'Dear Dr Patel,',
  'I saw Mrs Whitfield in the knee clinic today. Her right knee is still swollen.',
  'Yours sincerely,',
  'Mr P. Fletcher',
  'Consultant Orthopaedic Surgeon',
].join('\n');
/** Printed only on the scanned page: the bundle's text layer is the one place a reader can find it. */
const SCANNED_SENTENCE = 'The claimant should avoid kneeling and climbing ladders until reviewed.';
const FAX_LINES = ['Fracture clinic referral of 02/06/2023.', SCANNED_SENTENCE];
const EXPERT_DESCRIPTION = 'Telephone note of the claimant\u2019s call to the surgery';

const OCR_WAIT_MS = 300_000;

const normalised = (text: string) => text.replace(/\s+/g, ' ');

/** The document of a PDF (the outline's and links' targets are page objects: their place is their number). */
async function loadPdf(filePath: string) {
  const pdf = await PDFDocument.load(await readFile(filePath), { updateMetadata: false });
  const pageOf = (destination: PDFArray) => {
    const target = destination.get(0);
    return pdf.getPages().findIndex((page) => page.ref === target) + 1;
  };
  return { pdf, pageOf };
}

const textOf = (value: unknown) =>
  value instanceof PDFHexString || value instanceof PDFString ? value.decodeText() : String(value);

describe('naming a document for the index', () => {
  it('reads the signer and the kind of document from its opening, the file name when neither is found', () => {
    const read = describeBundleDocument(CLINIC_LETTER, 'Whitfield');
    assert.deepEqual(read, {
      author: 'Mr P. Fletcher, Consultant Orthopaedic Surgeon',
      type: 'clinic letter',
    });
    assert.equal(
      descriptionText(read, 'scan.pdf'),
      'Mr P. Fletcher, Consultant Orthopaedic Surgeon \u2014 clinic letter',
    );
    assert.equal(descriptionText(describeBundleDocument('12 3 4', null), 'scan.pdf'), 'scan.pdf');
    // The patient's own name is not the author.
    assert.equal(describeBundleDocument('Mrs Whitfield attended.', 'Whitfield').author, null);
  });
});

describe('a searchable, bookmarked and linked bundle', () => {
  let server: TestServer;
  let patel: ReturnType<typeof asUser>;
  let patientId: number;
  let workDir: string;
  let bundlePath: string;
  let answer: BundleStateResponse;

  before(async () => {
    server = await createTestServer(ENV);
    workDir = await mkdtemp(path.join(tmpdir(), 'ewrt-bundle-nav-'));
    const token = await signIn(server, 'dr.patel');
    patel = asUser(server, token);
    patientId = await patientIdByMrn(server, 'DEMO-1005');
    for (const file of [
      { filename: 'Orthopaedic_clinic_letter.pdf', content: await buildPdf([CLINIC_LETTER]) },
      { filename: 'fax-scan.pdf', content: await buildScannedPdf([{ lines: FAX_LINES }]) },
      { filename: 'note.txt', content: Buffer.from('Call logged 20/07/2023: knee pain on stairs.') },
    ]) {
      const response = await upload(server, token, patientId, file);
      assert.equal(response.statusCode, 202, response.body);
      // OCR on a shared, busy machine can take longer than the usual wait.
      const job = await waitFor(
        () => server.app.ctx.jobs.get(response.json().job_id),
        finished,
        `the job of ${file.filename}`,
        OCR_WAIT_MS,
      );
      assert.equal(job?.status, 'completed', job?.error_message ?? '');
    }
  });
  after(async () => {
    await server.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('describes each document from its own text, and keeps the description an expert gives', async () => {
    const read = (await patel.get(`/api/patients/${patientId}/bundle`)).json() as BundleStateResponse;
    const byName = new Map(read.documents.map((document) => [document.filename, document]));
    assert.deepEqual(
      [
        byName.get('Orthopaedic_clinic_letter.pdf')!.description,
        byName.get('Orthopaedic_clinic_letter.pdf')!.description_source,
      ],
      ['Mr P. Fletcher, Consultant Orthopaedic Surgeon \u2014 clinic letter', 'document'],
    );
    const note = byName.get('note.txt')!;
    assert.equal(note.description_source, 'filename');
    const tooLong = await patel.put(`/api/patients/${patientId}/bundle/description`, {
      s3_key: note.s3_key,
      description: 'x'.repeat(201),
    });
    assert.equal(tooLong.statusCode, 400);
    const unknown = await patel.put(`/api/patients/${patientId}/bundle/description`, {
      s3_key: 'A'.repeat(43),
      description: 'Anything',
    });
    assert.equal(unknown.statusCode, 404);
    const saved = await patel.put(`/api/patients/${patientId}/bundle/description`, {
      s3_key: note.s3_key,
      description: `  ${EXPERT_DESCRIPTION} `,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const edited = (saved.json() as BundleStateResponse).documents.find(
      (document) => document.s3_key === note.s3_key,
    )!;
    assert.deepEqual([edited.description, edited.description_source], [EXPERT_DESCRIPTION, 'expert']);
  });

  it('is made with the descriptions, and its scanned page can be searched', async () => {
    const response = await patel.post(`/api/patients/${patientId}/bundle`);
    assert.equal(response.statusCode, 202, response.body);
    const job = await waitFor(
      () => server.app.ctx.jobs.get(response.json().job_id),
      finished,
      'the bundle job',
    );
    assert.equal(job!.status, 'completed', job!.error_message ?? '');
    answer = (await patel.get(`/api/patients/${patientId}/bundle`)).json();
    const link = (await patel.get(`/api/patients/${patientId}/bundle/download`)).json();
    const file = await server.app.inject({ method: 'GET', url: new URL(link.download_url).pathname });
    assert.match(String(file.headers['content-disposition']), /^attachment;/);
    // "Open in bundle" asks for the same file shown in the browser, at a page.
    const shown = await server.app.inject({
      method: 'GET',
      url: `${new URL(link.download_url).pathname}?disposition=inline`,
    });
    assert.equal(shown.statusCode, 200);
    assert.match(String(shown.headers['content-disposition']), /^inline; filename="/);
    bundlePath = path.join(workDir, 'bundle.pdf');
    await writeFile(bundlePath, file.rawPayload);
    const scanned = answer.bundle!.entries.find((entry) => entry.filename === 'fax-scan.pdf')!;
    const { stdout } = await runFile('pdftotext', [
      '-f',
      String(scanned.first_page),
      '-l',
      String(scanned.first_page),
      bundlePath,
      '-',
    ]);
    assert.ok(normalised(stdout).includes(SCANNED_SENTENCE), stdout);
    assert.deepEqual(
      answer.bundle!.entries.map((entry) => entry.description),
      answer.documents.map((document) => document.description),
    );
  });

  it('has an outline naming the index and every document by its date and description, each at its first page', async () => {
    const { pdf, pageOf } = await loadPdf(bundlePath);
    const outlines = pdf.catalog.lookup(PDFName.of('Outlines'), PDFDict);
    const titles: [string, number][] = [];
    let item = outlines.lookup(PDFName.of('First')) as PDFDict | undefined;
    while (item) {
      titles.push([
        textOf(item.lookup(PDFName.of('Title'))),
        pageOf(item.lookup(PDFName.of('Dest'), PDFArray)),
      ]);
      item = item.lookup(PDFName.of('Next')) as PDFDict | undefined;
    }
    const dateOf = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : 'Undated');
    assert.deepEqual(titles, [
      ['Index', 1],
      ...answer.bundle!.entries.map((entry): [string, number] => [
        `${dateOf(entry.document_date)} \u2014 ${entry.description}`,
        entry.first_page,
      ]),
    ]);
    assert.ok(
      titles.some(
        ([title]) =>
          title === '14/03/2023 \u2014 Mr P. Fletcher, Consultant Orthopaedic Surgeon \u2014 clinic letter',
      ),
    );
  });

  it('links each index entry to its document\u2019s first page', async () => {
    const { pdf, pageOf } = await loadPdf(bundlePath);
    const annotations = pdf.getPage(0).node.Annots();
    assert.ok(annotations);
    const targets = annotations.asArray().map((ref) => {
      const annotation = pdf.context.lookup(ref as PDFRef, PDFDict);
      assert.equal(annotation.get(PDFName.of('Subtype')), PDFName.of('Link'));
      return pageOf(annotation.lookup(PDFName.of('Dest'), PDFArray));
    });
    assert.deepEqual(
      targets,
      answer.bundle!.entries.map((entry) => entry.first_page),
    );
  });

  it('labels its pages with the numbers they are stamped with', async () => {
    const { pdf } = await loadPdf(bundlePath);
    const labels = pdf.catalog.lookup(PDFName.of('PageLabels'), PDFDict);
    const nums = labels.lookup(PDFName.of('Nums'), PDFArray);
    assert.equal(nums.size(), 2, 'one numbering range for the whole bundle');
    assert.equal((nums.get(0) as PDFNumber).asNumber(), 0);
    const range = nums.lookup(1, PDFDict);
    assert.equal(range.get(PDFName.of('S')), PDFName.of('D'));
    const start = (range.get(PDFName.of('St')) as PDFNumber | undefined)?.asNumber() ?? 1;
    for (let page = 1; page <= pdf.getPageCount(); page += 1) {
      const { stdout } = await runFile('pdftotext', [
        '-f',
        String(page),
        '-l',
        String(page),
        bundlePath,
        '-',
      ]);
      assert.match(
        stdout,
        new RegExp(`\\bPage ${start + page - 1}\\b`),
        `page ${page} is labelled as stamped`,
      );
    }
  });
});
