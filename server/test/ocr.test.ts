import assert from 'node:assert/strict';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Job, JobStatusResponse, ProcessingCapabilities, QueryResponse } from '@ewrt/contract';
import {
  chunksOf,
  finished,
  listOf,
  logsOf,
  resultOf,
  upload,
  uploadAndProcess,
  uploadOpinionAndProcess,
  waitFor,
} from './support/documentUploads.js';
import { buildScannedPdf, type ScannedPage } from './support/scannedPdf.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

// OCR needs tesseract and pdftoppm from the PATH (the test servers are configured from the given variables only).
const OCR_ENV = {
  PATH: process.env.PATH ?? '',
  OCR_CONCURRENCY: '2',
  // Between a clean 300 dpi page (~96) and the noisy fax below (~78): the fax is flagged, the others are not.
  OCR_LOW_CONFIDENCE: '90',
  JOB_LEASE_SECONDS: '3600',
  JOB_HEARTBEAT_SECONDS: '3000',
};
const INSTALL_COMMAND =
  'sudo apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd poppler-utils';

const LETTER = [
  'Riverside Surgery, 14 Mill Lane, Oxford.',
  'Dear Dr Patel, I saw Mrs Whitfield in clinic today about her right knee.',
  'She fell on the stairs in March and has not been able to kneel since then.',
];
const SIDEWAYS = ['The magnetic resonance scan shows a tear of the medial meniscus.'];
const FAX = [
  'Faxed referral from the fracture clinic: physiotherapy twice weekly for twelve weeks.',
  'The claimant should avoid kneeling and climbing ladders until reviewed.',
];
const MIXED_HEADER = 'Fax cover sheet from Riverside Surgery';
const MIXED_BODY = ['Body of the scanned letter: the knee effusion has settled with rest.'];

/** Page 1 upright, 2 scanned sideways, 3 a noisy 150 dpi fax, 4 blank, 5 a typed header over a scanned letter. */
const SCANNED_RECORD: ScannedPage[] = [
  { lines: LETTER },
  { lines: SIDEWAYS, scan: 'sideways' },
  { lines: FAX, scan: 'noisy-fax' },
  { lines: [] },
  { lines: MIXED_BODY, textLayer: MIXED_HEADER },
];

interface OcrChunkRow {
  page: number;
  text: string;
  source: string;
  ocr_confidence: number | null;
}

async function ocrChunksOf(target: TestServer, filename: string): Promise<OcrChunkRow[]> {
  const { rows } = await target.app.ctx.db.query<OcrChunkRow>(
    `SELECT c.page, c.text, c.source, c.ocr_confidence FROM document_chunks c JOIN documents d ON d.id = c.document_id
      WHERE d.filename = $1 ORDER BY c.chunk_index`,
    [filename],
  );
  return rows.map((row) => ({
    ...row,
    ocr_confidence: row.ocr_confidence === null ? null : Number(row.ocr_confidence),
  }));
}

let scannedRecord: Buffer;
before(async () => {
  scannedRecord = await buildScannedPdf(SCANNED_RECORD);
});

describe('scanned pages read by OCR', () => {
  let server: TestServer;
  let token: string;
  let patel: ReturnType<typeof asUser>;
  let patientId: number;

  before(async () => {
    server = await createTestServer(OCR_ENV);
    token = await signIn(server, 'dr.patel');
    patel = asUser(server, token);
    patientId = await patientIdByMrn(server, 'DEMO-1001');
  });
  after(() => server.close());

  it('says what it can read: OCR on, one page per process, the confidence threshold', async () => {
    const response = await patel.get('/api/documents/capabilities');
    assert.equal(response.statusCode, 200, response.body);
    const capabilities: ProcessingCapabilities = response.json();
    assert.deepEqual(capabilities.ocr, {
      available: true,
      message: null,
      install_command: null,
      concurrency: 2,
      low_confidence_threshold: 90,
    });
  });

  it('reads every scanned page, upright, sideways, faxed or mixed, shows each page read, and keeps the blank page blank', async () => {
    const response = await upload(server, token, patientId, {
      filename: 'gp-records-scan.pdf',
      content: scannedRecord,
    });
    assert.equal(response.statusCode, 202, response.body);
    const jobId: number = response.json().job_id;
    const described = new Set<string>();
    const job = (await waitFor(
      async () => {
        const current = await server.app.ctx.jobs.get(jobId);
        if (current?.current_step_description) described.add(current.current_step_description);
        return current;
      },
      finished,
      'the scanned record to be processed',
    )) as Job;
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const status: JobStatusResponse = (await patel.get(`/api/jobs/${jobId}/status`)).json();
    assert.deepEqual(
      status.progress_steps.map((step) => [step.step_name, step.status]),
      ['extract', 'ocr', 'index', 'finish'].map((name) => [name, 'completed']),
    );
    assert.ok(
      [...described].some((description) => /^OCR page [1-4] of 5$/.test(description)),
      [...described].join(' | '),
    );

    const result = resultOf(job) as Record<string, unknown>;
    assert.deepEqual(result.pages_without_text, [1, 2, 3, 4]);
    assert.deepEqual(result.ocr_pages, [1, 2, 3, 5]);
    assert.deepEqual(result.blank_pages, [4]);
    assert.deepEqual(result.unreadable_pages, []);
    assert.deepEqual(result.low_confidence_pages, [3]);
    assert.match(
      String(result.message),
      /^pages 1\u20133, 5 read by OCR \(mean word confidence \d+ %\); page 3: OCR confidence \d+ % \u2014 check the original; page 4 is blank$/,
    );
    const logs = await logsOf(server, jobId);
    for (const page of [1, 2, 5]) {
      assert.ok(
        logs.some((line) =>
          new RegExp(`^page ${page} read by OCR: \\d+ words, confidence \\d+ %$`).test(line),
        ),
        logs.join(' | '),
      );
    }
    assert.ok(
      logs.some((line) => /^page 3: OCR confidence \d+ % \u2014 check the original$/.test(line)),
      logs.join(' | '),
    );
    assert.ok(logs.includes('page 4 is blank'), logs.join(' | '));

    // Each chunk says where its text came from; the mixed page keeps its typed header as text.
    const chunks = await ocrChunksOf(server, 'gp-records-scan.pdf');
    assert.deepEqual(
      chunks.map((chunk) => [chunk.page, chunk.source]),
      [
        [1, 'ocr'],
        [2, 'ocr'],
        [3, 'ocr'],
        [5, 'text'],
        [5, 'ocr'],
      ],
    );
    for (const chunk of chunks.filter((candidate) => candidate.source === 'ocr')) {
      assert.ok(chunk.ocr_confidence !== null && chunk.ocr_confidence > 50 && chunk.ocr_confidence <= 100);
    }
    assert.equal(chunks[3]?.text, MIXED_HEADER);
    assert.equal(chunks[3]?.ocr_confidence, null);
    assert.match(chunks[4]!.text, /knee effusion has settled/);
    assert.doesNotMatch(chunks[4]!.text, /Fax cover sheet/, 'the typed header is not indexed twice');
    assert.match(chunks[1]!.text, /medial meniscus/, 'the sideways page was turned before it was read');

    const listed = (await listOf(patel, patientId)).documents.find(
      (document) => document.filename === 'gp-records-scan.pdf',
    );
    assert.equal(listed?.status, 'processed');
    assert.deepEqual(listed?.ocr_pages, [1, 2, 3, 5]);
    assert.deepEqual(listed?.blank_pages, [4]);
    assert.deepEqual(listed?.low_confidence_pages, [3]);
    assert.deepEqual(listed?.unreadable_pages, []);
    assert.ok(
      typeof listed?.ocr_confidence === 'number' && listed.ocr_confidence > 80,
      String(listed?.ocr_confidence),
    );
  });

  it('finds each page\u2019s sentence by a record query, cited with its page and as OCR with its confidence', async () => {
    const cases: [string, number, 'ocr' | 'text'][] = [
      ['Mrs Whitfield fell on the stairs in March', 1, 'ocr'],
      ['tear of the medial meniscus', 2, 'ocr'],
      ['avoid kneeling and climbing ladders', 3, 'ocr'],
      ['knee effusion settled with rest', 5, 'ocr'],
      ['fax cover sheet', 5, 'text'],
    ];
    for (const [question, page, source] of cases) {
      const response = await patel.post(`/api/patients/${patientId}/query`, {
        query: question,
        use_cache: false,
      });
      assert.equal(response.statusCode, 200, response.body);
      const answer: QueryResponse = response.json();
      const first = answer.source_locations[0];
      assert.equal(first?.filename, 'gp-records-scan.pdf', question);
      assert.equal(first?.page, page, question);
      assert.equal(first?.source, source, question);
      if (source === 'ocr') {
        assert.ok((first?.ocr_confidence ?? 0) > 50, question);
        // The answer itself says the passage was read by OCR, so the reader knows to check the original.
        assert.match(
          answer.response,
          new RegExp(`gp-records-scan\\.pdf, page ${page}, read by OCR \\(confidence \\d+ %\\)`),
          question,
        );
      } else assert.equal(first?.ocr_confidence, null, question);
    }
  });

  it('rebuilds the index from the stored OCR text instead of reading the pages again', async () => {
    const response = await patel.post(`/api/documents/patient/${patientId}/rebuild-vectors`);
    assert.equal(response.statusCode, 202, response.body);
    const jobId: number = response.json().job_id;
    const job = await waitFor(() => server.app.ctx.jobs.get(jobId), finished, 'the rebuild');
    assert.equal(job?.status, 'completed', job?.error_message ?? '');
    const logs = await logsOf(server, jobId);
    assert.ok(
      logs.includes('5 of 5 scanned page(s) of gp-records-scan.pdf were already read by OCR: not read again'),
      logs.join(' | '),
    );
    assert.ok(!logs.some((line) => /read by OCR: \d+ words/.test(line)), logs.join(' | '));
    const chunks = await ocrChunksOf(server, 'gp-records-scan.pdf');
    assert.deepEqual(
      chunks.map((chunk) => [chunk.page, chunk.source]),
      [
        [1, 'ocr'],
        [2, 'ocr'],
        [3, 'ocr'],
        [5, 'text'],
        [5, 'ocr'],
      ],
    );
  });

  it('reads a scanned opinion document the same way, in its owner\u2019s own index', async () => {
    const { rows } = await server.app.ctx.db.query<{ id: number }>(
      `SELECT id FROM users WHERE username = 'dr.patel'`,
    );
    const job = await uploadOpinionAndProcess(server, token, rows[0]!.id, {
      filename: 'scanned-opinion.pdf',
      content: await buildScannedPdf([
        { lines: ['In my opinion the meniscal tear was caused by the fall.'] },
      ]),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    assert.deepEqual((resultOf(job) as Record<string, unknown>).ocr_pages, [1]);
    const chunks = await ocrChunksOf(server, 'scanned-opinion.pdf');
    assert.equal(chunks.length, 1);
    assert.equal(chunks[0]?.source, 'ocr');
    assert.match(chunks[0]!.text, /meniscal tear was caused by the fall/);
  });

  it('stops between pages when the job is cancelled in the middle of the scan', async () => {
    const pages = Array.from({ length: 10 }, (_, index) => ({
      lines: [`Continuation sheet ${index + 1} of the nursing notes: observations were stable overnight.`],
    }));
    const response = await upload(server, token, patientId, {
      filename: 'nursing-notes-scan.pdf',
      content: await buildScannedPdf(pages),
    });
    assert.equal(response.statusCode, 202, response.body);
    const jobId: number = response.json().job_id;
    await waitFor(
      () => server.app.ctx.jobs.get(jobId),
      (job) => /^OCR page [1-3] of 10$/.test(job?.current_step_description ?? ''),
      'OCR to begin',
    );
    const cancel = await patel.post(`/api/jobs/${jobId}/cancel`);
    assert.equal(cancel.statusCode, 200, cancel.body);
    const job = await waitFor(() => server.app.ctx.jobs.get(jobId), finished, 'the cancelled job');
    assert.equal(job?.status, 'cancelled');
    const { rows } = await server.app.ctx.db.query<{ pages: number }>(
      `SELECT count(*)::int AS pages FROM document_page_ocr o JOIN documents d ON d.id = o.document_id
        WHERE d.filename = 'nursing-notes-scan.pdf'`,
    );
    assert.ok(rows[0]!.pages >= 1 && rows[0]!.pages < 10, `${rows[0]!.pages} pages were read`);
    assert.deepEqual(await chunksOf(server, 'nursing-notes-scan.pdf', patientId), []);
    const listed = (await listOf(patel, patientId)).documents.find(
      (document) => document.filename === 'nursing-notes-scan.pdf',
    );
    assert.equal(listed?.status, 'failed');
  });
});

describe('without tesseract on the PATH', () => {
  let server: TestServer;
  let token: string;
  let binDir: string;

  before(async () => {
    // pdftoppm alone: the server finds it but not tesseract.
    binDir = await mkdtemp(path.join(tmpdir(), 'ewrt-no-tesseract-'));
    await symlink('/usr/bin/pdftoppm', path.join(binDir, 'pdftoppm'));
    server = await createTestServer({ ...OCR_ENV, PATH: binDir });
    token = await signIn(server, 'dr.patel');
  });
  after(async () => {
    await server.close();
    await rm(binDir, { recursive: true, force: true });
  });

  it('says OCR is off and what installs it', async () => {
    const response = await asUser(server, token).get('/api/documents/capabilities');
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual((response.json() as ProcessingCapabilities).ocr, {
      available: false,
      message: 'OCR is off because tesseract is not installed',
      install_command: INSTALL_COMMAND,
      concurrency: 2,
      low_confidence_threshold: 90,
    });
  });

  it('completes the processing and names the pages it could not read and the command that installs OCR', async () => {
    const patientId = await patientIdByMrn(server, 'DEMO-1001');
    const job = await uploadAndProcess(server, token, patientId, {
      filename: 'unread-scan.pdf',
      content: scannedRecord,
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const result = resultOf(job) as Record<string, unknown>;
    const notRead =
      'pages 1\u20134 could not be read: OCR is off because tesseract is not installed. ' +
      `Install what is missing with: ${INSTALL_COMMAND}`;
    assert.equal(result.ocr_unavailable, notRead);
    assert.equal(result.message, 'pages 1\u20134 have no text layer: not searchable');
    assert.deepEqual(result.unreadable_pages, [1, 2, 3, 4]);
    assert.deepEqual(result.ocr_pages, []);
    assert.ok((await logsOf(server, job.id)).includes(`unread-scan.pdf: ${notRead}`));
    // The mixed page's typed header is still searchable.
    const chunks = await ocrChunksOf(server, 'unread-scan.pdf');
    assert.deepEqual(chunks, [{ page: 5, text: MIXED_HEADER, source: 'text', ocr_confidence: null }]);
    const listed = (await listOf(asUser(server, token), patientId)).documents[0];
    assert.deepEqual(listed?.unreadable_pages, [1, 2, 3, 4]);
    assert.deepEqual(listed?.ocr_pages, []);
    assert.equal(listed?.ocr_confidence, null);
  });
});
