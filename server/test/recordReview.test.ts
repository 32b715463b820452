// Record review over records made here: a typed clinic letter, its rescan read by OCR (a noisy 150 dpi fax), and
// a different letter of the same clinic. The rescan is found as a copy and the other letter is not; a copy set aside
// leaves record answers, the chronology and the bundle and comes back on undo; a requested MRI with no report, a
// referral with no letter back, a report "to follow", a gap in care over the threshold and a missed appointment
// are flagged with their pages; the review's Word file is read back through LibreOffice.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type {
  BundleStateResponse,
  CaseOverview,
  ChronologyResponse,
  DuplicateGroupsResponse,
  Job,
  QueryResponse,
  RecordGapsResponse,
} from '@ewrt/contract';
import { buildPdf } from './fixtures/buildDocumentFixtures.js';
import { finished, uploadAndProcess, waitFor } from './support/documentUploads.js';
import { canPrintDocx, printedDocxText } from './support/printedDocx.js';
import { buildScannedPdf } from './support/scannedPdf.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

// OCR reads the rescan: the test server finds tesseract and pdftoppm on the PATH. The noisy fax reads at about 78 %
// confidence, below the threshold set here, so the overview counts its page as one to check.
const JOB_ENV = {
  PATH: process.env.PATH ?? '',
  OCR_LOW_CONFIDENCE: '90',
  JOB_LEASE_SECONDS: '3600',
  JOB_HEARTBEAT_SECONDS: '3000',
};

const LETTERHEAD = [
  'Northgate Hospital NHS Trust',
  'Department of Trauma and Orthopaedics, Hospital Road, Northgate NG1 4AB',
  'Consultant: Mr Daniel Hughes FRCS, Orthopaedic Spinal Surgeon',
  'Dr S Patel, Larchfield Surgery, Mill Lane, Northgate',
  'Re: Mrs Eleanor Whitfield, date of birth 14/03/1968',
  'Dear Dr Patel,',
];
const SIGN_OFF = ['Yours sincerely,', 'Mr Daniel Hughes', 'Consultant Orthopaedic Spinal Surgeon'];

const SPINAL_LETTER = [
  ...LETTERHEAD,
  'I reviewed Mrs Whitfield in the spinal clinic on 05/06/2023 with low back pain.',
  'The pain radiates into the left buttock and calf and began after the fall at work.',
  'Straight leg raising was limited to forty degrees on the left with a reduced ankle jerk.',
  'Power was normal throughout and there was no saddle anaesthesia or sphincter upset.',
  'I requested an MRI of the lumbar spine on 05/06/2023 to look for a disc prolapse.',
  'I also referred her to the pain clinic on 05/06/2023 to consider an epidural injection.',
  'She continues on naproxen and co-codamol and remains off work as a care assistant.',
  'My full report will follow once the scan has been done and reviewed in clinic.',
  ...SIGN_OFF,
];

const KNEE_LETTER = [
  ...LETTERHEAD,
  'I saw Mrs Whitfield again in the knee clinic on 10/03/2024 about her left knee.',
  'She did not attend her appointment on 12/12/2023 because of a family illness.',
  'She twisted the knee stepping off a bus and has had swelling and locking since then.',
  'There was a small effusion, medial joint line tenderness and a positive McMurray test.',
  'She will have a course of physiotherapy and I will see her again in three months.',
  ...SIGN_OFF,
];

let server: TestServer;
let patel: ReturnType<typeof asUser>;
let token: string;
let patientId: number;
const keys: Record<'typed' | 'rescan' | 'knee', string> = { typed: '', rescan: '', knee: '' };

async function getJson<T>(url: string): Promise<T> {
  const response = await patel.get(url);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

const duplicates = () => getJson<DuplicateGroupsResponse>(`/api/patients/${patientId}/duplicates`);
const gaps = (query = '') => getJson<RecordGapsResponse>(`/api/patients/${patientId}/record-gaps${query}`);

async function waitForJob(jobId: number, what: string): Promise<Job> {
  const job = await waitFor(() => server.app.ctx.jobs.get(jobId), finished, what);
  assert.equal(job?.status, 'completed', job?.error_message ?? '');
  return job!;
}

async function buildChronology(): Promise<ChronologyResponse> {
  const response = await patel.post(`/api/patients/${patientId}/chronology/build`);
  assert.equal(response.statusCode, 202, response.body);
  await waitForJob(response.json().job_id, 'the chronology job');
  return getJson<ChronologyResponse>(`/api/patients/${patientId}/chronology`);
}

async function buildBundle(): Promise<BundleStateResponse> {
  const response = await patel.post(`/api/patients/${patientId}/bundle`);
  assert.equal(response.statusCode, 202, response.body);
  await waitForJob(response.json().job_id, 'the bundle job');
  return getJson<BundleStateResponse>(`/api/patients/${patientId}/bundle`);
}

/** The text of the current bundle's first page (its index), downloaded through its signed link. */
async function bundleIndexText(): Promise<string> {
  const link = await getJson<{ download_url: string }>(`/api/patients/${patientId}/bundle/download`);
  const file = await server.app.inject({ method: 'GET', url: new URL(link.download_url).pathname });
  assert.equal(file.statusCode, 200);
  const folder = await mkdtemp(path.join(tmpdir(), 'ewrt-review-bundle-'));
  try {
    const pdf = path.join(folder, 'bundle.pdf');
    await writeFile(pdf, file.rawPayload);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', '-f', '1', '-l', '1', pdf, '-']);
    return stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The files the answer to a question about the letter cites (every matching passage: k is the maximum). */
async function filesCited(): Promise<Set<string>> {
  const response = await patel.post(`/api/patients/${patientId}/query`, {
    query: 'Why was she referred to the pain clinic for an epidural injection?',
    k: 50,
    use_cache: false,
  });
  assert.equal(response.statusCode, 200, response.body);
  return new Set((response.json() as QueryResponse).source_locations.map((source) => source.filename));
}

const chronologyFiles = (chronology: ChronologyResponse) =>
  new Set(chronology.events.flatMap((event) => event.places.map((place) => place.filename)));

before(async () => {
  server = await createTestServer(JOB_ENV);
  token = await signIn(server, 'dr.patel');
  patel = asUser(server, token);
  patientId = await patientIdByMrn(server, 'DEMO-1001');
  const uploads = [
    {
      name: 'typed' as const,
      filename: 'spinal-letter.pdf',
      content: await buildPdf([SPINAL_LETTER.join('\n')]),
    },
    {
      name: 'rescan' as const,
      filename: 'spinal-letter-rescan.pdf',
      content: await buildScannedPdf([{ lines: SPINAL_LETTER, scan: 'noisy-fax' }]),
    },
    { name: 'knee' as const, filename: 'knee-letter.pdf', content: await buildPdf([KNEE_LETTER.join('\n')]) },
  ];
  for (const { name, filename, content } of uploads) {
    const job = await uploadAndProcess(server, token, patientId, { filename, content });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const { rows } = await server.app.ctx.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM documents WHERE patient_id = $1 AND filename = $2`,
      [patientId, filename],
    );
    keys[name] = rows[0]!.storage_key;
  }
});
after(async () => {
  await server.close();
});

describe('near-duplicate documents', () => {
  it('groups a typed letter with its OCR-read rescan, and not with another letter of the same clinic', async () => {
    const answer = await duplicates();
    assert.equal(answer.documents_compared, 3);
    assert.equal(answer.groups.length, 1, JSON.stringify(answer.groups));
    const [group] = answer.groups;
    assert.deepEqual(
      group!.documents.map((document) => document.filename),
      ['spinal-letter.pdf', 'spinal-letter-rescan.pdf'],
    );
    assert.ok(group!.similarity >= answer.threshold, `similarity ${group!.similarity}`);
    assert.ok(group!.similarity < 1, 'the rescan is not word for word the same');
    assert.equal(group!.documents[1]!.ocr_page_count, 1);
    assert.equal(group!.documents[1]!.similarity, group!.similarity);
    assert.equal(answer.set_aside_count, 0);
  });

  it('refuses to set aside a document that is not a copy, or the one kept', async () => {
    const url = `/api/patients/${patientId}/duplicates/set-aside`;
    const notCopy = await patel.post(url, { keep: keys.typed, set_aside: [keys.knee] });
    assert.equal(notCopy.statusCode, 400);
    assert.equal(
      notCopy.json().message,
      '\u201cknee-letter.pdf\u201d is not a copy of \u201cspinal-letter.pdf\u201d: only documents grouped as copies can be set aside',
    );
    const itself = await patel.post(url, { keep: keys.typed, set_aside: [keys.typed] });
    assert.equal(itself.statusCode, 400);
    const restore = await patel.post(`/api/patients/${patientId}/duplicates/restore`, {
      s3_key: keys.rescan,
    });
    assert.equal(restore.statusCode, 400);
    assert.equal(restore.json().message, '\u201cspinal-letter-rescan.pdf\u201d is not set aside');
  });

  it('leaves a copy set aside out of answers, chronology and bundle, listed all the same', async () => {
    assert.ok(
      (await filesCited()).has('spinal-letter-rescan.pdf'),
      'the rescan answers before it is set aside',
    );
    assert.ok(chronologyFiles(await buildChronology()).has('spinal-letter-rescan.pdf'));

    const response = await patel.post(`/api/patients/${patientId}/duplicates/set-aside`, {
      keep: keys.typed,
      set_aside: [keys.rescan],
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(
      response.json().message,
      '1 copy set aside: still listed, but left out of record answers, the chronology and the bundle',
    );
    assert.equal(response.json().set_aside_count, 1);

    const listed = await duplicates();
    const rescan = listed.groups[0]!.documents.find((document) => document.s3_key === keys.rescan)!;
    assert.equal(rescan.set_aside, true);
    assert.equal(rescan.copy_of_s3_key, keys.typed);
    assert.equal(rescan.set_aside_by, 'Dr Asha Patel');
    const documents = await getJson<{ documents: { filename: string }[] }>(
      `/api/documents/patient/${patientId}`,
    );
    assert.ok(documents.documents.some((document) => document.filename === 'spinal-letter-rescan.pdf'));

    const overview = await getJson<CaseOverview>(`/api/patients/${patientId}/overview`);
    assert.equal(overview.documents.set_aside, 1);

    const cited = await filesCited();
    assert.ok(cited.has('spinal-letter.pdf'));
    assert.ok(!cited.has('spinal-letter-rescan.pdf'), 'a set-aside copy answers no question');

    const staleChronology = await getJson<ChronologyResponse>(`/api/patients/${patientId}/chronology`);
    assert.equal(staleChronology.out_of_date, true, 'setting a copy aside changes the records');
    const chronology = await buildChronology();
    assert.ok(!chronologyFiles(chronology).has('spinal-letter-rescan.pdf'));
    assert.ok(chronologyFiles(chronology).has('spinal-letter.pdf'));

    const bundle = await buildBundle();
    assert.deepEqual(bundle.bundle?.entries.map((entry) => entry.filename).sort(), [
      'knee-letter.pdf',
      'spinal-letter.pdf',
    ]);
    assert.ok(!bundle.documents.some((document) => document.filename === 'spinal-letter-rescan.pdf'));
  });

  it('lists the copy set aside in the bundle index as a duplicate omitted, with the document it duplicates', async () => {
    const state = await getJson<BundleStateResponse>(`/api/patients/${patientId}/bundle`);
    const kept = state.documents.find((document) => document.filename === 'spinal-letter.pdf')!;
    const [omitted, ...more] = state.omitted_duplicates;
    assert.equal(more.length, 0);
    assert.equal(omitted!.filename, 'spinal-letter-rescan.pdf');
    assert.match(omitted!.document_date ?? '', /^\d{4}-\d{2}-\d{2}$/, 'dated from its OCR-read first page');
    assert.deepEqual(omitted!.duplicate_of, {
      filename: 'spinal-letter.pdf',
      description: kept.description,
      position: kept.position,
    });
    assert.deepEqual(state.bundle?.omitted_duplicates, state.omitted_duplicates, 'what the made index lists');

    const index = (await bundleIndexText()).replace(/[ \t]+/g, ' ');
    assert.match(index, /Duplicates omitted/);
    assert.match(
      index,
      new RegExp(`spinal-letter-rescan\\.pdf[\\s\\S]*Duplicate of No\\. ${kept.position}:`),
    );
    const [year, month, day] = omitted!.document_date!.split('-');
    assert.match(index, new RegExp(`${day}/${month}/${year} Omitted`));
  });

  it('brings the copy back on undo', async () => {
    const response = await patel.post(`/api/patients/${patientId}/duplicates/restore`, {
      s3_key: keys.rescan,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().message, '\u201cspinal-letter-rescan.pdf\u201d is back in the records');
    assert.equal(response.json().set_aside_count, 0);
    assert.ok((await filesCited()).has('spinal-letter-rescan.pdf'));
    const bundle = await getJson<BundleStateResponse>(`/api/patients/${patientId}/bundle`);
    assert.equal(bundle.bundle?.out_of_date, true);
    assert.ok(bundle.documents.some((document) => document.filename === 'spinal-letter-rescan.pdf'));
    assert.deepEqual(bundle.omitted_duplicates, []);
    assert.equal(bundle.bundle?.omitted_duplicates.length, 1, 'the bundle made before still lists it');
    const chronology = await getJson<ChronologyResponse>(`/api/patients/${patientId}/chronology`);
    assert.equal(chronology.out_of_date, true);
    assert.ok(chronologyFiles(await buildChronology()).has('spinal-letter-rescan.pdf'));
    assert.equal(
      (await duplicates()).groups[0]!.documents.every((document) => !document.set_aside),
      true,
    );
  });
});

describe('pages copied into another document', () => {
  it('finds a letter filed again as a page of a longer record, with both pages named', async () => {
    const ashworth = await patientIdByMrn(server, 'DEMO-1004');
    // The letter is one page of four: the record as a whole is not a copy of it.
    const gpRecord = [
      [
        'Larchfield Surgery, Mill Lane, Northgate. Consultation record printed for the solicitor.',
        '02/05/2023 Telephone consultation: low back pain since the fall at work, worse on bending and lifting.',
        'Advised simple analgesia, heat and gentle exercise; fit note for two weeks as a care assistant.',
        '16/05/2023 Surgery consultation: pain now radiating into the left leg with pins and needles in the foot.',
        'No red flags on questioning; straight leg raise limited on the left. Referred to orthopaedics.',
        '22/05/2023 Repeat prescription of naproxen with omeprazole cover; fit note extended by a month.',
        '30/05/2023 Blood tests: full blood count, renal function and inflammatory markers all within range.',
        'Discussed the results by telephone; she prefers to wait for the orthopaedic opinion before more tests.',
      ].join('\n'),
      SPINAL_LETTER.join('\n'),
      KNEE_LETTER.slice(6).join('\n'),
      [
        '04/09/2023 Review: back pain easing with physiotherapy, still unable to return to lifting duties.',
        'Mood low because of time off work; offered talking therapies and given the self-referral leaflet.',
        '18/10/2023 Phased return to work agreed with occupational health, lighter duties for six weeks.',
        '20/11/2023 Flu vaccination given in the practice clinic; no adverse reaction was recorded afterwards.',
        '15/01/2024 Annual asthma review: inhaler technique checked, peak flow stable, no courses of steroids.',
        '29/02/2024 Blood pressure check at the pharmacy reported as normal; no change to her medication.',
      ].join('\n'),
    ];
    for (const { filename, content } of [
      { filename: 'spinal-letter.pdf', content: await buildPdf([SPINAL_LETTER.join('\n')]) },
      { filename: 'gp-record.pdf', content: await buildPdf(gpRecord) },
    ]) {
      const job = await uploadAndProcess(server, token, ashworth, { filename, content });
      assert.equal(job.status, 'completed', job.error_message ?? '');
    }
    const answer = await getJson<DuplicateGroupsResponse>(`/api/patients/${ashworth}/duplicates`);
    assert.deepEqual(answer.groups, [], 'the documents as a whole are not copies');
    assert.deepEqual(
      answer.copied_pages.map((copy) => [
        copy.page.filename,
        copy.page.page,
        copy.found_in.filename,
        copy.found_in.page,
      ]),
      [['spinal-letter.pdf', 1, 'gp-record.pdf', 2]],
    );
    assert.ok(answer.copied_pages[0]!.similarity >= answer.threshold);
    if (!(await canPrintDocx())) return;
    const exported = await patel.get(`/api/patients/${ashworth}/record-review/export`);
    assert.equal(exported.statusCode, 200, exported.body);
    assert.match(
      (await printedDocxText(exported.rawPayload)).replace(/\s+/g, ' '),
      /spinal-letter\.pdf, page 1 is found again as gp-record\.pdf, page 2 \(\d+%\)/,
    );
  });

  it('lists no page of a whole copy, already grouped as one', async () => {
    const answer = await duplicates();
    assert.deepEqual(answer.copied_pages, []);
  });
});

describe('gaps and missing records', () => {
  it('flags a requested MRI with no report, a referral with no letter back and a report to follow', async () => {
    const answer = await gaps();
    assert.equal(answer.chronology_state, 'ready');
    const titles = answer.flags.filter((flag) => flag.kind === 'missing record').map((flag) => flag.title);
    assert.ok(
      titles.includes('MRI requested on 05/06/2023: no MRI report is in the records'),
      titles.join('\n'),
    );
    assert.ok(
      titles.includes(
        'Referral to pain clinic on 05/06/2023: no letter or report from pain clinic is in the records',
      ),
      titles.join('\n'),
    );
    const toFollow = answer.flags.filter((flag) => flag.title.startsWith('\u201creport will follow\u201d'));
    assert.ok(toFollow.length >= 1, titles.join('\n'));
    assert.ok(toFollow.every((flag) => flag.passage.includes('My full report will follow')));
    const mri = answer.flags.find((flag) => flag.title.startsWith('MRI requested'))!;
    assert.ok(mri.places.some((place) => place.filename === 'spinal-letter.pdf' && place.page === 1));
    assert.ok(mri.places[0]!.chunk_id !== null);
  });

  it('flags a gap in care over the threshold, and not under it', async () => {
    const gap = (await gaps()).flags.filter((flag) => flag.kind === 'gap in care');
    assert.deepEqual(
      gap.map((flag) => [flag.date, flag.end_date, flag.days]),
      [['2023-06-05', '2024-03-10', 279]],
    );
    assert.equal(gap[0]!.title, 'No recorded care for 279 days, from 05/06/2023 to 10/03/2024');
    assert.deepEqual(
      gap[0]!.places.map((place) => place.filename),
      ['spinal-letter.pdf', 'knee-letter.pdf'],
    );
    assert.equal((await gaps('?gap_days=300')).flags.filter((flag) => flag.kind === 'gap in care').length, 0);
    const refused = await patel.get(`/api/patients/${patientId}/record-gaps?gap_days=3`);
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().message, 'The gap must be a whole number of days from 7 to 3650');
  });

  it('counts missed appointments, each with its page', async () => {
    const answer = await gaps();
    assert.equal(answer.missed_appointments, 1);
    const missed = answer.flags.find((flag) => flag.kind === 'missed appointment')!;
    assert.equal(missed.title, 'Missed appointment on 12/12/2023');
    assert.equal(missed.places[0]!.filename, 'knee-letter.pdf');
  });

  it('exports the review as a Word document that lists the copies and the flags', async (context) => {
    const response = await patel.get(`/api/patients/${patientId}/record-review/export`);
    assert.equal(response.statusCode, 200, response.body);
    assert.match(
      String(response.headers['content-disposition']),
      /Eleanor_Whitfield_record_review_\d{4}-\d{2}-\d{2}\.docx/,
    );
    if (!(await canPrintDocx())) return context.skip('LibreOffice is not installed');
    const text = (await printedDocxText(response.rawPayload)).replace(/\s+/g, ' ');
    assert.match(text, /Record review — Eleanor Whitfield/);
    assert.match(text, /spinal-letter-rescan\.pdf \(1 pages, \d+%\): in the records/);
    assert.match(text, /MRI requested on 05\/06\/2023: no MRI report is in the records/);
    assert.match(text, /Source: spinal-letter\.pdf, page 1/);
  });

  it('gives the case overview: documents, pages, scans read by OCR, chronology, bundle and open jobs', async () => {
    const overview = await getJson<CaseOverview>(`/api/patients/${patientId}/overview`);
    assert.deepEqual(overview.documents, { total: 3, processed: 3, processing: 0, failed: 0, set_aside: 0 });
    assert.deepEqual(overview.pages, {
      total: 3,
      scanned: 1,
      read_by_ocr: 1,
      low_confidence: 1,
      unreadable: 0,
    });
    assert.equal(overview.chronology.state, 'ready');
    assert.equal(overview.chronology.out_of_date, false);
    assert.equal(overview.bundle.status, 'completed');
    assert.equal(overview.bundle.out_of_date, true, 'the rescan came back after the bundle was made');
    assert.ok((overview.bundle.page_count ?? 0) >= 2);
    assert.equal(overview.open_jobs, 0);
  });

  it('is refused for a patient of another group', async () => {
    const okafor = asUser(server, await signIn(server, 'dr.okafor'));
    const response = await okafor.get(`/api/patients/${patientId}/duplicates`);
    assert.equal(response.statusCode, 404);
  });
});
