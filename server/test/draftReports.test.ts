// Draft reports without a language model, through the real server: the calls, the job over a patient's real
// documents (an evidence digest per prompt, cited to real pages, then the complete report and the Word document),
// the Word failure that still completes, and who may do what.
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import PizZip from 'pizzip';
import {
  COMPLETE_FINAL_REPORT,
  type DraftReportJobsResponse,
  type DraftReportPromptsResponse,
  type DraftReportResultsResponse,
  type DraftReportStatusResponse,
  type DraftReportTypesResponse,
  type DocumentPageResponse,
  type GeneratedDocumentsResponse,
  type ReportSection,
} from '@ewrt/contract';
import {
  DRAFT_CASE_FILES,
  DRAFT_CASE_PAGES,
  DRAFT_CASE_PROMPTS,
  DRAFT_CASE_TYPE,
  setUpDraftCase,
  uploadAuthoringDocx,
  userIdOf,
  waitForDraftJob,
  type DraftCase,
} from './support/draftReportCase.js';
import { asUser, createTestServer, signIn, type TestServer } from './support/testServer.js';

const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };
const DIGEST_HEADING =
  'No language model is configured: this section is an evidence digest, not a draft. These passages of the ' +
  "patient's records best match the prompt.";

let server: TestServer;
let token: string;
let patel: ReturnType<typeof asUser>;
let draftCase: DraftCase;

before(async () => {
  server = await createTestServer(JOB_ENV);
  token = await signIn(server, 'dr.patel');
  patel = asUser(server, token);
  draftCase = await setUpDraftCase(server, token, 'dr.patel');
});
after(async () => {
  await server.close();
});

async function generate(body: Record<string, unknown> = {}): Promise<number> {
  const response = await patel.post('/api/draft-report/generate', {
    patient_id: draftCase.patientId,
    user_id: draftCase.userId,
    lookup_type_id: draftCase.typeId,
    ...body,
  });
  assert.equal(response.statusCode, 202, response.body);
  const answer = response.json();
  assert.deepEqual(answer, { success: true, job_id: answer.job_id, status: 'pending', error: null });
  return answer.job_id;
}

async function resultsOf(jobId: number) {
  const status = await waitForDraftJob(server, token, jobId);
  assert.equal(status.status, 'completed', status.error_message ?? '');
  const response = await patel.get(`/api/draft-report/results/${jobId}`);
  assert.equal(response.statusCode, 200, response.body);
  const answer = response.json() as DraftReportResultsResponse;
  assert.equal(answer.job_id, jobId);
  // The finished job stays readable where every job is shown: its status, the patient's list, the navbar's recent.
  for (const url of [
    `/api/jobs/${jobId}/status`,
    `/api/patients/${draftCase.patientId}/jobs`,
    `/api/background-jobs/user/${draftCase.userId}/recent-completed`,
  ]) {
    const shown = await patel.get(url);
    assert.equal(shown.statusCode, 200, `${url}: ${shown.body}`);
  }
  return answer.results.processing_result;
}

async function pageText(s3Key: string, page: number): Promise<string> {
  const response = await patel.get(
    `/api/documents/patient/${draftCase.patientId}/pages/${encodeURIComponent(s3Key)}/${page}`,
  );
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as DocumentPageResponse).text.replace(/\s+/g, ' ');
}

/** Every quoted passage of a digest is on the page its number cites. */
async function assertDigestQuotesResolve(section: ReportSection): Promise<void> {
  const quotes = [...section.response.matchAll(/^\[(\d+)\] .+?: "(.*)"$/gm)];
  assert.deepEqual(
    [...new Set(quotes.map((quote) => Number(quote[1])))].sort((x, y) => x - y),
    section.sources.map((source) => source.number),
    section.response,
  );
  for (const [, number, quote] of quotes) {
    const source = section.sources.find((each) => each.number === Number(number));
    assert.ok(source, `[${number}] has no source`);
    const text = await pageText(source.s3_key, source.page);
    for (const piece of quote!.split('…').filter((part) => part.trim() !== '')) {
      assert.ok(text.includes(piece.trim()), `"${piece}" is not on ${source.filename} page ${source.page}`);
    }
  }
}

describe('the report types and prompts of the user', () => {
  it("lists the group's types with their prompt counts", async () => {
    const response = await patel.get(`/api/draft-report/lookup-types/${draftCase.userId}`);
    assert.equal(response.statusCode, 200, response.body);
    const answer = response.json() as DraftReportTypesResponse;
    assert.equal(answer.success, true);
    assert.deepEqual(
      answer.lookup_types.find((type) => type.ID_LookupType === draftCase.typeId),
      { ID_LookupType: draftCase.typeId, LookupTypeText: DRAFT_CASE_TYPE, prompt_count: 3 },
    );
  });

  it('lists a type’s prompts in the order the report drafts them (the order they were added)', async () => {
    const response = await patel.get(`/api/draft-report/prompts/${draftCase.userId}/${draftCase.typeId}`);
    assert.equal(response.statusCode, 200, response.body);
    const answer = response.json() as DraftReportPromptsResponse;
    assert.deepEqual(
      answer.prompts.map((prompt) => [prompt.ID_Lookup, prompt.LookupTitle, prompt.LookupType]),
      DRAFT_CASE_PROMPTS.map((prompt, index) => [draftCase.promptIds[index], prompt.title, draftCase.typeId]),
    );
  });
});

describe('a draft report without a language model', () => {
  it('digests the evidence for each prompt in prompt order, cited to real pages, then the complete report', async () => {
    const jobId = await generate();
    const result = await resultsOf(jobId);
    assert.equal(result.report_type, DRAFT_CASE_TYPE);
    assert.equal(result.patient_id, draftCase.patientId);
    assert.deepEqual(
      result.results.map((section) => [section.title, section.prompt_id, section.origin]),
      [
        ...DRAFT_CASE_PROMPTS.map((prompt, index) => [
          prompt.title,
          draftCase.promptIds[index],
          'evidence-digest',
        ]),
        // No prompt asked for the documents reviewed: the list made from the records is its own section.
        ['Documents reviewed', null, 'records-list'],
        [COMPLETE_FINAL_REPORT, null, 'assembled'],
      ],
    );
    const sections = result.results.slice(0, 3);
    const expectedPages = [
      [DRAFT_CASE_FILES.letter, 1, DRAFT_CASE_PAGES.history],
      [DRAFT_CASE_FILES.letter, 2, DRAFT_CASE_PAGES.injuries],
      [DRAFT_CASE_FILES.physio, 1, DRAFT_CASE_PAGES.treatment],
    ] as const;
    for (const [index, section] of sections.entries()) {
      assert.ok(section.response.startsWith(`${DIGEST_HEADING}\n\n[1] `), section.response);
      assert.equal(section.bedrock_comprehensive, false);
      assert.equal(section.bedrock_model_used, null);
      assert.equal(section.template_applied, false);
      assert.deepEqual(section.unsupported_sentences, []);
      const [filename, page, text] = expectedPages[index]!;
      const best = section.sources[0]!;
      assert.deepEqual([best.number, best.filename, best.page], [1, filename, page], section.title);
      assert.ok((await pageText(best.s3_key, best.page)).includes(text));
      await assertDigestQuotesResolve(section);
    }

    const reviewed = result.results[3]!.response;
    assert.match(reviewed, /^2 documents in the records \(copies set aside are not listed\):$/m);
    assert.match(reviewed, /^\d\. .+ \u2014 gp-letter\.pdf, 2 pages$/m);
    assert.match(reviewed, /^\d\. .+ \u2014 physio-notes\.docx, \d+ pages?$/m);

    const complete = result.results[4]!;
    assert.equal(complete.bedrock_comprehensive, false);
    for (const prompt of DRAFT_CASE_PROMPTS)
      assert.match(complete.response, new RegExp(`^${prompt.title}$`, 'm'));
    await assertDigestQuotesResolve(complete);

    assert.deepEqual(result.ai_use.model_info.mode, 'retrieval-only');
    assert.equal(result.ai_use.model_info.model, null);
    assert.deepEqual(result.ai_use.drafted_sections, []);
    assert.deepEqual(
      result.ai_use.digest_sections,
      DRAFT_CASE_PROMPTS.map((prompt) => prompt.title),
    );
    assert.deepEqual([...result.ai_use.documents].sort(), Object.values(DRAFT_CASE_FILES).sort());

    // The Word document is listed among the patient's generated documents.
    assert.equal(result.docx_error, null);
    assert.equal(result.docx_saved, true);
    assert.match(result.docx_filename ?? '', /\.docx$/);
    const listed = await patel.get(`/api/documents/gai/${draftCase.patientId}`);
    assert.equal(listed.statusCode, 200, listed.body);
    const documents = (listed.json() as GeneratedDocumentsResponse).documents;
    assert.ok(
      documents.some((document) => document.s3_key === result.docx_s3_key && document.job_id === jobId),
      listed.body,
    );

    // The Word document holds the same digests: each section's heading and its plain statement of what it is.
    const docx = await readFile(path.join(server.dataDir, 'files', 'store', result.docx_s3_key!));
    const documentText = new PizZip(docx)
      .file('word/document.xml')!
      .asText()
      .replace(/<\/w:p>/g, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&apos;/g, "'");
    for (const prompt of DRAFT_CASE_PROMPTS) assert.ok(documentText.includes(prompt.title), prompt.title);
    assert.ok(documentText.includes(DIGEST_HEADING), documentText.slice(0, 2000));

    const jobs = await patel.get(`/api/users/${draftCase.userId}/draft-report-jobs?page=1&limit=10`);
    assert.equal(jobs.statusCode, 200, jobs.body);
    const listedJobs = jobs.json() as DraftReportJobsResponse;
    assert.equal(listedJobs.page, 1);
    assert.equal(listedJobs.limit, 10);
    const job = listedJobs.jobs.find((each) => each.job_id === jobId);
    assert.ok(job, jobs.body);
    assert.equal(job.status, 'completed');
    assert.equal(job.patient_name, 'Whitfield, Eleanor');
    assert.equal(job.report_type, DRAFT_CASE_TYPE);
    assert.equal(job.progress_percentage, 100);
    assert.ok(listedJobs.total >= 1);
  });

  it('drafts the prompts as they were when it was asked, whatever is edited meanwhile', async () => {
    const jobId = await generate();
    const [first] = DRAFT_CASE_PROMPTS;
    const edited = await patel.put(`/api/lookups/${draftCase.promptIds[0]}`, {
      LookupTitle: 'Renamed while the job runs',
      LookupText: first.text,
      LookupType: draftCase.typeId,
      ID_User: draftCase.userId,
      ID_Group: draftCase.groupId,
    });
    assert.equal(edited.statusCode, 200, edited.body);
    try {
      const result = await resultsOf(jobId);
      assert.equal(result.results[0]!.title, first.title);
    } finally {
      const restored = await patel.put(`/api/lookups/${draftCase.promptIds[0]}`, {
        LookupTitle: first.title,
        LookupText: first.text,
        LookupType: draftCase.typeId,
        ID_User: draftCase.userId,
        ID_Group: draftCase.groupId,
      });
      assert.equal(restored.statusCode, 200, restored.body);
    }
  });

  it('completes with its sections and the reason when the Word document cannot be written', async () => {
    const saved = await uploadAuthoringDocx(
      server,
      token,
      `/api/users/${draftCase.userId}/report-templates`,
      [['template_name', 'Firm letterhead']],
      'letterhead.docx',
      ['Firm letterhead'],
    );
    const templateId = saved.template.ID_Template as number;
    const { rows } = await server.app.ctx.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM report_templates WHERE id = $1`,
      [templateId],
    );
    // The template's file is lost from the store: the job cannot fill it.
    await rm(path.join(server.dataDir, 'files', 'store', rows[0]!.storage_key));
    const jobId = await generate({ template_id: templateId });
    const result = await resultsOf(jobId);
    assert.equal(result.docx_saved, false);
    assert.equal(result.docx_s3_key, null);
    assert.ok(result.docx_error && result.docx_error.length > 0, JSON.stringify(result));
    assert.equal(result.results.length, 5);
    for (const section of result.results) {
      assert.equal(section.template_applied, true);
      assert.equal(section.template_id, templateId);
    }
    assert.equal(result.ai_use.report_template, 'Firm letterhead');
  });
});

describe('who may draft reports', () => {
  // Jobs are never claimed here, so a job stays pending for as long as the test needs.
  let idle: TestServer;
  let idleCase: DraftCase;
  let idleToken: string;

  before(async () => {
    idle = await createTestServer({ JOB_CONCURRENCY: '0' });
    idleToken = await signIn(idle, 'dr.patel');
    const client = asUser(idle, idleToken);
    const { id: userId, groupId } = await userIdOf(idle, 'dr.patel');
    const created = await client.post('/api/lookup-types', { LookupTypeText: DRAFT_CASE_TYPE });
    assert.equal(created.statusCode, 201, created.body);
    const typeId = created.json().lookupType.ID_LookupType as number;
    const saved = await client.post('/api/lookups', {
      LookupTitle: 'History',
      LookupText: 'The history.',
      LookupType: typeId,
      ID_User: userId,
      ID_Group: groupId,
    });
    assert.equal(saved.statusCode, 201, saved.body);
    const { rows } = await idle.app.ctx.db.query<{ id: number }>(
      `SELECT id FROM patients WHERE mrn = 'DEMO-1001'`,
    );
    idleCase = {
      patientId: rows[0]!.id,
      userId,
      groupId,
      typeId,
      promptIds: [saved.json().lookup.ID_Lookup],
    };
  });
  after(async () => {
    await idle.close();
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    patient_id: idleCase.patientId,
    user_id: idleCase.userId,
    lookup_type_id: idleCase.typeId,
    ...overrides,
  });

  it('answers the status while pending, refuses results until completed, and hides the job from others', async () => {
    const patelClient = asUser(idle, idleToken);
    const started = await patelClient.post('/api/draft-report/generate', body());
    assert.equal(started.statusCode, 202, started.body);
    const jobId = started.json().job_id as number;
    const status = await patelClient.get(`/api/draft-report/status/${jobId}`);
    assert.equal(status.statusCode, 200, status.body);
    assert.deepEqual(
      { ...(status.json() as DraftReportStatusResponse), created_at: null },
      {
        success: true,
        job_id: jobId,
        status: 'pending',
        progress_percentage: 0,
        current_step: null,
        error_message: null,
        created_at: null,
      },
    );
    const results = await patelClient.get(`/api/draft-report/results/${jobId}`);
    assert.equal(results.statusCode, 409, results.body);
    assert.equal(results.json().message, 'The report is not ready yet');

    const job = await idle.app.ctx.jobs.get(jobId);
    const input = job?.input_data as Record<string, unknown> | undefined;
    assert.equal(input?.report_type, DRAFT_CASE_TYPE);
    assert.deepEqual(input?.prompts, [{ id: idleCase.promptIds[0], title: 'History', text: 'The history.' }]);
    const { rows } = await idle.app.ctx.db.query<{ title: string }>(`SELECT title FROM jobs WHERE id = $1`, [
      jobId,
    ]);
    assert.equal(rows[0]!.title, `Draft report: ${DRAFT_CASE_TYPE} for Whitfield`);
    const audit = await idle.app.ctx.db.query<{
      patient_id: number;
      details: { outcome: string; job_id: number };
    }>(
      `SELECT patient_id, details FROM audit_log WHERE action = 'draft_report.generate' ORDER BY id DESC LIMIT 1`,
    );
    assert.equal(audit.rows[0]!.patient_id, idleCase.patientId);
    assert.equal(audit.rows[0]!.details.job_id, jobId);

    const hughes = asUser(idle, await signIn(idle, 's.hughes'));
    assert.equal((await hughes.get(`/api/draft-report/status/${jobId}`)).statusCode, 404);
    assert.equal((await hughes.get(`/api/draft-report/results/${jobId}`)).statusCode, 404);
    assert.equal((await patelClient.get(`/api/draft-report/status/987654`)).statusCode, 404);
  });

  it('refuses users whose access level has no draft reports', async () => {
    for (const username of ['t.reid', 'r.viewer']) {
      const { id } = await userIdOf(idle, username);
      const client = asUser(idle, await signIn(idle, username));
      assert.equal((await client.get(`/api/draft-report/lookup-types/${id}`)).statusCode, 403, username);
      assert.equal((await client.get(`/api/users/${id}/draft-report-jobs`)).statusCode, 403, username);
      const refused = await client.post('/api/draft-report/generate', body({ user_id: id }));
      assert.equal(refused.statusCode, 403, username);
    }
  });

  it('refuses another user’s id, another group’s patient and type, and what the caller does not own', async () => {
    const patelClient = asUser(idle, idleToken);
    const { id: hughesId } = await userIdOf(idle, 's.hughes');
    assert.equal((await patelClient.get(`/api/draft-report/lookup-types/${hughesId}`)).statusCode, 403);
    assert.equal(
      (await patelClient.get(`/api/draft-report/prompts/${hughesId}/${idleCase.typeId}`)).statusCode,
      403,
    );
    assert.equal((await patelClient.get(`/api/users/${hughesId}/draft-report-jobs`)).statusCode, 403);
    assert.equal(
      (await patelClient.post('/api/draft-report/generate', body({ user_id: hughesId }))).statusCode,
      403,
    );

    const { id: okaforId } = await userIdOf(idle, 'dr.okafor');
    const okafor = asUser(idle, await signIn(idle, 'dr.okafor'));
    assert.equal(
      (await okafor.get(`/api/draft-report/prompts/${okaforId}/${idleCase.typeId}`)).statusCode,
      404,
    );
    const otherGroup = await okafor.post('/api/draft-report/generate', body({ user_id: okaforId }));
    assert.equal(otherGroup.statusCode, 404, 'another group’s patient does not exist for them');

    const unknownTemplate = await patelClient.post(
      '/api/draft-report/generate',
      body({ template_id: 987654 }),
    );
    assert.equal(unknownTemplate.statusCode, 404, unknownTemplate.body);
    assert.equal(unknownTemplate.json().message, 'Report template not found');
    const unknownStructured = await patelClient.post(
      '/api/draft-report/generate',
      body({ metadata: { structured_template_id: 987654 } }),
    );
    assert.equal(unknownStructured.statusCode, 404, unknownStructured.body);
    const unknownType = await patelClient.post(
      '/api/draft-report/generate',
      body({ lookup_type_id: 987654 }),
    );
    assert.equal(unknownType.statusCode, 404, unknownType.body);
  });

  it('refuses a report type without prompts with a message that says what to do', async () => {
    const patelClient = asUser(idle, idleToken);
    const created = await patelClient.post('/api/lookup-types', { LookupTypeText: 'Empty type' });
    assert.equal(created.statusCode, 201, created.body);
    const refused = await patelClient.post(
      '/api/draft-report/generate',
      body({ lookup_type_id: created.json().lookupType.ID_LookupType }),
    );
    assert.equal(refused.statusCode, 400, refused.body);
    assert.match(
      refused.json().message,
      /has no prompts\. Add prompts to it on the Draft Report Prompts screen/,
    );
  });

  it('answers a request without the required fields with the spec’s message', async () => {
    const refused = await asUser(idle, idleToken).post('/api/draft-report/generate', {
      user_id: idleCase.userId,
      lookup_type_id: idleCase.typeId,
    });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.equal(refused.json().message, 'Missing required information');
  });
});
