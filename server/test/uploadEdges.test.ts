import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { multipartBody, storedFiles, type UploadFile } from './support/documentUploads.js';
import { createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

const REQUEST_TIMEOUT_MS = 1_500;

let server: TestServer;
let token: string;
let userId: number;
let patientId: number;
let typeId: number;

/** The five upload calls, each with the fields it needs before its file. */
function uploadRoutes(): { name: string; url: string; fields: [string, string][]; fileField?: string }[] {
  return [
    { name: 'patient document', url: '/api/documents/upload', fields: [['patient_id', String(patientId)]] },
    {
      name: 'opinion document',
      url: '/api/opinions/documents/upload',
      fields: [['user_id', String(userId)]],
    },
    {
      name: 'audio',
      url: '/api/transcription/upload-audio',
      fields: [
        ['patient_id', String(patientId)],
        ['transcription_type_id', String(typeId)],
      ],
      fileField: 'audio_file',
    },
    { name: 'example document', url: `/api/users/${userId}/example-document`, fields: [] },
    {
      name: 'report template',
      url: `/api/users/${userId}/report-templates`,
      fields: [['template_name', 'Edge']],
    },
  ];
}

function post(url: string, body: Buffer, contentType: string) {
  return server.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
}

/** A multipart body for `route` whose file part is named as that route expects. */
function bodyFor(route: ReturnType<typeof uploadRoutes>[number], file: UploadFile) {
  const built = multipartBody(route.fields, file);
  if (!route.fileField) return built;
  const renamed = built.body.toString('latin1').replace('name="file"', `name="${route.fileField}"`);
  return { ...built, body: Buffer.from(renamed, 'latin1') };
}

before(async () => {
  // ffmpeg on this PATH (the audio upload checks for it); no jobs run: only what the uploads store is looked at.
  // A request time-out of 1.5 s stands for the 60 s default: an upload slower than it must still get through.
  server = await createTestServer({
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    JOB_CONCURRENCY: '0',
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HEADERS_TIMEOUT_MS: '1000',
  });
  token = await signIn(server, 'dr.patel');
  patientId = await patientIdByMrn(server, 'DEMO-1001');
  const { rows } = await server.app.ctx.db.query<{ id: number }>(
    `SELECT id FROM users WHERE username = 'dr.patel'`,
  );
  userId = rows[0]!.id;
  const types = await server.app.ctx.db.query<{ id: number }>(
    `SELECT id FROM transcription_types ORDER BY id LIMIT 1`,
  );
  typeId = types.rows[0]!.id;
});
after(() => server.close());

describe('a truncated or malformed multipart body', () => {
  it('answers 400 with a message on every upload route, and stores nothing', async () => {
    const before = await storedFiles(server);
    for (const route of uploadRoutes()) {
      const whole = bodyFor(route, { filename: 'letter.docx', content: Buffer.alloc(64 * 1024, 0x41) });
      // The body stops half-way through the file: no closing boundary ever comes.
      const cut = whole.body.subarray(0, whole.body.length - 32 * 1024);
      const response = await post(route.url, cut, whole.contentType);
      assert.equal(response.statusCode, 400, `${route.name}: ${response.body}`);
      assert.match(response.json().message, /upload was incomplete or malformed/, route.name);
      assert.deepEqual(await storedFiles(server), before, route.name);
    }
  });
});

describe('file names with invisible or text-direction characters', () => {
  const HIDDEN: [string, string][] = [
    ['U+202E right-to-left override', '\u202E'],
    ['U+202A left-to-right embedding', '\u202A'],
    ['U+202D left-to-right override', '\u202D'],
    ['U+2066 left-to-right isolate', '\u2066'],
    ['U+2069 pop directional isolate', '\u2069'],
    ['U+200E left-to-right mark', '\u200E'],
    ['U+200F right-to-left mark', '\u200F'],
    ['U+061C Arabic letter mark', '\u061C'],
    ['U+200B zero-width space', '\u200B'],
    ['U+200D zero-width joiner', '\u200D'],
    ['U+FEFF byte order mark', '\uFEFF'],
    ['U+2060 word joiner', '\u2060'],
    ['U+00AD soft hyphen', '\u00AD'],
    ['U+0007 bell (a control character)', '\u0007'],
  ];
  const REFUSAL = /invisible or text-direction characters/;

  it('refuses them on every upload route, before anything is stored', async () => {
    const before = await storedFiles(server);
    for (const [what, character] of HIDDEN) {
      for (const route of uploadRoutes()) {
        const extension = route.fileField ? 'wav' : 'docx';
        const upload = bodyFor(route, {
          filename: `scan${character}gnp.${extension}`,
          content: Buffer.from('not read: the name is refused first'),
        });
        const response = await post(route.url, upload.body, upload.contentType);
        assert.equal(response.statusCode, 400, `${what} on the ${route.name} route: ${response.body}`);
        assert.match(response.json().message, REFUSAL, `${what} on the ${route.name} route`);
      }
    }
    assert.deepEqual(await storedFiles(server), before);
  });

  it('says so in the validate call the upload screen makes before sending a file', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/documents/validate',
      headers: { authorization: `Bearer ${token}` },
      payload: { filename: 'scan\u202Egnp.pdf', fileSize: 1024 },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().valid, false);
    assert.match(response.json().errors.join(' '), REFUSAL);
  });

  it('still takes a name in another script, with accents and spaces', async () => {
    const upload = bodyFor(uploadRoutes()[0]!, {
      filename: 'Überweisung – تقرير 2024.txt',
      content: Buffer.from('A referral letter.\n'),
    });
    const response = await post('/api/documents/upload', upload.body, upload.contentType);
    assert.equal(response.statusCode, 202, response.body);
  });
});

/** Sends `body` over a real connection in `pieces`, `gapMs` apart; resolves with the status and the answer. */
async function trickle(
  url: string,
  body: Buffer,
  contentType: string,
  pieces: number,
  gapMs: number,
): Promise<{ status: number; body: string }> {
  const { port } = server.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'content-length': body.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    // The server may close the connection before every piece is written: that is the answer, not a failure.
    outgoing.on('error', (error) => (outgoing.writableEnded ? reject(error) : undefined));
    void (async () => {
      const size = Math.ceil(body.length / pieces);
      for (let start = 0; start < body.length; start += size) {
        if (outgoing.destroyed) return;
        outgoing.write(body.subarray(start, start + size));
        await sleep(gapMs);
      }
      outgoing.end();
    })();
  });
}

describe('request time limits', () => {
  before(async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it('lets an upload take longer than REQUEST_TIMEOUT_MS, as a large file on a slow line does', async () => {
    const upload = multipartBody([['patient_id', String(patientId)]], {
      filename: 'slow-line.txt',
      content: Buffer.from('A letter sent over a slow line.\n'.repeat(200)),
    });
    const started = Date.now();
    const answer = await trickle('/api/documents/upload', upload.body, upload.contentType, 6, 500);
    assert.ok(Date.now() - started > REQUEST_TIMEOUT_MS, 'the upload took longer than the time-out');
    assert.equal(answer.status, 202, answer.body);
  });

  it('still cuts any other request whose body does not arrive within REQUEST_TIMEOUT_MS, with 408', async () => {
    const body = Buffer.from(JSON.stringify({ filename: 'letter.pdf', fileSize: 1024 }));
    const answer = await trickle('/api/documents/validate', body, 'application/json', 2, 3_000);
    assert.equal(answer.status, 408, answer.body);
    assert.equal(JSON.parse(answer.body).message, 'The request did not arrive in time');
  });
});
