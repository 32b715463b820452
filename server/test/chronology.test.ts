// The medical chronology over real uploads: records made here state known events on known pages in every UK date
// form, with a copy of one letter, a date of birth, dictated/typed dates, a page footer and a print date that are
// not events. The build job, the events, their places, merging of copies, out-of-date marking, filters, scope and
// the Word export (opened by LibreOffice) are checked through the API.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ChronologyEvent, ChronologyResponse, Job } from '@ewrt/contract';
import { fileNameDay } from '../src/features/conversations/conversationNames.js';
import { buildPdf } from './fixtures/buildDocumentFixtures.js';
import { finished, uploadAndProcess, waitFor } from './support/documentUploads.js';
import { canPrintDocx, printedDocxText } from './support/printedDocx.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };

/** A clinic letter of three pages (form feeds), its events on known pages, and dates that are not events. */
const LETTER_PAGES = [
  [
    'Northgate Hospital NHS Trust',
    'Our ref: OR/2231',
    'Patient: Mrs Eleanor Whitfield DOB: 14/03/1968',
    'Date: 05/06/2023',
    '',
    'Dear Dr Patel,',
    'I reviewed Mrs Whitfield in the fracture clinic on 05/06/2023 with right wrist pain after the fall.',
    'She had seen her GP on 01/06/2023 with neck stiffness.',
    'An X-ray of the right wrist on 3/6/23 showed an undisplaced fracture of the distal radius.',
    'Dictated: 06/06/2023 Typed: 07/06/2023',
  ].join('\n'),
  [
    'She was admitted to the orthopaedic ward on 3rd July 2023.',
    'Mr Hughes performed an open reduction and internal fixation on 4 Jul 23.',
    'Page 2 of 3 17/07/2023',
  ].join('\n'),
  [
    'Physiotherapy started in August 2023 and she attended six sessions.',
    'In 2019 she underwent a left knee arthroscopy.',
    'An MRI of the cervical spine on 2023-09-14 was normal.',
    'She was started on naproxen 500 mg on 15.09.2023.',
    'Date printed: 30/06/2024',
  ].join('\n'),
];
/** The second page of the letter again, as a scanned-and-printed copy in another file. */
const COPY_PAGE = LETTER_PAGES[1]!.split('\n').slice(0, 2).join('\n');

/** The events the letter states, in date order: date, precision, kind, page of the letter. */
const EXPECTED = [
  { date: '2019-01-01', precision: 'year', date_text: '2019', kind: 'operation', page: 3 },
  { date: '2023-06-01', precision: 'day', date_text: '01/06/2023', kind: 'consultation', page: 1 },
  { date: '2023-06-03', precision: 'day', date_text: '3/6/23', kind: 'imaging', page: 1 },
  { date: '2023-06-05', precision: 'day', date_text: '05/06/2023', kind: 'consultation', page: 1 },
  { date: '2023-07-03', precision: 'day', date_text: '3rd July 2023', kind: 'admission', page: 2 },
  { date: '2023-07-04', precision: 'day', date_text: '4 Jul 23', kind: 'operation', page: 2 },
  { date: '2023-08-01', precision: 'month', date_text: 'August 2023', kind: 'therapy', page: 3 },
  { date: '2023-09-14', precision: 'day', date_text: '2023-09-14', kind: 'imaging', page: 3 },
  { date: '2023-09-15', precision: 'day', date_text: '15.09.2023', kind: 'prescription', page: 3 },
] as const;
/** Dates in the letter that are not events: birth, dictated, typed, page footer, printed. */
const NOT_EVENTS = ['1968-03-14', '2023-06-06', '2023-06-07', '2023-07-17', '2024-06-30'];

let server: TestServer;
let patel: ReturnType<typeof asUser>;
let token: string;
let patientId: number;
let url: string;

async function chronology(query = '', as = patel): Promise<ChronologyResponse> {
  const response = await as.get(`${url}${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

async function buildAndWait(): Promise<Job> {
  const response = await patel.post(`${url}/build`);
  assert.equal(response.statusCode, 202, response.body);
  const jobId = response.json().job_id as number;
  const job = await waitFor(() => server.app.ctx.jobs.get(jobId), finished, 'the chronology job');
  assert.equal(job?.status, 'completed', job?.error_message ?? '');
  return job!;
}

const eventOn = (answer: ChronologyResponse, date: string): ChronologyEvent => {
  const event = answer.events.find((candidate) => candidate.date === date);
  assert.ok(event, `no event on ${date}: ${answer.events.map((found) => found.date).join(', ')}`);
  return event;
};

before(async () => {
  server = await createTestServer(JOB_ENV);
  token = await signIn(server, 'dr.patel');
  patel = asUser(server, token);
  patientId = await patientIdByMrn(server, 'DEMO-1001');
  url = `/api/patients/${patientId}/chronology`;
  const letter = await uploadAndProcess(server, token, patientId, {
    filename: 'clinic-letter.txt',
    content: Buffer.from(LETTER_PAGES.join('\f'), 'utf8'),
  });
  assert.equal(letter.status, 'completed', letter.error_message ?? '');
  const copy = await uploadAndProcess(server, token, patientId, {
    filename: 'letter-copy.pdf',
    content: await buildPdf(['Copy for the GP', COPY_PAGE]),
  });
  assert.equal(copy.status, 'completed', copy.error_message ?? '');
});
after(async () => {
  await server.close();
});

describe('the medical chronology', () => {
  it('has none before the first build', async () => {
    const answer = await chronology();
    assert.equal(answer.state, 'none');
    assert.equal(answer.events.length, 0);
    assert.equal(answer.job, null);
    assert.equal(answer.date_of_event, '2023-06-02');
  });

  it('builds every dated event of the records with its date, precision, kind and page', async () => {
    const job = await buildAndWait();
    const answer = await chronology();
    assert.equal(answer.state, 'ready');
    assert.equal(answer.out_of_date, false);
    assert.equal(answer.job?.id, job.id);
    assert.equal(answer.described_by, 'rules');
    assert.equal(answer.model_info?.mode, 'retrieval-only');
    assert.deepEqual(
      answer.events.map((event) => ({
        date: event.date,
        precision: event.precision,
        date_text: event.date_text,
        kind: event.kind,
        page: event.places[0]!.page,
      })),
      EXPECTED,
    );
    for (const event of answer.events) {
      assert.equal(event.places[0]!.filename, 'clinic-letter.txt');
      assert.equal(event.places[0]!.source, 'text');
      assert.ok(event.places[0]!.chunk_id !== null);
      assert.ok(event.passage.includes(event.date_text), `${event.date_text} in ${event.passage}`);
      assert.equal(event.summary, null);
    }
    assert.equal(
      eventOn(answer, '2023-06-03').passage,
      'An X-ray of the right wrist on 3/6/23 showed an undisplaced fracture of the distal radius.',
    );
    assert.equal(eventOn(answer, '2023-07-04').clinician, 'Mr Hughes');
    assert.equal(eventOn(answer, '2023-06-05').clinician, null, 'the patient is not the clinician');
    assert.deepEqual(answer.years, [2019, 2023]);
    assert.equal(answer.total_events, EXPECTED.length);
    // Against the Date of Event (02/06/2023).
    assert.deepEqual(
      answer.events.map((event) => event.relation),
      ['before', 'before', 'after', 'after', 'after', 'after', 'after', 'after', 'after'],
    );
    const progress = (
      await server.app.ctx.db.query<{ message: string }>(`SELECT message FROM job_logs WHERE job_id = $1`, [
        job.id,
      ])
    ).rows.map((row) => row.message);
    assert.ok(
      progress.some((line) => /Read \d+ page\(s\) of 2 document\(s\)/.test(line)),
      progress.join('\n'),
    );
  });

  it('leaves out dates of birth, dictated, typed, footer and printed dates', async () => {
    const dates = (await chronology()).events.map((event) => event.date);
    for (const date of NOT_EVENTS) assert.ok(!dates.includes(date), `${date} is not an event`);
  });

  it('lists each place of a statement copied in two files once, as one event', async () => {
    const answer = await chronology();
    for (const date of ['2023-07-03', '2023-07-04']) {
      assert.deepEqual(
        eventOn(answer, date).places.map((place) => [place.filename, place.page, place.bundle_page]),
        [
          ['clinic-letter.txt', 2, null],
          ['letter-copy.pdf', 2, null],
        ],
      );
    }
  });

  it('filters by dates, kinds and text, counting every event for the filters', async () => {
    const dates = async (query: string) => (await chronology(query)).events.map((event) => event.date);
    assert.deepEqual(await dates('?from=2023-07-01&to=2023-08-31'), [
      '2023-07-03',
      '2023-07-04',
      '2023-08-01',
    ]);
    assert.deepEqual(await dates('?kind=imaging,therapy'), ['2023-06-03', '2023-08-01', '2023-09-14']);
    assert.deepEqual(await dates('?q=NAPROXEN'), ['2023-09-15']);
    assert.deepEqual(await dates('?q=letter-copy'), ['2023-07-03', '2023-07-04']);
    const filtered = await chronology('?kind=operation');
    assert.equal(filtered.total_events, EXPECTED.length);
    assert.equal(filtered.events.length, 2);
    const refused = await patel.get(`${url}?from=yesterday`);
    assert.equal(refused.statusCode, 400);
  });

  it('exports the filtered chronology as a Word table that a word processor opens', async (context) => {
    const response = await patel.get(`${url}/export?from=2023-06-01`);
    assert.equal(response.statusCode, 200, response.body);
    assert.match(response.headers['content-type'] as string, /wordprocessingml/);
    assert.match(
      response.headers['content-disposition'] as string,
      new RegExp(`Eleanor_Whitfield_chronology_${fileNameDay(new Date())}\\.docx`),
    );
    if (!(await canPrintDocx())) {
      context.skip('LibreOffice (soffice) or pdftotext is not installed: the printed table is not checked');
      return;
    }
    // pdftotext -layout prints each table row's first line on one line: date, event, kind, clinician, source.
    const printed = await printedDocxText(response.rawPayload);
    for (const text of [
      'Medical chronology \u2014 Eleanor Whitfield',
      'Eleanor Whitfield, MRN DEMO-1001, date of birth 14/03/1968',
      'No language model is configured',
      'Filters applied: from 01/06/2023: 8 of 9 events',
      'Date Event Kind Clinician Source',
      'Date of Event: 02/06/2023: events before it above, on and after it below',
    ]) {
      assert.ok(printed.includes(text), `"${text}" in: ${printed}`);
    }
    const rows = [
      /01\/06\/2023 She had seen her GP on .*? consultation clinic-letter\.txt, page 1/,
      /03\/06\/2023 An X-ray of the right wrist .*? imaging clinic-letter\.txt, page 1/,
      /04\/07\/2023 Mr Hughes performed .*? operation Mr Hughes clinic-letter\.txt, page 2 .*?letter-copy\.pdf, page 2/,
      /August 2023 Physiotherapy started in August 2023 .*? therapy clinic-letter\.txt, page 3/,
    ];
    for (const row of rows) assert.match(printed, row);
    assert.ok(!printed.includes('In 2019 she underwent'), 'the filter left the 2019 event out');
    const divider = printed.indexOf('events before it above');
    assert.ok(printed.indexOf('01/06/2023 She had seen her GP') < divider, 'the GP visit is above the line');
    assert.ok(divider < printed.indexOf('03/06/2023 An X-ray'), 'the X-ray is below the line');
  });

  it('runs one build at a time per patient', async () => {
    // Two clicks at once: the second waits for the first's transaction, then finds its job still pending.
    const [first, second] = (
      await Promise.all([patel.post(`${url}/build`), patel.post(`${url}/build`)])
    ).sort((a, b) => a.statusCode - b.statusCode);
    assert.equal(first!.statusCode, 202, first!.body);
    assert.equal(second!.statusCode, 409, second!.body);
    const jobId = first!.json().job_id as number;
    assert.equal(
      second!.json().message,
      `A chronology is already being built for this patient (job ${jobId}). Wait for it to finish, or cancel it from the job list.`,
    );
    await waitFor(() => server.app.ctx.jobs.get(jobId), finished, 'the first build');
  });

  it('is out of date once another document is processed, and up to date after a rebuild', async () => {
    const job = await uploadAndProcess(server, token, patientId, {
      filename: 'gp-note.txt',
      content: Buffer.from('Seen by the GP on 20/10/2023 with ongoing wrist pain.', 'utf8'),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const stale = await chronology();
    assert.equal(stale.out_of_date, true);
    assert.ok(!stale.events.some((event) => event.date === '2023-10-20'));
    await buildAndWait();
    const fresh = await chronology();
    assert.equal(fresh.out_of_date, false);
    assert.equal(eventOn(fresh, '2023-10-20').places[0]!.filename, 'gp-note.txt');
  });

  it('is refused for another group\u2019s patient and for a user without full access', async () => {
    const okafor = asUser(server, await signIn(server, 'dr.okafor'));
    for (const call of [okafor.get(url), okafor.post(`${url}/build`), okafor.get(`${url}/export`)]) {
      assert.equal((await call).statusCode, 404);
    }
    const viewer = asUser(server, await signIn(server, 'r.viewer'));
    assert.equal((await viewer.get(url)).statusCode, 403);
    assert.equal((await viewer.post(`${url}/build`)).statusCode, 403);
    const { rows } = await server.app.ctx.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE patient_id = $1 AND action LIKE 'chronology.%' ORDER BY id`,
      [patientId],
    );
    const actions = new Set(rows.map((row) => row.action));
    for (const action of ['chronology.read', 'chronology.build', 'chronology.export']) {
      assert.ok(actions.has(action), `${action} audited`);
    }
  });

  it('is removed with the rest of the patient\u2019s data', async () => {
    const response = await patel.delete(`/api/patients/${patientId}/delete-all-data`);
    assert.equal(response.statusCode, 200, response.body);
    assert.ok(response.json().deleted.chronology_events >= EXPECTED.length, response.body);
    const answer = await chronology();
    assert.equal(answer.state, 'none');
    assert.equal(answer.total_events, 0);
    assert.equal(answer.built_at, null);
  });
});
