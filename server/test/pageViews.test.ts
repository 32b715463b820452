// The page view: a cited page drawn as an image, the words on it, and the cited passage's rectangles; who may see it;
// and the drawn pages going with the patient's data.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { PageImageResponse } from '@ewrt/contract';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { alignWordsToText } from '../src/features/page-views/alignWordsToText.js';
import { passageBoxes } from '../src/features/page-views/passageBoxes.js';
import { pngSize } from '../src/features/page-views/renderPageImage.js';
import {
  finished,
  listOf,
  storedFiles,
  upload,
  uploadAndProcess,
  uploadOpinionAndProcess,
  waitFor,
} from './support/documentUploads.js';
import { buildScannedPdf } from './support/scannedPdf.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

const ENV = {
  PATH: process.env.PATH ?? '',
  OCR_LOW_CONFIDENCE: '90',
  JOB_LEASE_SECONDS: '3600',
  JOB_HEARTBEAT_SECONDS: '3000',
};

const A4: [number, number] = [595.28, 841.89];
const TYPED_LINE = 'Mild degenerative changes at L4/5 were seen on the scan of 02/01/2023.';
const TYPED_AT = { x: 72, baseline: 600, size: 12 };
/** The scan helper prints its lines from 56 pt, the first baseline 780 pt up, 18 pt apart, in Times 12 pt. */
const SCANNED_LINES = [
  'Riverside Surgery, 14 Mill Lane, Oxford.',
  'Dear Dr Patel, I saw Mrs Whitfield in clinic today about her right knee.',
  'She fell on the stairs in March and has not been able to kneel since then.',
];
const OCR_WAIT_MS = 300_000;
const DPI = 150;
/** A few pixels at the rendered scale. */
const TOLERANCE_PX = 4;
const px = (points: number) => (points * DPI) / 72;

async function typedPdf(): Promise<{ pdf: Buffer; width: number }> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage(A4);
  page.drawText(TYPED_LINE, { x: TYPED_AT.x, y: TYPED_AT.baseline, size: TYPED_AT.size, font });
  return {
    pdf: Buffer.from(await pdf.save()),
    width: font.widthOfTextAtSize(TYPED_LINE, TYPED_AT.size),
  };
}

async function timesWidth(text: string): Promise<number> {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.TimesRoman);
  return font.widthOfTextAtSize(text, 12);
}

/** A box of the answer in pixels of its image. */
const inPixels = (view: PageImageResponse, box: PageImageResponse['passage_boxes'][number]) => ({
  left: box.x * view.width,
  right: (box.x + box.width) * view.width,
  top: box.y * view.height,
  bottom: (box.y + box.height) * view.height,
});

describe('marking a passage from word boxes', () => {
  it('matches the indexed words to the drawn ones and joins a passage into one rectangle per line', () => {
    const word = (text: string, x: number, y: number) => ({
      text,
      x,
      y,
      width: 0.05,
      height: 0.02,
      confidence: null,
    });
    const drawn = [
      word('Seen', 0.1, 0.1),
      word('in', 0.16, 0.1),
      word('clinic.', 0.22, 0.1),
      word('Knee', 0.1, 0.2),
      word('swollen', 0.16, 0.2),
    ];
    const text = 'Seen in clinic. Knee swollen';
    const placed = alignWordsToText(drawn, text);
    const start = text.indexOf('clinic');
    const boxes = passageBoxes(placed, start, text.length);
    assert.deepEqual(boxes, [
      { x: 0.22, y: 0.1, width: 0.05, height: 0.02 },
      { x: 0.1, y: 0.2, width: 0.11, height: 0.02 },
    ]);
  });

  it('passes over a word the two readings split differently and still places the words after it', () => {
    const drawn = ['Seen', 'on', '02/01/', '2023', 'by', 'Dr', 'Patel'].map((text, index) => ({
      text,
      x: index * 0.1,
      y: 0.5,
      width: 0.08,
      height: 0.02,
      confidence: null,
    }));
    const placed = alignWordsToText(drawn, 'Seen on 02/01/2023 by Dr Patel');
    assert.deepEqual(
      placed.map((word) => word.start),
      [0, 5, null, null, 19, 22, 25],
    );
  });
});

describe('the page view', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let patel: ReturnType<typeof asUser>;
  let patientId: number;
  let typedKey: string;
  let scannedKey: string;

  const viewOf = async (key: string, page: number, query = '') => {
    const response = await patel.get(
      `/api/documents/patient/${patientId}/pages/${key}/${page}/image${query}`,
    );
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as PageImageResponse;
  };
  const chunkOf = async (key: string, page: number) => {
    const { rows } = await server.app.ctx.db.query<{ id: string }>(
      `SELECT c.id FROM document_chunks c JOIN documents d ON d.id = c.document_id
        WHERE d.storage_key = $1 AND c.page = $2 ORDER BY c.chunk_index LIMIT 1`,
      [key, page],
    );
    return Number(rows[0]!.id);
  };

  before(async () => {
    server = await createTestServer(ENV);
    for (const username of ['dr.patel', 'dr.okafor', 'groupadmin'])
      tokens[username] = await signIn(server, username);
    patel = asUser(server, tokens['dr.patel']!);
    patientId = await patientIdByMrn(server, 'DEMO-1001');
    const typed = await uploadAndProcess(server, tokens['dr.patel']!, patientId, {
      filename: 'mri-report.pdf',
      content: (await typedPdf()).pdf,
    });
    assert.equal(typed.status, 'completed');
    const sent = await upload(server, tokens['dr.patel']!, patientId, {
      filename: 'gp-letter-scan.pdf',
      content: await buildScannedPdf([{ lines: SCANNED_LINES }]),
    });
    assert.equal(sent.statusCode, 202, sent.body);
    // OCR on a shared, busy machine can take longer than the usual wait.
    const scanned = await waitFor(
      () => server.app.ctx.jobs.get(sent.json().job_id),
      finished,
      'the scan to be read',
      OCR_WAIT_MS,
    );
    assert.equal(scanned?.status, 'completed');
    const documents = (await listOf(patel, patientId)).documents;
    typedKey = documents.find((document) => document.filename === 'mri-report.pdf')!.s3_key;
    scannedKey = documents.find((document) => document.filename === 'gp-letter-scan.pdf')!.s3_key;
  });
  after(() => server.close());

  it('marks a passage of a text PDF where its words are printed, within a few pixels', async () => {
    const { width } = await typedPdf();
    const view = await viewOf(typedKey, 1, `?dpi=${DPI}&chunk_id=${await chunkOf(typedKey, 1)}`);
    assert.equal(view.dpi, DPI);
    assert.ok(Math.abs(view.width - px(A4[0])) <= 1 && Math.abs(view.height - px(A4[1])) <= 1);
    assert.equal(view.passage_boxes.length, 1, JSON.stringify(view.passage_boxes));
    const box = inPixels(view, view.passage_boxes[0]!);
    const baseline = px(A4[1] - TYPED_AT.baseline);
    assert.ok(Math.abs(box.left - px(TYPED_AT.x)) <= TOLERANCE_PX, `left ${box.left}`);
    assert.ok(Math.abs(box.right - px(TYPED_AT.x + width)) <= TOLERANCE_PX, `right ${box.right}`);
    // From the letters' tops (about 0.72 of the size above the baseline) to just below it.
    assert.ok(Math.abs(box.top - (baseline - px(0.72 * TYPED_AT.size))) <= TOLERANCE_PX, `top ${box.top}`);
    assert.ok(box.bottom >= baseline && box.bottom - baseline <= px(4), `bottom ${box.bottom}`);
    assert.ok(view.words.every((word) => word.ocr_confidence === null && !word.low_confidence));
    assert.deepEqual(view.words.map((word) => word.text).join(' '), TYPED_LINE);
  });

  it('marks a passage of a scanned page from the words OCR read, one rectangle per line', async () => {
    const view = await viewOf(scannedKey, 1, `?dpi=${DPI}&chunk_id=${await chunkOf(scannedKey, 1)}`);
    assert.equal(view.passage_boxes.length, SCANNED_LINES.length, JSON.stringify(view.passage_boxes));
    for (const [index, line] of SCANNED_LINES.entries()) {
      const box = inPixels(view, view.passage_boxes[index]!);
      const baseline = px(842 - (780 - 18 * index));
      assert.ok(Math.abs(box.left - px(56)) <= TOLERANCE_PX, `line ${index + 1} left ${box.left}`);
      assert.ok(
        Math.abs(box.right - px(56 + (await timesWidth(line)))) <= TOLERANCE_PX,
        `line ${index + 1} right ${box.right}`,
      );
      assert.ok(box.top < baseline && box.top > baseline - px(12), `line ${index + 1} top ${box.top}`);
      assert.ok(
        box.bottom >= baseline - 1 && box.bottom < baseline + px(4),
        `line ${index + 1} bottom ${box.bottom}`,
      );
    }
    const ocrWords = view.words.filter((word) => word.ocr_confidence !== null);
    assert.ok(ocrWords.length >= 30);
    for (const word of ocrWords) assert.equal(word.low_confidence, word.ocr_confidence! < 90, word.text);
  });

  it('serves the drawn page through a signed link, at the resolution asked, drawn once', async () => {
    const view = await viewOf(typedKey, 1, '?dpi=100');
    const link = new URL(view.image_url);
    const image = await server.app.inject({ method: 'GET', url: link.pathname });
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    // Shown by the suite's pages, which may be served from another site than the API.
    assert.equal(image.headers['cross-origin-resource-policy'], 'cross-origin');
    assert.deepEqual(pngSize(image.rawPayload), { width: view.width, height: view.height });
    assert.ok(Math.abs(view.width - (A4[0] * 100) / 72) <= 1);
    const before = (await storedFiles(server)).length;
    await viewOf(typedKey, 1, '?dpi=100');
    assert.equal((await storedFiles(server)).length, before, 'the cached page is used again');
    const refused = await patel.get(`/api/documents/patient/${patientId}/pages/${typedKey}/1/image?dpi=600`);
    assert.equal(refused.statusCode, 400);
    const { rows } = await server.app.ctx.db.query<{ patient_id: number }>(
      `SELECT patient_id FROM audit_log WHERE action = 'document.page_image' ORDER BY id DESC LIMIT 1`,
    );
    assert.equal(rows[0]?.patient_id, patientId);
  });

  it('draws a page of a text file as a plain page with its words', async () => {
    await uploadAndProcess(server, tokens['dr.patel']!, patientId, {
      filename: 'phone-note.txt',
      content: Buffer.from('Telephone note: the claimant reports knee pain on stairs.'),
    });
    const key = (await listOf(patel, patientId)).documents.find(
      (d) => d.filename === 'phone-note.txt',
    )!.s3_key;
    const view = await viewOf(key, 1, `?chunk_id=${await chunkOf(key, 1)}`);
    assert.equal(
      view.words.map((word) => word.text).join(' '),
      'Telephone note: the claimant reports knee pain on stairs.',
    );
    assert.equal(view.passage_boxes.length, 1);
  });

  it('refuses the page of another group\u2019s patient and of another user\u2019s opinion document', async () => {
    const okafor = asUser(server, tokens['dr.okafor']!);
    const crossGroup = await okafor.get(`/api/documents/patient/${patientId}/pages/${typedKey}/1/image`);
    assert.equal(crossGroup.statusCode, 404);
    const { rows } = await server.app.ctx.db.query<{ id: number }>(
      `SELECT id FROM users WHERE username = 'groupadmin'`,
    );
    await uploadOpinionAndProcess(server, tokens.groupadmin!, rows[0]!.id, {
      filename: 'lead-opinion.pdf',
      content: (await typedPdf()).pdf,
    });
    const { rows: keys } = await server.app.ctx.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM documents WHERE filename = 'lead-opinion.pdf'`,
    );
    const theirs = keys[0]!.storage_key;
    const lead = asUser(server, tokens.groupadmin!);
    assert.equal((await lead.get(`/api/opinions/documents/pages/${theirs}/1/image`)).statusCode, 200);
    const other = await patel.get(`/api/opinions/documents/pages/${theirs}/1/image`);
    assert.equal(other.statusCode, 404);
    assert.equal(other.json().message, 'Document not found');
  });

  it('removes the drawn pages with the patient\u2019s data', async () => {
    const { rows } = await server.app.ctx.db.query<{ storage_key: string }>(
      `SELECT i.storage_key FROM document_page_images i JOIN documents d ON d.id = i.document_id WHERE d.patient_id = $1`,
      [patientId],
    );
    const drawn = rows.map((row) => row.storage_key);
    assert.ok(drawn.length >= 3);
    assert.ok(drawn.every((key) => key.length > 0));
    const response = await patel.delete(`/api/patients/${patientId}/delete-all-data`);
    assert.equal(response.statusCode, 200, response.body);
    await waitFor(
      () => storedFiles(server),
      (stored) => drawn.every((key) => !stored.includes(key)),
      'the drawn pages to be removed',
    );
  });
});
