// The secure chatbot over HTTP: without a language model it says so and answers nothing; with the local
// OpenAI-compatible stand-in (test/support/openAiStandIn.ts, mode 'converse') the message, the pasted context and
// the history really reach the model. Exports are printed back through LibreOffice; no message text is audited.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CHAT_CONTEXT_MAX_WORDS,
  type ChatHistoryMessage,
  type ChatSendResponse,
  type ChatStatusResponse,
  type ValidateContextResponse,
} from '@ewrt/contract';
import {
  CHAT_SYSTEM_PROMPT,
  CONTEXT_BLOCK_END,
  CONTEXT_BLOCK_START,
} from '../src/features/chat/buildChatPrompt.js';
import { startOpenAiStandIn, type OpenAiStandIn } from './support/openAiStandIn.js';
import { canPrintDocx, printedDocxText } from './support/printedDocx.js';
import { asUser, createTestServer, signIn, type TestServer } from './support/testServer.js';

const OVER_LIMIT = 'Context exceeds 20,000 word limit. Please shorten it before sending.';
const NO_MODEL =
  'No language model is configured: set AI_BASE_URL and AI_MODEL on the server (see the README)';
const CONFIGURED_MODEL = 'configured-chat-model';
const REPORTED_MODEL = 'stand-in-chat-9';
const SECRET_MESSAGE = 'Explain the Glasgow Coma Scale for a head injury report';

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

const HISTORY: ChatHistoryMessage[] = [
  { role: 'user', content: 'What does ORIF stand for?', timestamp: '2026-11-03T09:15:00.000Z' },
  {
    role: 'assistant',
    content: 'Open reduction and internal fixation.',
    timestamp: '2026-11-03T09:15:20.000Z',
    model: `${REPORTED_MODEL} (127.0.0.1)`,
  },
];

describe('the chatbot without a language model', () => {
  let server: TestServer;
  let patel: ReturnType<typeof asUser>;

  before(async () => {
    server = await createTestServer();
    patel = asUser(server, await signIn(server, 'dr.patel'));
  });
  after(() => server.close());

  it('reports that it is unavailable, and why', async () => {
    const response = await patel.get('/api/chat/status');
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json() as ChatStatusResponse, {
      available: false,
      message: NO_MODEL,
      max_tokens: null,
      model_info: null,
    });
  });

  it('refuses to send with 503 and the same message', async () => {
    const response = await patel.post('/api/chat/send', { message: 'Hello' });
    assert.equal(response.statusCode, 503, response.body);
    assert.equal(response.json().message, NO_MODEL);
  });

  it('counts the context by whitespace and allows at most 20,000 words', async () => {
    const atLimit = await patel.post('/api/chat/validate-context', {
      context: words(CHAT_CONTEXT_MAX_WORDS),
    });
    assert.equal(atLimit.statusCode, 200, atLimit.body);
    const valid = atLimit.json() as ValidateContextResponse;
    assert.equal(valid.valid, true);
    assert.equal(valid.word_count, 20_000);
    assert.equal(valid.character_count, words(CHAT_CONTEXT_MAX_WORDS).length);
    assert.equal(valid.message, 'Context is within the limit');

    const over = (
      await patel.post('/api/chat/validate-context', { context: `${words(CHAT_CONTEXT_MAX_WORDS)}\n\textra` })
    ).json() as ValidateContextResponse;
    assert.deepEqual([over.valid, over.word_count, over.message], [false, 20_001, OVER_LIMIT]);

    const spaced = (
      await patel.post('/api/chat/validate-context', { context: '  two\n\nwords  ' })
    ).json() as ValidateContextResponse;
    assert.deepEqual([spaced.word_count, spaced.character_count], [2, 14]);
  });

  it('exports the chat without a model: it is the user\u2019s own text', async (context) => {
    const response = await patel.post('/api/chat/export', {
      history: HISTORY,
      context: 'The claimant fractured the left radius in March 2024.',
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.match(response.headers['content-type'] as string, /wordprocessingml/);
    assert.match(
      response.headers['content-disposition'] as string,
      /filename="chat_history_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.docx"/,
    );
    if (!(await canPrintDocx())) {
      context.skip('LibreOffice (soffice) or pdftotext is not installed: the printed export is not checked');
      return;
    }
    const printed = await printedDocxText(response.rawPayload);
    for (const text of [
      'Secure Chatbot conversation',
      'Exported on ',
      `Answered by: ${REPORTED_MODEL} (127.0.0.1)`,
      'Additional context',
      'The claimant fractured the left radius in March 2024.',
      'User (03/11/2026, ',
      'What does ORIF stand for?',
      'Assistant (03/11/2026, ',
      'Open reduction and internal fixation.',
    ]) {
      assert.ok(printed.includes(text), `"${text}" in: ${printed}`);
    }
    assert.ok(printed.indexOf('What does ORIF') < printed.indexOf('Open reduction'), 'messages in order');
  });

  it('refuses to export an empty history', async () => {
    for (const history of [[], [{ role: 'user', content: '   ' }]]) {
      const response = await patel.post('/api/chat/export', { history });
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().message, 'No chat history to export');
    }
  });

  it('is refused to users whose access level has no tools, and allowed to Standard users', async () => {
    for (const username of ['t.reid', 'r.viewer']) {
      const user = asUser(server, await signIn(server, username));
      for (const response of [
        await user.get('/api/chat/status'),
        await user.post('/api/chat/validate-context', { context: 'short' }),
        await user.post('/api/chat/send', { message: 'Hello' }),
        await user.post('/api/chat/export', { history: HISTORY }),
      ]) {
        assert.equal(response.statusCode, 403, `${username}: ${response.body}`);
        assert.equal(
          response.json().message,
          'Your access level does not include the chatbot and research tools',
        );
      }
    }
    const standard = asUser(server, await signIn(server, 's.hughes'));
    assert.equal((await standard.get('/api/chat/status')).statusCode, 200);
  });
});

describe('the chatbot with a language model', () => {
  let standIn: OpenAiStandIn;
  let server: TestServer;
  let patel: ReturnType<typeof asUser>;
  let host: string;
  const chatRequests = () => standIn.requests.filter((request) => request.path === '/v1/chat/completions');

  before(async () => {
    standIn = await startOpenAiStandIn({ mode: 'converse', reportedModel: REPORTED_MODEL });
    server = await createTestServer({ AI_BASE_URL: standIn.baseUrl, AI_MODEL: CONFIGURED_MODEL });
    patel = asUser(server, await signIn(server, 'dr.patel'));
    host = new URL(standIn.baseUrl).host;
  });
  after(async () => {
    await server.close();
    await standIn.close();
  });

  it('reports the configured model and its answer budget', async () => {
    assert.deepEqual((await patel.get('/api/chat/status')).json() as ChatStatusResponse, {
      available: true,
      message: 'Chat service is ready',
      max_tokens: 1_500,
      model_info: {
        mode: 'language-model',
        model: CONFIGURED_MODEL,
        provider: host,
        label: `${CONFIGURED_MODEL} (${host})`,
      },
    });
  });

  it('sends the system prompt, the context block, the history in order and the message, and answers', async () => {
    const response = await patel.post('/api/chat/send', {
      message: SECRET_MESSAGE,
      context: 'The claimant scored 13 on arrival.',
      history: HISTORY,
    });
    assert.equal(response.statusCode, 200, response.body);
    const answer = response.json() as ChatSendResponse;
    assert.equal(answer.response, `You asked: "${SECRET_MESSAGE}".`);
    assert.deepEqual(answer.model_info, {
      mode: 'language-model',
      model: REPORTED_MODEL,
      provider: host,
      label: `${REPORTED_MODEL} (${host})`,
    });
    assert.ok(!Number.isNaN(Date.parse(answer.timestamp)));

    const sent = chatRequests().at(-1)!.body;
    assert.equal(sent.model, CONFIGURED_MODEL);
    assert.equal(sent.max_tokens, 1_500);
    const [system, ...rest] = sent.messages!;
    assert.equal(system!.role, 'system');
    assert.ok(system!.content.startsWith(CHAT_SYSTEM_PROMPT));
    assert.ok(
      system!.content.includes(
        `${CONTEXT_BLOCK_START}\nThe claimant scored 13 on arrival.\n${CONTEXT_BLOCK_END}`,
      ),
    );
    assert.deepEqual(rest, [
      { role: 'user', content: 'What does ORIF stand for?' },
      { role: 'assistant', content: 'Open reduction and internal fixation.' },
      { role: 'user', content: SECRET_MESSAGE },
    ]);
  });

  it('refuses context over 20,000 words with 400 and sends nothing to the model', async () => {
    const before = chatRequests().length;
    const response = await patel.post('/api/chat/send', {
      message: 'Summarise this',
      context: words(CHAT_CONTEXT_MAX_WORDS + 1),
    });
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(response.json().message, OVER_LIMIT);
    assert.equal(chatRequests().length, before);
  });

  it('answers 502 with the reason when the model fails', async () => {
    standIn.setMode('fail');
    try {
      const response = await patel.post('/api/chat/send', { message: 'Hello' });
      assert.equal(response.statusCode, 502, response.body);
      assert.match(response.json().message, /The model is overloaded/);
    } finally {
      standIn.setMode('converse');
    }
  });

  it('audits each call without the message or the context', async () => {
    const { rows } = await server.app.ctx.db.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT a.action, a.details FROM audit_log a JOIN users u ON u.id = a.user_id
       WHERE u.username = 'dr.patel' AND a.action LIKE 'chat.%' ORDER BY a.id`,
    );
    const sent = rows.find((row) => row.action === 'chat.send' && row.details.outcome === 'succeeded');
    assert.ok(sent, JSON.stringify(rows));
    assert.equal(sent.details.model, REPORTED_MODEL);
    assert.equal(sent.details.message_length, SECRET_MESSAGE.length);
    const written = JSON.stringify(rows);
    assert.ok(!written.includes('Glasgow') && !written.includes('scored 13'), written);
  });
});
