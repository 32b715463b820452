// Draft reports drafted by a language model: the local OpenAI-compatible stand-in (test/support/openAiStandIn.ts)
// answers each section with one cited, quoting sentence per numbered source, so the prompt, the citations, the
// support check, the model named, a failing model and a restart in the middle of the job are all real.
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { DocumentPageResponse, DraftReportResultsResponse } from '@ewrt/contract';
import { buildApp } from '../src/app/buildApp.js';
import { parseCitations } from '../src/features/answers/parseCitations.js';
import {
  DRAFT_CASE_PROMPTS,
  setUpDraftCase,
  uploadAuthoringDocx,
  waitForDraftJob,
  type DraftCase,
} from './support/draftReportCase.js';
import { waitFor } from './support/documentUploads.js';
import {
  DEFAULT_UNSUPPORTED_SENTENCE,
  startOpenAiStandIn,
  type OpenAiStandIn,
} from './support/openAiStandIn.js';
import {
  asUser,
  createTestClock,
  createTestServer,
  makeTempDir,
  signIn,
  testConfig,
  type TestServer,
} from './support/testServer.js';

const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };
const REPORTED_MODEL = 'stand-in-chat-7';
const STYLE_SENTENCE = 'I saw the claimant at my consulting rooms and I have read the records listed below.';

const chatRequests = (standIn: OpenAiStandIn) =>
  standIn.requests.filter((request) => request.path === '/v1/chat/completions');
const lastUserMessage = (request: OpenAiStandIn['requests'][number]) =>
  request.body.messages!.filter((message) => message.role === 'user').at(-1)!.content;

describe('a draft report drafted by the language model', () => {
  let standIn: OpenAiStandIn;
  let server: TestServer;
  let token: string;
  let patel: ReturnType<typeof asUser>;
  let draftCase: DraftCase;

  before(async () => {
    standIn = await startOpenAiStandIn({ reportedModel: REPORTED_MODEL, mode: 'cite-with-unsupported' });
    server = await createTestServer({
      ...JOB_ENV,
      AI_BASE_URL: standIn.baseUrl,
      AI_MODEL: 'configured-chat-model',
    });
    token = await signIn(server, 'dr.patel');
    patel = asUser(server, token);
    draftCase = await setUpDraftCase(server, token, 'dr.patel');
    await uploadAuthoringDocx(
      server,
      token,
      `/api/users/${draftCase.userId}/example-document`,
      [],
      'my-style.docx',
      [STYLE_SENTENCE],
    );
  });
  after(async () => {
    await server.close();
    await standIn.close();
  });

  async function generate(): Promise<number> {
    const response = await patel.post('/api/draft-report/generate', {
      patient_id: draftCase.patientId,
      user_id: draftCase.userId,
      lookup_type_id: draftCase.typeId,
    });
    assert.equal(response.statusCode, 202, response.body);
    return response.json().job_id;
  }

  it('drafts each section in the expert’s style, citing pages that say what it quotes, and flags the unsupported', async () => {
    const before = chatRequests(standIn).length;
    const jobId = await generate();
    const status = await waitForDraftJob(server, token, jobId);
    assert.equal(status.status, 'completed', status.error_message ?? '');
    const response = await patel.get(`/api/draft-report/results/${jobId}`);
    assert.equal(response.statusCode, 200, response.body);
    const result = (response.json() as DraftReportResultsResponse).results.processing_result;

    const asked = chatRequests(standIn).slice(before);
    assert.deepEqual(
      asked.map((request) => /^Section to draft: (.+)$/m.exec(lastUserMessage(request))?.[1]),
      DRAFT_CASE_PROMPTS.map((prompt) => prompt.title),
      'one request per prompt, in prompt order',
    );
    const system = asked[0]!.body.messages![0]!;
    assert.equal(system.role, 'system');
    assert.match(system.content, /CPR Part 35/);
    assert.ok(system.content.includes(STYLE_SENTENCE), 'the style document is the example');

    const sections = result.results.slice(0, 3);
    for (const section of sections) {
      assert.equal(section.origin, 'language-model');
      assert.equal(section.bedrock_comprehensive, true);
      assert.equal(section.bedrock_model_used, REPORTED_MODEL);
      assert.deepEqual(section.unsupported_sentences, [DEFAULT_UNSUPPORTED_SENTENCE]);
      const quotes = [...section.response.matchAll(/The source reads: "([^"]+)" \[(\d+)\]\./g)];
      assert.equal(quotes.length, section.sources.length, section.response);
      for (const [, quote, number] of quotes) {
        const source = section.sources[Number(number) - 1]!;
        assert.equal(source.number, Number(number));
        const page = await patel.get(
          `/api/documents/patient/${draftCase.patientId}/pages/${encodeURIComponent(source.s3_key)}/${source.page}`,
        );
        assert.equal(page.statusCode, 200, page.body);
        const text = (page.json() as DocumentPageResponse).text.replace(/\s+/g, ' ');
        assert.ok(text.includes(quote!), `"${quote}" is not on ${source.filename} page ${source.page}`);
      }
    }

    // The documents-reviewed list is the records' own, appended after the drafted sections; the model never saw it.
    assert.equal(result.results[3]!.title, 'Documents reviewed');
    assert.equal(result.results[3]!.bedrock_model_used, null);
    const complete = result.results[4]!;
    assert.equal(complete.bedrock_comprehensive, true);
    assert.equal(complete.bedrock_model_used, REPORTED_MODEL);
    const cited = parseCitations(complete.response, complete.sources.length);
    assert.deepEqual(
      [...cited].sort((a, b) => a - b),
      complete.sources.map((source) => source.number),
      'every source of the complete report is cited, and every citation is a source',
    );

    const host = new URL(standIn.baseUrl).host;
    assert.deepEqual(result.ai_use.model_info, {
      mode: 'language-model',
      model: REPORTED_MODEL,
      provider: host,
      label: `${REPORTED_MODEL} (${host})`,
    });
    assert.deepEqual(
      result.ai_use.drafted_sections,
      DRAFT_CASE_PROMPTS.map((prompt) => prompt.title),
    );
    assert.equal(result.ai_use.style_document, 'my-style.docx');
    const { rows } = await server.app.ctx.db.query<{
      user_id: number;
      patient_id: number;
      details: { job_id: number; model: string; drafted_sections: string[]; documents: string[] };
    }>(`SELECT user_id, patient_id, details FROM audit_log WHERE action = 'draft_report.ai_use'`);
    const line = rows.find((row) => row.details.job_id === jobId);
    assert.ok(line, JSON.stringify(rows));
    assert.equal(line.user_id, draftCase.userId);
    assert.equal(line.patient_id, draftCase.patientId);
    assert.equal(line.details.model, REPORTED_MODEL);
    assert.deepEqual(line.details.drafted_sections, result.ai_use.drafted_sections);
    assert.deepEqual(line.details.documents, result.ai_use.documents);
  });

  it('fails with the model’s reason when the model fails, and has no results', async () => {
    standIn.setMode('fail');
    try {
      const jobId = await generate();
      const status = await waitForDraftJob(server, token, jobId);
      assert.equal(status.status, 'failed');
      assert.match(status.error_message ?? '', /The model is overloaded/);
      const results = await patel.get(`/api/draft-report/results/${jobId}`);
      assert.equal(results.statusCode, 409, results.body);
    } finally {
      standIn.setMode('cite-with-unsupported');
    }
  });
});

describe('a server stopped in the middle of a draft report', () => {
  let dataDir: string;
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('resumes after the restart without drafting a finished section again, and completes once', async () => {
    // The first section is answered; the second request then hangs until the server stops.
    const standIn = await startOpenAiStandIn({ reportedModel: REPORTED_MODEL, hangAfterChats: 1 });
    dataDir = await makeTempDir('ewrt-draft-restart-');
    const env = { ...JOB_ENV, AI_BASE_URL: standIn.baseUrl, AI_MODEL: 'configured-chat-model' };
    const config = testConfig(dataDir, env);
    const clock = createTestClock();
    const secrets = new Map<string, string>();
    const first: TestServer = {
      app: await buildApp(config, { clock: clock.now }),
      config,
      clock,
      dataDir,
      secrets,
      close: async () => undefined,
    };
    let second: TestServer | null = null;
    try {
      const token = await signIn(first, 'dr.patel');
      const draftCase = await setUpDraftCase(first, token, 'dr.patel');
      const started = await asUser(first, token).post('/api/draft-report/generate', {
        patient_id: draftCase.patientId,
        user_id: draftCase.userId,
        lookup_type_id: draftCase.typeId,
      });
      assert.equal(started.statusCode, 202, started.body);
      const jobId = started.json().job_id as number;
      await waitFor(
        async () => chatRequests(standIn).length,
        (count) => count === 2,
        'the second section’s request',
      );
      await first.app.close();

      standIn.setMode('cite');
      second = { ...first, app: await buildApp(config, { clock: clock.now }) };
      const status = await waitForDraftJob(second, token, jobId);
      assert.equal(status.status, 'completed', status.error_message ?? '');

      const titlesAsked = chatRequests(standIn).map(
        (request) => /^Section to draft: (.+)$/m.exec(lastUserMessage(request))?.[1],
      );
      assert.deepEqual(titlesAsked, [
        DRAFT_CASE_PROMPTS[0].title,
        DRAFT_CASE_PROMPTS[1].title,
        DRAFT_CASE_PROMPTS[1].title,
        DRAFT_CASE_PROMPTS[2].title,
      ]);
      const results = await asUser(second, token).get(`/api/draft-report/results/${jobId}`);
      assert.equal(results.statusCode, 200, results.body);
      const result = (results.json() as DraftReportResultsResponse).results.processing_result;
      assert.deepEqual(
        result.results.map((section) => section.title),
        [...DRAFT_CASE_PROMPTS.map((prompt) => prompt.title), 'Documents reviewed', 'COMPLETE_FINAL_REPORT'],
      );
      assert.ok(result.results.slice(0, 3).every((section) => section.origin === 'language-model'));
      const { rows } = await second.app.ctx.db.query<{ status: string; completed: number }>(
        `SELECT status, (SELECT count(*)::int FROM job_logs l WHERE l.job_id = j.id AND l.message = 'Completed')
                AS completed
           FROM jobs j WHERE id = $1`,
        [jobId],
      );
      assert.deepEqual(rows, [{ status: 'completed', completed: 1 }]);
      const written = await second.app.ctx.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM draft_reports WHERE job_id = $1`,
        [jobId],
      );
      assert.equal(written.rows[0]!.count, result.docx_saved ? 1 : 0);
    } finally {
      await second?.app.close();
      if (!second) await first.app.close().catch(() => undefined);
      await standIn.close();
    }
  });
});
