// Record and opinion questions answered by a language model: a local stand-in of an OpenAI-compatible server
// (test/support/openAiStandIn.ts) writes cited answers, so the prompt, the citations, the flag on an unsupported
// sentence, the model named, the answer cache, failures, the time-out and a client that goes away are all real.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ConversationResponse, QueryResponse } from '@ewrt/contract';
import { buildPdf, PAGE_TEXTS } from './fixtures/buildDocumentFixtures.js';
import { uploadAndProcess, uploadOpinionAndProcess, waitFor } from './support/documentUploads.js';
import { startOpenAiStandIn, type OpenAiStandIn } from './support/openAiStandIn.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };
const API_KEY = 'sk-test-conversations-secret';
const CONFIGURED_MODEL = 'configured-chat-model';
const REPORTED_MODEL = 'stand-in-chat-7';
const AI_TIMEOUT_MS = 3000;
const MRI_QUESTION = 'What did the MRI show about the medial meniscus?';

let standIn: OpenAiStandIn;
let server: TestServer;
let token: string;
let patel: ReturnType<typeof asUser>;
let patientId: number;
let queryUrl: string;

const chatCalls = () => standIn.requests.filter((request) => request.path === '/v1/chat/completions').length;

async function ask(body: { query: string; use_cache?: boolean }, url = queryUrl): Promise<QueryResponse> {
  const response = await patel.post(url, body);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

async function entryCount(url = `/api/patients/${patientId}/conversation`): Promise<number> {
  return ((await patel.get(url)).json() as ConversationResponse).entries.length;
}

before(async () => {
  standIn = await startOpenAiStandIn({ apiKey: API_KEY, reportedModel: REPORTED_MODEL });
  server = await createTestServer({
    ...JOB_ENV,
    AI_BASE_URL: standIn.baseUrl,
    AI_API_KEY: API_KEY,
    AI_MODEL: CONFIGURED_MODEL,
    AI_TIMEOUT_MS: String(AI_TIMEOUT_MS),
  });
  token = await signIn(server, 'dr.patel');
  patel = asUser(server, token);
  patientId = await patientIdByMrn(server, 'DEMO-1001');
  queryUrl = `/api/patients/${patientId}/query`;
  const job = await uploadAndProcess(server, token, patientId, {
    filename: 'mri-report.pdf',
    content: await buildPdf(PAGE_TEXTS),
  });
  assert.equal(job.status, 'completed', job.error_message ?? '');
});
after(async () => {
  await server.close();
  await standIn.close();
});

describe('answers written by the language model', () => {
  it('cite the file and page of each source and name the model that answered', async () => {
    const answer = await ask({ query: MRI_QUESTION });
    const host = new URL(standIn.baseUrl).host;
    assert.deepEqual(answer.model_info, {
      mode: 'language-model',
      model: REPORTED_MODEL,
      provider: host,
      label: `${REPORTED_MODEL} (${host})`,
    });
    const first = answer.source_locations[0]!;
    assert.equal(first.filename, 'mri-report.pdf');
    assert.equal(first.page, 2);
    assert.match(answer.response, /medial meniscus/);
    const citing = answer.sentences.find((sentence) => sentence.sources.includes(first.source_number));
    assert.ok(citing, JSON.stringify(answer.sentences));
    assert.match(citing.text, /medial meniscus/);
    assert.equal(citing.supported, true);
    assert.ok(answer.sentences.every((sentence) => sentence.supported));

    const request = standIn.requests.at(-1)!;
    assert.equal(request.authorization, `Bearer ${API_KEY}`);
    assert.equal(request.body.model, CONFIGURED_MODEL);
    const prompt = request.body.messages!.map((message) => message.content).join('\n');
    assert.ok(prompt.includes(MRI_QUESTION));
    assert.ok(prompt.includes('[1] mri-report.pdf, page 2'), prompt);
  });

  it('flag a sentence that its cited pages do not support', async () => {
    standIn.setMode('cite-with-unsupported');
    try {
      const answer = await ask({ query: 'What does page two record about the MRI findings?' });
      const flagged = answer.sentences.filter((sentence) => !sentence.supported);
      assert.equal(flagged.length, 1, JSON.stringify(answer.sentences));
      assert.match(flagged[0]!.text, /fractured left femur/);
      assert.deepEqual(flagged[0]!.sources, [1]);
      assert.ok(answer.sentences.some((sentence) => sentence.supported && sentence.sources.length > 0));
    } finally {
      standIn.setMode('cite');
    }
  });

  it('remind the model of the earlier exchanges of the conversation', async () => {
    await ask({ query: 'physiotherapy plan weeks', use_cache: false });
    const prompt = standIn.requests
      .at(-1)!
      .body.messages!.map((message) => message.content)
      .join('\n');
    assert.ok(prompt.includes(MRI_QUESTION), 'the first question of the conversation is in the prompt');
  });
});

describe('the answer cache', () => {
  it('answers an identical question over an unchanged index from the cache, without asking the model', async () => {
    const first = await ask({ query: MRI_QUESTION });
    const calls = chatCalls();
    const entries = await entryCount();
    const again = await ask({ query: `  what did the MRI   show about the MEDIAL meniscus? ` });
    assert.equal(again.from_cache, true);
    assert.equal(chatCalls(), calls, 'the model was not asked again');
    assert.equal(again.response, first.response);
    assert.deepEqual(again.source_locations, first.source_locations);
    assert.equal(await entryCount(), entries + 2, 'still recorded as a new exchange');
    const conversation = (
      await patel.get(`/api/patients/${patientId}/conversation`)
    ).json() as ConversationResponse;
    assert.equal(conversation.entries.at(-1)!.metadata?.from_cache, true);
  });

  it('asks again when use_cache is false, and when the documents have changed', async () => {
    const calls = chatCalls();
    const fresh = await ask({ query: MRI_QUESTION, use_cache: false });
    assert.equal(fresh.from_cache, false);
    assert.equal(chatCalls(), calls + 1);

    const job = await uploadAndProcess(server, token, patientId, {
      filename: 'clinic-letter.pdf',
      content: await buildPdf([
        'Clinic letter: the medial meniscus tear was reviewed and surgery discussed.',
      ]),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const afterUpload = await ask({ query: MRI_QUESTION });
    assert.equal(afterUpload.from_cache, false);
    assert.equal(chatCalls(), calls + 2);
    assert.ok(afterUpload.source_locations.some((source) => source.filename === 'clinic-letter.pdf'));
    assert.equal((await ask({ query: MRI_QUESTION })).from_cache, true);
  });

  it('keeps only answers over the current index', async () => {
    const { rows } = await server.app.ctx.db.query<{ fingerprints: number }>(
      `SELECT count(DISTINCT answer->>'fingerprint')::int AS fingerprints FROM answer_cache WHERE patient_id = $1`,
      [patientId],
    );
    assert.equal(rows[0]!.fingerprints, 1);
  });
});

describe('when the model fails', () => {
  it('answers 502 with the reason, never the key, and stores nothing', async () => {
    standIn.setMode('fail');
    try {
      const entries = await entryCount();
      const response = await patel.post(queryUrl, { query: MRI_QUESTION, use_cache: false });
      assert.equal(response.statusCode, 502, response.body);
      const { message } = response.json() as { message: string };
      assert.match(message, /^Failed to process query: /);
      assert.match(message, /The model is overloaded/);
      assert.ok(!message.includes(API_KEY));
      assert.equal(await entryCount(), entries);
    } finally {
      standIn.setMode('cite');
    }
  });

  it("uses the opinion fallback for the user's opinion documents", async () => {
    const userId = (
      await server.app.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'dr.patel'`)
    ).rows[0]!.id;
    const job = await uploadOpinionAndProcess(server, token, userId, {
      filename: 'causation-opinion.txt',
      content: Buffer.from('In my opinion the meniscus tear was caused by the twisting fall.\n', 'utf8'),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const answered = await ask({ query: 'meniscus tear twisting fall' }, '/api/opinions/query');
    assert.equal(answered.source_locations[0]?.filename, 'causation-opinion.txt');
    assert.equal(answered.model_info.model, REPORTED_MODEL);
    standIn.setMode('fail');
    try {
      const response = await patel.post('/api/opinions/query', { query: 'meniscus tear', use_cache: false });
      assert.equal(response.statusCode, 502, response.body);
      assert.match(response.json().message, /^Failed to process opinion query: .*The model is overloaded/);
    } finally {
      standIn.setMode('cite');
    }
  });

  it('gives up after the configured time-out', async () => {
    standIn.setMode('hang');
    try {
      const started = Date.now();
      const response = await patel.post(queryUrl, { query: MRI_QUESTION, use_cache: false });
      assert.equal(response.statusCode, 502, response.body);
      assert.match(response.json().message, /^Failed to process query: .*no answer within 3 s/);
      assert.ok(Date.now() - started < AI_TIMEOUT_MS + 2000);
    } finally {
      standIn.setMode('cite');
    }
  });

  it('stops asking the model when the client goes away', async () => {
    standIn.setMode('hang');
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const entries = await entryCount();
    const calls = chatCalls();
    const client = new AbortController();
    const pending = fetch(`${address}${queryUrl}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: MRI_QUESTION, use_cache: false }),
      signal: client.signal,
    }).catch((error: Error) => error);
    try {
      await waitFor(
        async () => chatCalls(),
        (count) => count > calls,
        'the model to be asked',
      );
      const abandonedAt = Date.now();
      client.abort();
      assert.equal(((await pending) as Error).name, 'AbortError');
      const row = await waitFor(
        async () =>
          (
            await server.app.ctx.db.query<{ details: { status?: number } }>(
              `SELECT details FROM audit_log WHERE action = 'conversation.query' ORDER BY id DESC LIMIT 1`,
            )
          ).rows[0],
        (latest) => latest?.details.status === 499,
        'the abandoned query to end',
      );
      assert.equal(row?.details.status, 499);
      assert.ok(Date.now() - abandonedAt < AI_TIMEOUT_MS, 'ended by the client leaving, not by the time-out');
      assert.equal(await entryCount(), entries);
    } finally {
      standIn.setMode('cite');
    }
  });
});
