// The "Documents reviewed" list of a draft report without a language model, through the real server: a clinic
// letter and a re-print of it are uploaded, the re-print is set aside as a copy, and the report's "Documents
// Reviewed" prompt is answered by the list made from the records (the kept letter only, with its date, author, type
// and pages, then the flags of missing records), never by an evidence search; the Word file, printed through
// LibreOffice, holds the same list.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { COMPLETE_FINAL_REPORT, type DraftReportResultsResponse } from '@ewrt/contract';
import { buildPdf } from './fixtures/buildDocumentFixtures.js';
import { userIdOf, waitForDraftJob } from './support/draftReportCase.js';
import { uploadAndProcess } from './support/documentUploads.js';
import { canPrintDocx, printedDocxText } from './support/printedDocx.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };

const LETTER = [
  'Northgate Hospital NHS Trust',
  'Department of Trauma and Orthopaedics, Hospital Road, Northgate NG1 4AB',
  'Re: Mrs Eleanor Whitfield, date of birth 14/03/1968',
  'Dear Dr Patel,',
  'I saw Mrs Whitfield in the spinal clinic on 05/06/2023 with low back pain after the fall at work.',
  'The pain radiates into the left buttock and calf and straight leg raising was limited on the left.',
  'Power was normal throughout and there was no saddle anaesthesia or sphincter upset.',
  'I requested an MRI of the lumbar spine on 05/06/2023 to look for a disc prolapse.',
  'She continues on naproxen and co-codamol and remains off work as a care assistant.',
  'My full report will follow once the scan has been done.',
  'Yours sincerely,',
  'Mr Daniel Hughes',
  'Consultant Orthopaedic Spinal Surgeon',
];
/** The same letter printed again from the hospital system: not byte for byte the same file. */
const REPRINT = [...LETTER, 'Reprinted from the electronic patient record'];

const PROMPTS = [
  { title: 'Injuries sustained', text: 'Describe the low back pain after the fall at work.' },
  { title: 'Documents Reviewed', text: 'List every document the expert has reviewed.' },
];

/** The letter says a report will follow: flagged once, on the kept letter's page, not again for its copy. */
const FLAG_LINE =
  '- \u201creport will follow\u201d: check that the records hold it (spinal-letter.pdf, page 1)';
const KEPT_LINE =
  '1. 05/06/2023 \u2014 Mr Daniel Hughes \u2014 clinic letter \u2014 spinal-letter.pdf, 1 page';

let server: TestServer;
let token: string;
let patel: ReturnType<typeof asUser>;
let patientId: number;

before(async () => {
  server = await createTestServer(JOB_ENV);
  token = await signIn(server, 'dr.patel');
  patel = asUser(server, token);
  patientId = await patientIdByMrn(server, 'DEMO-1001');
  const keys: string[] = [];
  for (const [filename, lines] of [
    ['spinal-letter.pdf', LETTER],
    ['spinal-letter-reprint.pdf', REPRINT],
  ] as const) {
    const job = await uploadAndProcess(server, token, patientId, {
      filename,
      content: await buildPdf([lines.join('\n')]),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const { rows } = await server.app.ctx.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM documents WHERE patient_id = $1 AND filename = $2`,
      [patientId, filename],
    );
    keys.push(rows[0]!.storage_key);
  }
  const setAside = await patel.post(`/api/patients/${patientId}/duplicates/set-aside`, {
    keep: keys[0],
    set_aside: [keys[1]],
  });
  assert.equal(setAside.statusCode, 200, setAside.body);
});
after(async () => {
  await server.close();
});

describe('the documents reviewed in a draft report', () => {
  it('lists the documents kept in the records, not the copy set aside, in the results and the Word file', async () => {
    const { id: userId, groupId } = await userIdOf(server, 'dr.patel');
    const created = await patel.post('/api/lookup-types', { LookupTypeText: 'Spinal report' });
    assert.equal(created.statusCode, 201, created.body);
    const typeId = created.json().lookupType.ID_LookupType as number;
    for (const prompt of PROMPTS) {
      const saved = await patel.post('/api/lookups', {
        LookupTitle: prompt.title,
        LookupText: prompt.text,
        LookupType: typeId,
        ID_User: userId,
        ID_Group: groupId,
      });
      assert.equal(saved.statusCode, 201, saved.body);
    }
    const started = await patel.post('/api/draft-report/generate', {
      patient_id: patientId,
      user_id: userId,
      lookup_type_id: typeId,
    });
    assert.equal(started.statusCode, 202, started.body);
    const jobId = started.json().job_id as number;
    const status = await waitForDraftJob(server, token, jobId);
    assert.equal(status.status, 'completed', status.error_message ?? '');
    const response = await patel.get(`/api/draft-report/results/${jobId}`);
    assert.equal(response.statusCode, 200, response.body);
    const result = (response.json() as DraftReportResultsResponse).results.processing_result;

    // The prompt asking for the list is answered by it, in its place; no other list is appended.
    assert.deepEqual(
      result.results.map((section) => section.title),
      ['Injuries sustained', 'Documents Reviewed', COMPLETE_FINAL_REPORT],
    );
    const listed = result.results[1]!;
    assert.deepEqual(listed.sources, [], 'the list is made from the records, not from searched passages');
    const lines = listed.response.split('\n');
    assert.equal(lines[0], '1 document in the records (copies set aside are not listed):');
    assert.equal(lines[1], KEPT_LINE);
    assert.ok(!listed.response.includes('reprint'), listed.response);
    assert.deepEqual(lines.slice(2), ['', 'Gaps and missing records flagged:', FLAG_LINE], listed.response);

    if (!(await canPrintDocx())) {
      assert.fail('LibreOffice (soffice) and pdftotext are needed to read the Word file back');
    }
    assert.equal(result.docx_error, null);
    const docx = await readFile(path.join(server.dataDir, 'files', 'store', result.docx_s3_key!));
    const printed = await printedDocxText(docx, { layout: false });
    assert.ok(printed.includes(KEPT_LINE), printed);
    assert.ok(printed.includes(FLAG_LINE), printed);
    assert.ok(!printed.includes('spinal-letter-reprint.pdf'), printed);
  });
});
