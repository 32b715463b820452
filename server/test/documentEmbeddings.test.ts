import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createOpenAiEmbeddingProvider } from '../src/platform/ai/createOpenAiEmbeddingProvider.js';
import { logsOf, uploadAndProcess } from './support/documentUploads.js';
import { createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

// A local stand-in for an OpenAI-compatible embedding endpoint: each text's vector is derived from the text itself
// (its length, its word count, whether it mentions an MRI), so the test knows which vector belongs to which passage.
interface EmbeddingRequest {
  authorization: string | undefined;
  body: { model: string; input: string[]; encoding_format: string };
}

const vectorOf = (text: string) => [text.length, text.split(/\s+/).length, /MRI/.test(text) ? 1 : 0];

let standIn: Server;
let standInUrl = '';
let answerWith: 'vectors' | 'error' = 'vectors';
const requests: EmbeddingRequest[] = [];

before(async () => {
  standIn = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(raw) as EmbeddingRequest['body'];
      requests.push({ authorization: request.headers.authorization, body });
      response.setHeader('content-type', 'application/json');
      if (request.url !== '/v1/embeddings' || answerWith === 'error') {
        response.statusCode = 503;
        response.end(JSON.stringify({ error: { message: 'model is loading' } }));
        return;
      }
      // Answered out of order, as some servers do: the index says which input each vector is for.
      const data = body.input.map((text, index) => ({ index, embedding: vectorOf(text) })).reverse();
      response.end(JSON.stringify({ object: 'list', model: body.model, data }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`;
});

after(async () => {
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
});

describe('the OpenAI-compatible embedding provider', () => {
  it('asks for float vectors with the key and model, and gives one vector per text in input order', async () => {
    const provider = createOpenAiEmbeddingProvider({
      baseUrl: `${standInUrl}/`,
      apiKey: 'sk-local',
      model: 'nomic-embed-text',
      timeoutMs: 5000,
    });
    const texts = ['MRI of the lumbar spine', 'Seen in clinic'];
    assert.deepEqual(await provider.embed(texts, new AbortController().signal), texts.map(vectorOf));
    const sent = requests.at(-1)!;
    assert.equal(sent.authorization, 'Bearer sk-local');
    assert.deepEqual(sent.body, { model: 'nomic-embed-text', input: texts, encoding_format: 'float' });
  });

  it('names the endpoint and its answer when it fails', async () => {
    answerWith = 'error';
    try {
      const provider = createOpenAiEmbeddingProvider({
        baseUrl: standInUrl,
        apiKey: null,
        model: 'm',
        timeoutMs: 5000,
      });
      await assert.rejects(provider.embed(['text'], new AbortController().signal), {
        message: `The embedding service at ${standInUrl}/embeddings answered 503: model is loading`,
      });
    } finally {
      answerWith = 'vectors';
    }
  });
});

describe('documents indexed with an embedding endpoint configured', () => {
  let server: TestServer;
  let token = '';
  let patientId = 0;

  before(async () => {
    server = await createTestServer({
      AI_BASE_URL: standInUrl,
      AI_EMBEDDING_MODEL: 'nomic-embed-text',
      LIBREOFFICE_PATH: 'off',
      JOB_LEASE_SECONDS: '3600',
      JOB_HEARTBEAT_SECONDS: '3000',
    });
    token = await signIn(server, 'dr.patel');
    patientId = await patientIdByMrn(server, 'DEMO-1001');
  });

  after(async () => {
    await server.close();
  });

  it('stores each passage with its vector', async () => {
    const text =
      'Orthopaedic letter. MRI of the lumbar spine showed a disc protrusion.\n\fSeen again in clinic.\n';
    const job = await uploadAndProcess(server, token, patientId, {
      filename: 'embedded-letter.txt',
      content: Buffer.from(text, 'utf8'),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const { rows } = await server.app.ctx.db.query<{ text: string; embedding: number[] | null }>(
      `SELECT c.text, c.embedding FROM document_chunks c JOIN documents d ON d.id = c.document_id
        WHERE d.filename = 'embedded-letter.txt' ORDER BY c.chunk_index`,
    );
    assert.equal(rows.length, 2);
    for (const row of rows) assert.deepEqual(row.embedding?.map(Number), vectorOf(row.text));
  });

  it('indexes for full-text search alone, and says so in the job log, when the endpoint fails', async () => {
    answerWith = 'error';
    try {
      const job = await uploadAndProcess(server, token, patientId, {
        filename: 'unembedded-note.txt',
        content: Buffer.from('GP note. Back pain since the fall.\n', 'utf8'),
      });
      assert.equal(job.status, 'completed', job.error_message ?? '');
      const { rows } = await server.app.ctx.db.query<{ embedding: number[] | null }>(
        `SELECT c.embedding FROM document_chunks c JOIN documents d ON d.id = c.document_id
          WHERE d.filename = 'unembedded-note.txt'`,
      );
      assert.deepEqual(
        rows.map((row) => row.embedding),
        [null],
      );
      const logs = await logsOf(server, job.id);
      assert.ok(
        logs.includes(
          `The embedding service at ${standInUrl}/embeddings answered 503: model is loading. ` +
            'The passages are indexed for full-text search only.',
        ),
        logs.join(' | '),
      );
    } finally {
      answerWith = 'vectors';
    }
  });
});
