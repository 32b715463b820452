import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import {
  AUTHORING_DOCX_MAX_BYTES,
  type ExampleDocumentInfo,
  type ReportTemplate,
  type ReportTemplateListResponse,
} from '@ewrt/contract';
import { findUserById } from '../src/features/auth/userDirectory.js';
import { buildDocx, buildPdf } from './fixtures/buildDocumentFixtures.js';
import { storedFiles, waitFor, type UploadFile } from './support/documentUploads.js';
import {
  asUser,
  createTestServer,
  DEMO_PASSWORD,
  signIn,
  type TestServer,
  setAccessLevel,
} from './support/testServer.js';

// Reading what drives draft reports needs the generative-ai feature; changing it, the advanced tools.
const NO_ACCESS = /^Your access level does not include (draft reports|the report authoring tools)$/;

const STYLE_TEXT = [
  'I have been asked to provide an independent report on the claimant\u2019s injuries.',
  'In my opinion, on the balance of probabilities, the symptoms are attributable to the accident.',
];
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const BOUNDARY = 'ewrt-authoring-boundary';

let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const clients: Record<string, ReturnType<typeof asUser>> = {};
let styleDocx: Buffer;
let templateDocx: Buffer;

/** A multipart body with its fields and file in the order given, as a browser's FormData sends it. */
function multipartInOrder(parts: readonly ([string, string] | UploadFile)[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (Array.isArray(part)) {
      const [name, value] = part;
      chunks.push(
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${part.filename}"\r\n` +
            `Content-Type: application/octet-stream\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

function postMultipart(username: string, url: string, body: Buffer | Readable) {
  return server.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${tokens[username]}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: body,
  });
}

const exampleUrl = (userId: number) => `/api/users/${userId}/example-document`;
const templatesUrl = (userId: number) => `/api/users/${userId}/report-templates`;

function uploadExample(username: string, file: UploadFile, userId = ids[username]!) {
  return postMultipart(username, exampleUrl(userId), multipartInOrder([file]));
}

function uploadTemplate(
  username: string,
  parts: readonly ([string, string] | UploadFile)[],
  userId = ids[username]!,
) {
  return postMultipart(username, templatesUrl(userId), multipartInOrder(parts));
}

interface ExampleRow {
  storage_key: string;
  text: string;
  word_count: number;
}

async function exampleRowsOf(userId: number): Promise<ExampleRow[]> {
  const { rows } = await server.app.ctx.db.query<ExampleRow>(
    `SELECT storage_key, text, word_count FROM example_documents WHERE user_id = $1`,
    [userId],
  );
  return rows;
}

async function templateKeyOf(templateId: number): Promise<string | null> {
  const { rows } = await server.app.ctx.db.query<{ storage_key: string }>(
    `SELECT storage_key FROM report_templates WHERE id = $1`,
    [templateId],
  );
  return rows[0]?.storage_key ?? null;
}

async function templateCountOf(userId: number): Promise<number> {
  const { rows } = await server.app.ctx.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM report_templates WHERE user_id = $1`,
    [userId],
  );
  return rows[0]!.count;
}

/** Follows a download answer's signed link as a browser would (no bearer token). */
async function followDownload(answer: { download_url: string }) {
  return server.app.inject({ method: 'GET', url: new URL(answer.download_url).pathname });
}

before(async () => {
  server = await createTestServer();
  // s.hughes (a Standard practitioner in the demo) stands here for an ordinary colleague with the authoring tools.
  await setAccessLevel(server, 's.hughes', 'Full Access');
  for (const username of ['dr.patel', 'dr.okafor', 'admin', 't.reid', 'r.viewer', 's.hughes']) {
    tokens[username] = await signIn(server, username);
    clients[username] = asUser(server, tokens[username]!);
    const { rows } = await server.app.ctx.db.query<{ id: number }>(
      `SELECT id FROM users WHERE username = $1`,
      [username],
    );
    ids[username] = rows[0]!.id;
  }
  styleDocx = await buildDocx(STYLE_TEXT);
  templateDocx = await buildDocx(['REPORT TEMPLATE', 'Heading for the expert\u2019s report.']);
});
after(() => server.close());

describe('the style document', () => {
  it('is stored, described, downloadable through a signed link, and its text is kept for drafting', async () => {
    const patel = clients['dr.patel']!;
    const none = await patel.get(exampleUrl(ids['dr.patel']!));
    assert.equal(none.statusCode, 200, none.body);
    assert.deepEqual(none.json(), {
      has_document: false,
      filename: null,
      file_size: null,
      last_modified: null,
      uploaded_at: null,
      word_count: null,
    });

    const uploaded = await uploadExample('dr.patel', { filename: 'My Style.docx', content: styleDocx });
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    assert.deepEqual(uploaded.json(), { message: 'Example document uploaded successfully' });

    const info = (await patel.get(exampleUrl(ids['dr.patel']!))).json() as ExampleDocumentInfo;
    assert.equal(info.has_document, true);
    assert.equal(info.filename, 'My Style.docx');
    assert.equal(info.file_size, styleDocx.length);
    assert.equal(info.uploaded_at, server.clock.now().toISOString());
    assert.equal(info.last_modified, info.uploaded_at);

    const [row] = await exampleRowsOf(ids['dr.patel']!);
    for (const sentence of STYLE_TEXT) assert.ok(row!.text.includes(sentence), sentence);
    const words = STYLE_TEXT.join(' ').split(/\s+/).length;
    assert.equal(row!.word_count, words);
    assert.equal(info.word_count, words);

    const link = await patel.get(`${exampleUrl(ids['dr.patel']!)}/download`);
    assert.equal(link.statusCode, 200, link.body);
    assert.equal(link.json().filename, 'My Style.docx');
    const file = await followDownload(link.json());
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], DOCX_TYPE);
    assert.match(String(file.headers['content-disposition']), /attachment;.*My Style\.docx/);
    assert.deepEqual(file.rawPayload, styleDocx);

    const { rows } = await server.app.ctx.db.query<{ action: string; details: { filename?: string } }>(
      `SELECT action, details FROM audit_log WHERE user_id = $1 AND action = 'example_document.upload'`,
      [ids['dr.patel']],
    );
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.details.filename, 'My Style.docx');
  });

  it('is replaced by a new upload: one row, the first upload date kept, the old file gone', async () => {
    const patel = clients['dr.patel']!;
    const before = (await patel.get(exampleUrl(ids['dr.patel']!))).json() as ExampleDocumentInfo;
    const [oldRow] = await exampleRowsOf(ids['dr.patel']!);
    server.clock.advance(60_000);
    const replacement = await buildDocx(['A shorter example of my writing.']);
    const replaced = await uploadExample('dr.patel', { filename: 'Newer Style.DOCX', content: replacement });
    assert.equal(replaced.statusCode, 201, replaced.body);
    assert.deepEqual(replaced.json(), { message: 'Example document replaced successfully' });

    const rows = await exampleRowsOf(ids['dr.patel']!);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.text.trim(), 'A shorter example of my writing.');
    const files = await storedFiles(server);
    assert.ok(!files.includes(oldRow!.storage_key), 'the replaced file is removed');
    assert.ok(files.includes(rows[0]!.storage_key));

    const after = (await patel.get(exampleUrl(ids['dr.patel']!))).json() as ExampleDocumentInfo;
    assert.equal(after.filename, 'Newer Style.DOCX');
    assert.equal(after.file_size, replacement.length);
    assert.equal(after.uploaded_at, before.uploaded_at);
    assert.equal(after.last_modified, server.clock.now().toISOString());
    assert.notEqual(after.last_modified, before.last_modified);
  });

  it('refuses a renamed PDF or text file, or a name other than .docx, keeping nothing', async () => {
    const filesBefore = await storedFiles(server);
    const rowBefore = await exampleRowsOf(ids['dr.patel']!);
    const refusals: UploadFile[] = [
      { filename: 'renamed.docx', content: await buildPdf(['Not a Word document.']) },
      { filename: 'notes.docx', content: Buffer.from('Plain text pretending to be Word.\n') },
      { filename: 'empty.docx', content: Buffer.alloc(0) },
      { filename: 'letter.doc', content: styleDocx },
      { filename: 'letter.pdf', content: styleDocx },
      { filename: 'docx', content: styleDocx },
    ];
    for (const file of refusals) {
      const response = await uploadExample('dr.patel', file);
      assert.equal(response.statusCode, 400, `${file.filename}: ${response.body}`);
      assert.equal(response.json().message, 'Only .docx files are allowed for example documents');
    }
    assert.deepEqual(await storedFiles(server), filesBefore);
    assert.deepEqual(await exampleRowsOf(ids['dr.patel']!), rowBefore);
  });

  it('refuses a file over 50MB, whether its size is declared or found while streaming, keeping nothing', async () => {
    const filesBefore = await storedFiles(server);
    const body = multipartInOrder([
      { filename: 'huge.docx', content: Buffer.alloc(AUTHORING_DOCX_MAX_BYTES + 1) },
    ]);
    // A stream has no Content-Length: the limit is found while the file is read.
    const streamed = await postMultipart(
      'dr.patel',
      exampleUrl(ids['dr.patel']!),
      Readable.from([body.subarray(0, 1024 * 1024), body.subarray(1024 * 1024)]),
    );
    assert.equal(streamed.statusCode, 413, streamed.body);
    assert.equal(streamed.json().message, 'File size exceeds 50MB limit');

    const declared = await postMultipart(
      'dr.patel',
      templatesUrl(ids['dr.patel']!),
      multipartInOrder([
        ['template_name', 'Huge'],
        { filename: 'huge.docx', content: Buffer.alloc(AUTHORING_DOCX_MAX_BYTES + 128 * 1024) },
      ]),
    );
    assert.equal(declared.statusCode, 413, declared.body);
    assert.equal(declared.json().message, 'File size exceeds 50MB limit');
    assert.deepEqual(await storedFiles(server), filesBefore);
  });

  it('is deleted with its file, after which there is none to download', async () => {
    const okafor = clients['dr.okafor']!;
    const url = exampleUrl(ids['dr.okafor']!);
    assert.equal(
      (await uploadExample('dr.okafor', { filename: 'okafor.docx', content: styleDocx })).statusCode,
      201,
    );
    const [row] = await exampleRowsOf(ids['dr.okafor']!);
    const deleted = await okafor.delete(url);
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.deepEqual(deleted.json(), { message: 'Example document deleted successfully' });
    assert.ok(!(await storedFiles(server)).includes(row!.storage_key));
    assert.equal((await okafor.get(url)).json().has_document, false);
    assert.equal((await okafor.get(`${url}/download`)).statusCode, 404);
    assert.equal((await okafor.delete(url)).statusCode, 404);
  });
});

describe('who may use the style document and report templates', () => {
  it('refuses another user\u2019s id with 403, an administrator\u2019s request included', async () => {
    const patelId = ids['dr.patel']!;
    const templateId = (
      (
        await uploadTemplate('dr.patel', [
          ['template_name', 'Private'],
          { filename: 't.docx', content: templateDocx },
        ])
      ).json() as { template: ReportTemplate }
    ).template.ID_Template;
    for (const username of ['admin', 'dr.okafor', 's.hughes']) {
      const client = clients[username]!;
      const answers = [
        await client.get(exampleUrl(patelId)),
        await client.get(`${exampleUrl(patelId)}/download`),
        await client.delete(exampleUrl(patelId)),
        await uploadExample(username, { filename: 'mine.docx', content: styleDocx }, patelId),
        await client.get(templatesUrl(patelId)),
        await uploadTemplate(
          username,
          [['template_name', 'X'], { filename: 'x.docx', content: templateDocx }],
          patelId,
        ),
        await client.get(`${templatesUrl(patelId)}/${templateId}/download`),
        await client.put(`${templatesUrl(patelId)}/${templateId}`, { template_name: 'Taken' }),
        await client.delete(`${templatesUrl(patelId)}/${templateId}`),
      ];
      for (const answer of answers) {
        assert.equal(answer.statusCode, 403, `${username}: ${answer.body}`);
        assert.equal(
          answer.json().message,
          'Example documents and report templates can only be used by their own user',
        );
      }
    }
    assert.equal(await templateCountOf(patelId), 1);
    assert.equal((await exampleRowsOf(patelId)).length, 1);
  });

  it('refuses a user whose access level lacks generative AI, even for their own id', async () => {
    for (const username of ['t.reid', 'r.viewer']) {
      const client = clients[username]!;
      for (const answer of [
        await client.get(exampleUrl(ids[username]!)),
        await client.get(templatesUrl(ids[username]!)),
        await uploadExample(username, { filename: 'mine.docx', content: styleDocx }),
      ]) {
        assert.equal(answer.statusCode, 403, `${username}: ${answer.body}`);
        assert.match(answer.json().message, NO_ACCESS);
      }
    }
  });
});

describe('report templates', () => {
  it('takes the name, description and file in any order, and lists the newest first', async () => {
    const hughes = clients['s.hughes']!;
    const first = await uploadTemplate('s.hughes', [
      { filename: 'Personal Injury.docx', content: templateDocx },
      ['description', '  Letterhead and headings for PI reports  '],
      ['template_name', '  Personal injury  '],
    ]);
    assert.equal(first.statusCode, 201, first.body);
    const firstAnswer = first.json() as { message: string; template: ReportTemplate };
    assert.equal(firstAnswer.message, 'Template uploaded successfully');
    assert.equal(firstAnswer.template.template_name, 'Personal injury');
    assert.equal(firstAnswer.template.description, 'Letterhead and headings for PI reports');
    assert.equal(firstAnswer.template.filename, 'Personal Injury.docx');
    assert.equal(firstAnswer.template.file_size, templateDocx.length);

    server.clock.advance(1_000);
    const second = await uploadTemplate('s.hughes', [
      ['template_name', 'Clinical negligence'],
      ['description', '   '],
      { filename: 'clin-neg.docx', content: templateDocx },
    ]);
    assert.equal(second.statusCode, 201, second.body);
    assert.equal((second.json() as { template: ReportTemplate }).template.description, null);

    const list = (await hughes.get(templatesUrl(ids['s.hughes']!))).json() as ReportTemplateListResponse;
    assert.deepEqual(
      list.templates.map((template) => template.template_name),
      ['Clinical negligence', 'Personal injury'],
    );

    const link = await hughes.get(
      `${templatesUrl(ids['s.hughes']!)}/${firstAnswer.template.ID_Template}/download`,
    );
    assert.equal(link.statusCode, 200, link.body);
    assert.equal(link.json().filename, 'Personal Injury.docx');
    assert.deepEqual((await followDownload(link.json())).rawPayload, templateDocx);
  });

  it('refuses an upload without a name, or without a real .docx, keeping nothing', async () => {
    const filesBefore = await storedFiles(server);
    const countBefore = await templateCountOf(ids['s.hughes']!);
    const cases: { parts: ([string, string] | UploadFile)[]; message: string }[] = [
      { parts: [{ filename: 'nameless.docx', content: templateDocx }], message: 'Template name is required' },
      {
        parts: [{ filename: 'blank.docx', content: templateDocx }, ['template_name', '   ']],
        message: 'Template name is required',
      },
      {
        parts: [['template_name', ''], { filename: 'blank-first.docx', content: templateDocx }],
        message: 'Template name is required',
      },
      { parts: [['template_name', 'No file']], message: 'Choose a .docx file to upload' },
      {
        parts: [
          ['template_name', 'Renamed PDF'],
          { filename: 'renamed.docx', content: await buildPdf(['PDF']) },
        ],
        message: 'Only .docx files are allowed for report templates',
      },
      {
        parts: [['template_name', 'A PDF'], { filename: 'template.pdf', content: templateDocx }],
        message: 'Only .docx files are allowed for report templates',
      },
    ];
    for (const { parts, message } of cases) {
      const response = await uploadTemplate('s.hughes', parts);
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(response.json().message, message);
    }
    assert.deepEqual(await storedFiles(server), filesBefore);
    assert.equal(await templateCountOf(ids['s.hughes']!), countBefore);
  });

  it('updates the name and description, and deletes a template with its file', async () => {
    const hughes = clients['s.hughes']!;
    const created = (
      await uploadTemplate('s.hughes', [
        ['template_name', 'Draft'],
        { filename: 'draft.docx', content: templateDocx },
      ])
    ).json() as { template: ReportTemplate };
    const url = `${templatesUrl(ids['s.hughes']!)}/${created.template.ID_Template}`;

    server.clock.advance(5_000);
    const updated = await hughes.put(url, { template_name: ' Condition and prognosis ', description: 'C&P' });
    assert.equal(updated.statusCode, 200, updated.body);
    const answer = updated.json() as { message: string; template: ReportTemplate };
    assert.equal(answer.message, 'Template updated successfully');
    assert.equal(answer.template.template_name, 'Condition and prognosis');
    assert.equal(answer.template.description, 'C&P');
    assert.equal(answer.template.updated_at, server.clock.now().toISOString());
    assert.equal(answer.template.created_at, created.template.created_at);

    const blank = await hughes.put(url, { template_name: '  ' });
    assert.equal(blank.statusCode, 400, blank.body);
    assert.equal(blank.json().message, 'Template name is required');

    const key = await templateKeyOf(created.template.ID_Template);
    assert.ok(key && (await storedFiles(server)).includes(key));
    const deleted = await hughes.delete(url);
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.deepEqual(deleted.json(), { message: 'Template deleted successfully' });
    assert.ok(!(await storedFiles(server)).includes(key));
    assert.equal((await hughes.delete(url)).statusCode, 404);
  });

  it('answers 404 for another user\u2019s template asked for under the caller\u2019s own id', async () => {
    const created = (
      await uploadTemplate('dr.patel', [
        ['template_name', 'Mine'],
        { filename: 'mine.docx', content: templateDocx },
      ])
    ).json() as { template: ReportTemplate };
    const okafor = clients['dr.okafor']!;
    const foreign = `${templatesUrl(ids['dr.okafor']!)}/${created.template.ID_Template}`;
    for (const answer of [
      await okafor.get(`${foreign}/download`),
      await okafor.put(foreign, { template_name: 'Taken over' }),
      await okafor.delete(foreign),
    ]) {
      assert.equal(answer.statusCode, 404, answer.body);
      assert.equal(answer.json().message, 'Template not found');
    }
    assert.equal((await templateKeyOf(created.template.ID_Template)) !== null, true);
  });
});

describe('a deleted user', () => {
  it('takes their style document and report templates out of the file store', async () => {
    const created = await clients.admin!.post('/api/users', {
      Name: 'Departing Expert',
      Email: 'departing.expert@example.org',
      ContactNumber: '',
      Username: 'departing.expert',
      Password: DEMO_PASSWORD,
      Group: (await findUserById(server.app.ctx.db, ids.admin!))!.groupId,
      access_level: 1,
    });
    assert.equal(created.statusCode, 201, created.body);
    const userId = created.json().user.ID_User as number;
    tokens['departing.expert'] = await signIn(server, 'departing.expert');
    ids['departing.expert'] = userId;
    assert.equal(
      (await uploadExample('departing.expert', { filename: 'style.docx', content: styleDocx })).statusCode,
      201,
    );
    assert.equal(
      (
        await uploadTemplate('departing.expert', [
          ['template_name', 'Farewell'],
          { filename: 'farewell.docx', content: templateDocx },
        ])
      ).statusCode,
      201,
    );
    const { rows } = await server.app.ctx.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM example_documents WHERE user_id = $1
       UNION ALL SELECT storage_key FROM report_templates WHERE user_id = $1`,
      [userId],
    );
    const keys = rows.map((row) => row.storage_key);
    assert.equal(keys.length, 2);
    for (const key of keys) assert.ok((await storedFiles(server)).includes(key));

    const removed = await clients.admin!.delete(`/api/users/${userId}`);
    assert.equal(removed.statusCode, 200, removed.body);
    await waitFor(
      () => storedFiles(server),
      (files) => keys.every((key) => !files.includes(key)),
      'the deleted user\u2019s files to go',
    );
  });
});

describe('a Standard practitioner', () => {
  it('reads their own style document and templates for drafting, and is refused every change', async () => {
    await setAccessLevel(server, 's.hughes', 'Standard');
    try {
      const client = clients['s.hughes']!;
      const id = ids['s.hughes']!;
      assert.equal((await client.get(exampleUrl(id))).statusCode, 200);
      assert.equal((await client.get(templatesUrl(id))).statusCode, 200);
      for (const response of [
        await uploadExample('s.hughes', { filename: 'mine.docx', content: styleDocx }),
        await client.delete(exampleUrl(id)),
      ]) {
        assert.equal(response.statusCode, 403, response.body);
        assert.equal(
          response.json().message,
          'Your access level does not include the report authoring tools',
        );
      }
    } finally {
      await setAccessLevel(server, 's.hughes', 'Full Access');
    }
  });
});
