import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config/loadConfig.js';
import { createOpenAiChatProvider } from '../src/platform/ai/createOpenAiChatProvider.js';
import { createOpenAiEmbeddingProvider } from '../src/platform/ai/createOpenAiEmbeddingProvider.js';
import {
  answerQuestion,
  RETRIEVAL_ONLY_MODEL_INFO,
  type AnswerDeps,
} from '../src/features/answers/answerQuestion.js';
import type { RetrievalScope } from '../src/features/answers/RetrievalScope.js';
import { buildPdf } from './fixtures/buildDocumentFixtures.js';
import { uploadAndProcess } from './support/documentUploads.js';
import { startOpenAiStandIn, type OpenAiStandIn } from './support/openAiStandIn.js';
import { createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };
const API_KEY = 'sk-stand-in-secret-0123456789';
const CONFIGURED_MODEL = 'configured-model';
const REPORTED_MODEL = 'stand-in-chat-1';

const CONSULTATION_PAGES = [
  'Orthopaedic consultation. The claimant attended with his wife and described the collision.',
  'On examination there was a positive Lachman test of the right knee, suggesting a ruptured anterior cruciate ' +
    'ligament.',
  'Plan: physiotherapy twice weekly and review in clinic in six weeks.',
];

let standIn: OpenAiStandIn;
let server: TestServer;
let deps: AnswerDeps;
let scope: RetrievalScope;
const signal = new AbortController().signal;
const options = { k: 8, signal };

before(async () => {
  standIn = await startOpenAiStandIn({ reportedModel: REPORTED_MODEL });
  server = await createTestServer({
    ...JOB_ENV,
    AI_BASE_URL: standIn.baseUrl,
    AI_API_KEY: API_KEY,
    AI_MODEL: CONFIGURED_MODEL,
    AI_EMBEDDING_MODEL: 'stand-in-embed',
  });
  const { languageModel, embeddings } = server.config;
  assert.ok(languageModel && embeddings);
  deps = {
    db: server.app.ctx.db,
    ai: createOpenAiChatProvider(languageModel),
    embeddings: createOpenAiEmbeddingProvider(embeddings),
  };
  const token = await signIn(server, 'dr.patel');
  const patientId = await patientIdByMrn(server, 'DEMO-1001');
  scope = { kind: 'patient', patientId };
  for (const [filename, pages] of [
    ['orthopaedic-consultation.pdf', CONSULTATION_PAGES],
    [
      'gp-letter.pdf',
      ['GP letter: the claimant reports right knee pain since the collision and takes naproxen.'],
    ],
  ] as const) {
    const job = await uploadAndProcess(server, token, patientId, {
      filename,
      content: await buildPdf(pages),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
  }
});

after(async () => {
  await server?.close();
  await standIn?.close();
});

const chatRequests = () => standIn.requests.filter((request) => request.path === '/v1/chat/completions');

describe('the language model settings', () => {
  it('are read from AI_BASE_URL and AI_MODEL, with the key and time-out shared with embeddings', () => {
    assert.deepEqual(
      loadConfig({
        AI_BASE_URL: 'http://localhost:11434/v1',
        AI_MODEL: 'llama3.1',
        AI_API_KEY: 'k',
        AI_TIMEOUT_MS: '5000',
      }).languageModel,
      { baseUrl: 'http://localhost:11434/v1', apiKey: 'k', model: 'llama3.1', timeoutMs: 5000 },
    );
    assert.equal(loadConfig({ AI_BASE_URL: 'http://localhost:11434/v1' }).languageModel, null);
    assert.equal(loadConfig({ AI_MODEL: 'llama3.1' }).languageModel, null);
  });
});

describe('answers written by a language model', () => {
  it('cite the file and page of the passage each sentence quotes', async () => {
    standIn.setMode('cite');
    const answer = await answerQuestion(deps, scope, 'Was the Lachman test positive?', options);
    const first = answer.source_locations[0]!;
    assert.equal(first.source_number, 1);
    assert.equal(first.filename, 'orthopaedic-consultation.pdf');
    assert.equal(first.page, 2);
    assert.deepEqual(first.location_details.files, ['orthopaedic-consultation.pdf']);
    assert.deepEqual(first.location_details.pages, [2]);
    assert.match(first.location_details.content_preview, /positive Lachman test/);
    assert.match(
      answer.response,
      /^The source reads: "On examination there was a positive Lachman test .*" \[1\]\./,
    );
    assert.deepEqual(answer.sentences[0], {
      text: answer.response.slice(0, answer.response.indexOf('[1].') + 4),
      sources: [1],
      supported: true,
    });
    assert.ok(answer.sentences.every((sentence) => sentence.supported && sentence.sources.length === 1));
    assert.equal(answer.sentences.length, answer.source_locations.length);
  });

  it('name the model that answered, as the endpoint reported it, and its host', async () => {
    standIn.setMode('cite');
    const answer = await answerQuestion(deps, scope, 'Was the Lachman test positive?', options);
    const host = new URL(standIn.baseUrl).host;
    assert.deepEqual(answer.model_info, {
      mode: 'language-model',
      model: REPORTED_MODEL,
      provider: host,
      label: `${REPORTED_MODEL} (${host})`,
    });
  });

  it('send the numbered sources, the rules and the key to the endpoint, and never the key back', async () => {
    standIn.setMode('cite');
    const answer = await answerQuestion(deps, scope, 'Was the Lachman test positive?', {
      ...options,
      dateOfEvent: '2021-01-05',
      history: [{ question: 'Who referred the claimant?', answer: 'The GP referred him [2].' }],
    });
    const sent = chatRequests().at(-1)!;
    assert.equal(sent.authorization, `Bearer ${API_KEY}`);
    assert.equal(sent.body.model, CONFIGURED_MODEL);
    assert.equal(sent.body.temperature, 0.1);
    const [system, ...rest] = sent.body.messages!;
    assert.equal(system!.role, 'system');
    assert.match(system!.content, /using ONLY the numbered sources/);
    assert.match(system!.content, /5 January 2021/);
    assert.deepEqual(rest.slice(0, 2), [
      { role: 'user', content: 'Who referred the claimant?' },
      { role: 'assistant', content: 'The GP referred him.' },
    ]);
    const prompt = rest.at(-1)!.content;
    assert.ok(prompt.includes(`[1] orthopaedic-consultation.pdf, page 2\n${CONSULTATION_PAGES[1]}`), prompt);
    assert.ok(prompt.endsWith('Question: Was the Lachman test positive?'));
    assert.equal(JSON.stringify(answer).includes(API_KEY), false);
  });

  it('flag a sentence that its cited passage does not support', async () => {
    standIn.setMode('cite-with-unsupported');
    try {
      const answer = await answerQuestion(deps, scope, 'Was the Lachman test positive?', options);
      const last = answer.sentences.at(-1)!;
      assert.deepEqual(last, {
        text: 'The claimant was also treated for a fractured left femur on 01/01/2019 [1].',
        sources: [1],
        supported: false,
      });
      assert.ok(answer.sentences.slice(0, -1).every((sentence) => sentence.supported));
    } finally {
      standIn.setMode('cite');
    }
  });

  it('count the documents and summarise where the passages are', async () => {
    const answer = await answerQuestion(deps, scope, 'right knee collision', options);
    assert.equal(answer.context_documents, 2);
    assert.match(answer.location_summary, /^\d+ passages from 2 documents: /);
    assert.match(answer.location_summary, /orthopaedic-consultation\.pdf \(pages? [\d, ]+\)/);
    assert.match(answer.location_summary, /gp-letter\.pdf \(page 1\)/);
  });

  it('accept a plain statement that the sources do not say, without a citation', async () => {
    standIn.setMode('decline');
    try {
      const answer = await answerQuestion(deps, scope, 'Was the Lachman test positive?', options);
      assert.deepEqual(answer.sentences, [
        { text: 'The records provided do not say.', sources: [], supported: true },
      ]);
    } finally {
      standIn.setMode('cite');
    }
  });

  it('do not ask the model when no passage matched', async () => {
    const asked = chatRequests().length;
    // By full text alone: any question is near some passage by its vector.
    const answer = await answerQuestion({ ...deps, embeddings: null }, scope, 'zeppelin', options);
    assert.equal(chatRequests().length, asked);
    // The absent term is named first (issue 29), then why the model was not asked.
    assert.equal(
      answer.response,
      '\u2018zeppelin\u2019 does not appear in the records indexed for this patient.\n\n' +
        "Nothing in the patient's records matched the question, so the language model was not asked.",
    );
    assert.equal(answer.model_info.mode, 'retrieval-only');
    assert.equal(answer.model_info.model, null);
    assert.deepEqual(answer.source_locations, []);
  });

  it('fail with the endpoint, its status and its reason when the model fails, never falling back', async () => {
    standIn.setMode('fail');
    try {
      await assert.rejects(answerQuestion(deps, scope, 'Was the Lachman test positive?', options), {
        message: `The language model at ${standIn.baseUrl}/chat/completions answered 503: The model is overloaded`,
      });
    } finally {
      standIn.setMode('cite');
    }
  });

  it('fail with the time-out when the model does not answer in time', async () => {
    standIn.setMode('hang');
    try {
      const impatient = createOpenAiChatProvider({ ...server.config.languageModel!, timeoutMs: 300 });
      await assert.rejects(
        answerQuestion({ ...deps, ai: impatient }, scope, 'Was the Lachman test positive?', options),
        {
          message: `The language model at ${standIn.baseUrl}/chat/completions could not be reached: no answer within 300 ms`,
        },
      );
    } finally {
      standIn.setMode('cite');
    }
  });
});

describe('answers without a language model', () => {
  it('are the best passages under a plain statement, labelled retrieval only', async () => {
    const asked = chatRequests().length;
    const answer = await answerQuestion(
      { ...deps, ai: null },
      scope,
      'Was the Lachman test positive?',
      options,
    );
    assert.equal(chatRequests().length, asked);
    assert.deepEqual(answer.model_info, RETRIEVAL_ONLY_MODEL_INFO);
    assert.equal(answer.model_info.label, 'No language model configured: answer from retrieval only');
    assert.match(answer.response, /^No language model is configured/);
    assert.match(answer.sentences[1]!.text, /^\[1\] orthopaedic-consultation\.pdf, page 2: "On examination/);
    assert.ok(answer.sentences.every((sentence) => sentence.supported));
    assert.equal(answer.source_locations[0]!.page, 2);
  });
});

describe('the embedding endpoint', () => {
  it('gave every passage a vector and ranks the question with one', async () => {
    const { rows } = await server.app.ctx.db.query<{ missing: number }>(
      `SELECT count(*)::int AS missing FROM document_chunks WHERE patient_id = $1 AND embedding IS NULL`,
      [(scope as { patientId: number }).patientId],
    );
    assert.equal(rows[0]!.missing, 0);
    const embedded = standIn.requests.filter((request) => request.path === '/v1/embeddings').length;
    await answerQuestion(deps, scope, 'Was the Lachman test positive?', options);
    const last = standIn.requests.filter((request) => request.path === '/v1/embeddings');
    assert.equal(last.length, embedded + 1);
    assert.deepEqual(last.at(-1)!.body.input, ['Was the Lachman test positive?']);
  });
});
