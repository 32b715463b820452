import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { multipartBody, storedFiles, type UploadFile } from './support/documentUploads.js';
import { createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

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
  server = await createTestServer({ PATH: process.env.PATH ?? '/usr/bin:/bin', JOB_CONCURRENCY: '0' });
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
