// Record questions and opinion questions with no language model configured: answers from retrieval alone, the
// conversation kept per user and patient, the page view, Word export, save to the records, clear, Date of Event,
// the opinion corpus kept personal, and the purge with "Delete all patient data".
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type {
  ClearConversationResponse,
  ConversationResponse,
  DocumentPageResponse,
  QueryResponse,
  SaveConversationResponse,
} from '@ewrt/contract';
import { fileNameDay, formatEnGbDay } from '../src/features/conversations/conversationNames.js';
import { buildPdf, PAGE_TEXTS } from './fixtures/buildDocumentFixtures.js';
import {
  finished,
  listOf,
  uploadAndProcess,
  uploadOpinionAndProcess,
  waitFor,
} from './support/documentUploads.js';
import { canPrintDocx, printedDocxText } from './support/printedDocx.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

const run = promisify(execFile);

// Leases far longer than any test: the tests move the clock (sign-in codes) without taking jobs away.
const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };
const MRI_QUESTION = 'What did the MRI show about the medial meniscus?';
const OPINION_SENTENCE =
  'In my opinion the scaphoid fracture was caused by the fall onto an outstretched hand.';

let server: TestServer;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
let patel: ReturnType<typeof asUser>;
let hughes: ReturnType<typeof asUser>;
let viewer: ReturnType<typeof asUser>;
let okafor: ReturnType<typeof asUser>;
let lead: ReturnType<typeof asUser>;
let admin: ReturnType<typeof asUser>;
const patients: Record<string, number> = {};

async function userIdOf(username: string): Promise<number> {
  const { rows } = await server.app.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE username = $1`, [
    username,
  ]);
  assert.ok(rows[0], `no user ${username}`);
  return rows[0].id;
}

async function ask(client: ReturnType<typeof asUser>, url: string, query: string): Promise<QueryResponse> {
  const response = await client.post(url, { query });
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

async function entriesOf(client: ReturnType<typeof asUser>, url: string) {
  const response = await client.get(url);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as ConversationResponse).entries;
}

async function lastAudit(action: string) {
  const { rows } = await server.app.ctx.db.query<{
    user_id: number;
    patient_id: number | null;
    details: Record<string, unknown>;
  }>(`SELECT user_id, patient_id, details FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1`, [
    action,
  ]);
  assert.ok(rows[0], `no audit row ${action}`);
  return rows[0];
}

/** The text of one part of a .docx (word/document.xml, word/footnotes.xml), a line per paragraph. */
async function docxPartText(docx: Buffer, part: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ewrt-docx-'));
  try {
    const file = path.join(folder, 'export.docx');
    await writeFile(file, docx);
    const { stdout } = await run('unzip', ['-p', file, part], { maxBuffer: 16 * 1024 * 1024 });
    return stdout
      .split('</w:p>')
      .map((paragraph) =>
        [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join(''),
      )
      .filter((line) => line !== '')
      .join('\n')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

before(async () => {
  server = await createTestServer(JOB_ENV);
  for (const username of ['dr.patel', 's.hughes', 'r.viewer', 'dr.okafor', 'groupadmin', 'admin']) {
    tokens[username] = await signIn(server, username);
    userIds[username] = await userIdOf(username);
  }
  patel = asUser(server, tokens['dr.patel']!);
  hughes = asUser(server, tokens['s.hughes']!);
  viewer = asUser(server, tokens['r.viewer']!);
  okafor = asUser(server, tokens['dr.okafor']!);
  lead = asUser(server, tokens.groupadmin!);
  admin = asUser(server, tokens.admin!);
  for (const [key, mrn] of Object.entries({
    whitfield: 'DEMO-1001',
    bennett: 'DEMO-1002',
    ashworth: 'DEMO-1004',
    doherty: 'DEMO-2001',
  })) {
    patients[key] = await patientIdByMrn(server, mrn);
  }
  const job = await uploadAndProcess(server, tokens['dr.patel']!, patients.whitfield!, {
    filename: 'mri-report.pdf',
    content: await buildPdf(PAGE_TEXTS),
  });
  assert.equal(job.status, 'completed', job.error_message ?? '');
});
after(() => server.close());

describe('record questions without a language model', () => {
  const conversationUrl = () => `/api/patients/${patients.whitfield}/conversation`;
  const queryUrl = () => `/api/patients/${patients.whitfield}/query`;
  let answer: QueryResponse;

  it('answers from retrieval alone, says so, and cites the file and page of the passage', async () => {
    answer = await ask(patel, queryUrl(), MRI_QUESTION);
    assert.equal(answer.model_info.mode, 'retrieval-only');
    assert.equal(answer.model_info.model, null);
    assert.match(answer.model_info.label, /No language model configured/);
    assert.match(answer.response, /No language model is configured/);
    const [first] = answer.source_locations;
    assert.equal(first?.filename, 'mri-report.pdf');
    assert.equal(first?.page, 2);
    assert.equal(first?.bundle_page, null);
    assert.deepEqual(first?.location_details.pages, [2]);
    assert.match(first!.location_details.content_preview, /medial meniscus/);
    assert.match(answer.response, /mri-report\.pdf, page 2/);
    assert.equal(answer.context_documents, 1);
    assert.equal(answer.from_cache, false);
    assert.ok(answer.question_entry_id < answer.answer_entry_id);
  });

  it('keeps the question and its answer in the conversation, oldest first', async () => {
    const entries = await entriesOf(patel, conversationUrl());
    assert.deepEqual(
      entries.map((entry) => [entry.id, entry.type]),
      [
        [answer.question_entry_id, 'user'],
        [answer.answer_entry_id, 'assistant'],
      ],
    );
    assert.equal(entries[0]!.content, MRI_QUESTION);
    assert.equal(entries[0]!.metadata, null);
    assert.equal(entries[1]!.content, answer.response);
    assert.deepEqual(entries[1]!.metadata, {
      model_info: answer.model_info,
      context_documents_count: 1,
      source_locations: answer.source_locations,
      location_summary: answer.location_summary,
      sentences: answer.sentences,
      from_cache: false,
    });
  });

  it('audits that a question was asked, its length and its sources, never its text', async () => {
    const row = await lastAudit('conversation.query');
    assert.equal(row.user_id, userIds['dr.patel']);
    assert.equal(row.patient_id, patients.whitfield);
    assert.equal(row.details.question_length, MRI_QUESTION.length);
    assert.equal(row.details.from_cache, false);
    assert.deepEqual((row.details.sources as { page: number }[])[0], {
      s3_key: answer.source_locations[0]!.s3_key,
      filename: 'mri-report.pdf',
      page: 2,
    });
    assert.doesNotMatch(JSON.stringify(row.details), /meniscus/);
  });

  it("keeps each user's conversation to themselves", async () => {
    assert.deepEqual(await entriesOf(hughes, conversationUrl()), []);
    const own = await ask(hughes, queryUrl(), 'physiotherapy plan');
    assert.equal(own.source_locations[0]?.page, 3);
    assert.equal((await entriesOf(hughes, conversationUrl())).length, 2);
    assert.deepEqual(
      (await entriesOf(patel, conversationUrl())).map((entry) => entry.id),
      [answer.question_entry_id, answer.answer_entry_id],
    );
  });

  it("refuses another group's patient, the Read Only level and a pagination-only patient", async () => {
    for (const request of [
      () => okafor.get(conversationUrl()),
      () => okafor.post(queryUrl(), { query: MRI_QUESTION }),
      () => okafor.delete(`${conversationUrl()}/clear`),
      () => okafor.get(`${conversationUrl()}/export`),
    ]) {
      const response = await request();
      assert.equal(response.statusCode, 404, response.body);
      assert.equal(response.json().message, 'Patient not found');
    }
    const readOnly = await viewer.post(queryUrl(), { query: MRI_QUESTION });
    assert.equal(readOnly.statusCode, 403);
    assert.equal(readOnly.json().message, 'Your access level does not allow working with patient documents');
    const paginationOnly = await patel.post(`/api/patients/${patients.bennett}/query`, {
      query: MRI_QUESTION,
    });
    assert.equal(paginationOnly.statusCode, 403);
    assert.equal(
      paginationOnly.json().message,
      'Document tools are available only for patients you have full access to',
    );
    const refused = await lastAudit('conversation.query');
    assert.equal(refused.patient_id, patients.bennett);
    assert.equal(refused.details.outcome, 'refused');
  });

  it('refuses a blank question before anything is stored', async () => {
    const before = (await entriesOf(patel, conversationUrl())).length;
    const response = await patel.post(queryUrl(), { query: '   ' });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, 'Type a question');
    assert.equal((await entriesOf(patel, conversationUrl())).length, before);
  });
});

describe('the page view of a citation', () => {
  const pageUrl = (patientId: number, key: string, page: number) =>
    `/api/documents/patient/${patientId}/pages/${key}/${page}`;
  let storageKey: string;

  before(async () => {
    storageKey = (await listOf(patel, patients.whitfield!)).documents[0]!.s3_key;
  });

  it("rebuilds the page's text from its passages, with their offsets for the highlight", async () => {
    const response = await patel.get(pageUrl(patients.whitfield!, storageKey, 2));
    assert.equal(response.statusCode, 200, response.body);
    const page: DocumentPageResponse = response.json();
    assert.equal(page.filename, 'mri-report.pdf');
    assert.equal(page.page, 2);
    assert.equal(page.page_count, 3);
    assert.equal(page.bundle_page, null);
    assert.equal(page.text, PAGE_TEXTS[1]);
    const cited = (await ask(patel, `/api/patients/${patients.whitfield}/query`, MRI_QUESTION))
      .source_locations[0]!;
    const passage = page.passages.find((candidate) => candidate.chunk_id === cited.chunk_id);
    assert.ok(passage, 'the cited passage is on its page');
    assert.match(page.text.slice(passage.start_offset, passage.end_offset), /medial meniscus/);
  });

  it('answers 404 for a page past the end, an unknown key, or a key of another patient or scope', async () => {
    const pastEnd = await patel.get(pageUrl(patients.whitfield!, storageKey, 4));
    assert.equal(pastEnd.statusCode, 404);
    assert.equal(pastEnd.json().message, 'Page not found');
    for (const response of [
      await patel.get(pageUrl(patients.whitfield!, 'a'.repeat(32), 1)),
      await patel.get(pageUrl(patients.ashworth!, storageKey, 1)),
      await patel.get(`/api/opinions/documents/pages/${storageKey}/1`),
    ]) {
      assert.equal(response.statusCode, 404, response.body);
      assert.equal(response.json().message, 'Document not found');
    }
    const otherGroup = await okafor.get(pageUrl(patients.whitfield!, storageKey, 2));
    assert.equal(otherGroup.statusCode, 404);
    assert.equal(otherGroup.json().message, 'Patient not found');
  });
});

describe('export as a Word document', () => {
  let docx: Buffer;

  it('names the file by patient and date and sends a real .docx', async () => {
    const response = await patel.get(`/api/patients/${patients.whitfield}/conversation/export`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(
      response.headers['content-type'],
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const filename = `Eleanor_Whitfield_conversation_${fileNameDay(server.clock.now())}.docx`;
    assert.equal(
      response.headers['content-disposition'],
      `attachment; filename="${filename}"; filename*=UTF-8''${filename}`,
    );
    docx = response.rawPayload;
    assert.equal(docx.subarray(0, 2).toString('latin1'), 'PK');
  });

  it('holds the title, the date, each question and answer, and footnotes naming file and page', async () => {
    const body = await docxPartText(docx, 'word/document.xml');
    assert.match(body, /Conversation about Eleanor Whitfield \(MRN DEMO-1001\)/);
    assert.ok(body.includes(`Exported on ${formatEnGbDay(server.clock.now())}`));
    assert.ok(body.includes(MRI_QUESTION));
    assert.match(body, /No language model is configured/);
    assert.match(body, /Answered by: No language model configured/);
    assert.match(body, /\[1\] mri-report\.pdf, page 2/);
    assert.ok(body.indexOf('Question 1') < body.indexOf('Answer 1'));
    assert.ok(body.indexOf('Answer 1') < body.indexOf('Question 2'));
    const footnotes = await docxPartText(docx, 'word/footnotes.xml');
    assert.match(footnotes, /Source \[1\]: mri-report\.pdf, page 2/);
  });

  it('opens in a word processor with the same text', async (context) => {
    if (!(await canPrintDocx())) {
      context.skip('LibreOffice (soffice) or pdftotext is not installed: the printed text is not checked');
      return;
    }
    const printed = await printedDocxText(docx);
    assert.ok(printed.includes('Conversation about Eleanor Whitfield'), printed);
    assert.ok(printed.includes(MRI_QUESTION), printed);
    assert.ok(printed.includes('Source [1]: mri-report.pdf, page 2'), printed);
  });
});

describe('save to the records', () => {
  let saved: SaveConversationResponse;

  it('turns the conversation into a dated document of the records that is processed and indexed', async () => {
    const response = await patel.post(`/api/patients/${patients.whitfield}/conversation/save-to-vectors`, {
      include_queries: true,
    });
    assert.equal(response.statusCode, 200, response.body);
    saved = response.json();
    assert.equal(saved.success, true);
    assert.equal(saved.entries_saved, 4);
    const now = server.clock.now();
    const time = `${String(now.getHours()).padStart(2, '0')}-${String(now.getMinutes()).padStart(2, '0')}`;
    assert.equal(saved.filename, `Conversation ${fileNameDay(now)} ${time}.txt`);
    assert.ok(saved.job_id);
    const job = await waitFor(() => server.app.ctx.jobs.get(saved.job_id!), finished, 'saved conversation');
    assert.equal(job?.status, 'completed', job?.error_message ?? '');
    const listed = (await listOf(patel, patients.whitfield!)).documents.find(
      (document) => document.filename === saved.filename,
    );
    assert.equal(listed?.status, 'processed');
  });

  it('is found by a later question, with the sources of its answers written in', async () => {
    const later = await ask(
      patel,
      `/api/patients/${patients.whitfield}/query`,
      'saved questions medial meniscus',
    );
    const fromSaved = later.source_locations.find((source) => source.filename === saved.filename);
    assert.ok(fromSaved, JSON.stringify(later.source_locations));
    const page = await patel.get(
      `/api/documents/patient/${patients.whitfield}/pages/${fromSaved.s3_key}/${fromSaved.page}`,
    );
    const text = (page.json() as DocumentPageResponse).text;
    assert.match(text, /^Questions about the records of Eleanor Whitfield \(MRN DEMO-1001\)/);
    assert.ok(text.includes(`Saved on ${formatEnGbDay(server.clock.now())}`));
    assert.ok(text.includes(`Question 1: ${MRI_QUESTION}`));
    assert.ok(text.includes('(mri-report.pdf, page 2)'));
  });

  it('refuses to store the same content twice', async () => {
    const { rows } = await server.app.ctx.db.query<{ id: number }>(
      `SELECT id FROM conversation_entries WHERE user_id = $1 AND patient_id = $2 ORDER BY id`,
      [userIds['dr.patel'], patients.whitfield],
    );
    // Back to the conversation that was saved: the two exchanges before the later question.
    await server.app.ctx.db.query(`DELETE FROM conversation_entries WHERE id = ANY($1::int[])`, [
      rows.slice(4).map((row) => row.id),
    ]);
    const again = await patel.post(`/api/patients/${patients.whitfield}/conversation/save-to-vectors`, {
      include_queries: true,
    });
    assert.equal(again.statusCode, 409, again.body);
    assert.match(
      again.json().message,
      new RegExp(`^${saved.filename} is already in this patient\u2019s records`),
    );
  });

  it('saves the answers alone when the questions are left out', async () => {
    const response = await patel.post(`/api/patients/${patients.whitfield}/conversation/save-to-vectors`, {
      include_queries: false,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal((response.json() as SaveConversationResponse).entries_saved, 2);
  });
});

describe('clear', () => {
  it('empties the conversation, after which there is nothing to export or save', async () => {
    const url = `/api/patients/${patients.whitfield}/conversation`;
    const count = (await entriesOf(patel, url)).length;
    const response = await patel.delete(`${url}/clear`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json() as ClearConversationResponse, {
      success: true,
      message: 'Conversation cleared successfully',
      entries_removed: count,
    });
    assert.deepEqual(await entriesOf(patel, url), []);
    assert.equal((await entriesOf(hughes, url)).length, 2, "another user's conversation stays");
    const exported = await patel.get(`${url}/export`);
    assert.equal(exported.statusCode, 400);
    assert.equal(exported.json().message, 'There is no conversation to export');
    const saved = await patel.post(`${url}/save-to-vectors`, { include_queries: true });
    assert.equal(saved.statusCode, 400);
  });
});

describe('Date of Event', () => {
  const url = () => `/api/patients/${patients.whitfield}/update-date-of-event`;

  it('is updated, audited with its value before and after, and cleared by a blank value', async () => {
    const response = await patel.put(url(), { DateofEvent: '2024-02-29' });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().message, 'Date of event updated successfully');
    assert.equal(response.json().patient.DateofEvent, '2024-02-29');
    const row = await lastAudit('patient.update');
    assert.equal(row.patient_id, patients.whitfield);
    assert.deepEqual(row.details.changes, { DateofEvent: { before: '2023-06-02', after: '2024-02-29' } });

    const cleared = await patel.put(url(), { DateofEvent: '' });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.equal(cleared.json().patient.DateofEvent, null);
  });

  it('refuses an invalid date, the Read Only level and another group', async () => {
    const invalid = await patel.put(url(), { DateofEvent: '2024-13-45' });
    assert.equal(invalid.statusCode, 400);
    assert.equal(invalid.json().message, 'Date of event must be a valid date (yyyy-mm-dd)');
    assert.equal((await viewer.put(url(), { DateofEvent: '2024-01-01' })).statusCode, 403);
    assert.equal((await okafor.put(url(), { DateofEvent: '2024-01-01' })).statusCode, 404);
  });
});

describe('opinion questions', () => {
  let opinionKey: string;

  before(async () => {
    const job = await uploadOpinionAndProcess(server, tokens['dr.patel']!, userIds['dr.patel']!, {
      filename: 'scaphoid-opinion.txt',
      content: Buffer.from(`${OPINION_SENTENCE}\n`, 'utf8'),
    });
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const { rows } = await server.app.ctx.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM documents WHERE owner_user_id = $1`,
      [userIds['dr.patel']],
    );
    opinionKey = rows[0]!.storage_key;
  });

  it("answer from the user's own opinion documents, not from any patient's records", async () => {
    const answer = await ask(patel, '/api/opinions/query', 'scaphoid fracture outstretched hand');
    assert.equal(answer.source_locations[0]?.filename, 'scaphoid-opinion.txt');
    assert.ok(answer.source_locations.every((source) => source.filename !== 'mri-report.pdf'));
    const entries = await entriesOf(patel, '/api/opinions/conversation');
    assert.equal(entries.length, 2);
    const page = await patel.get(`/api/opinions/documents/pages/${opinionKey}/1`);
    assert.equal(page.statusCode, 200, page.body);
    assert.equal((page.json() as DocumentPageResponse).text, OPINION_SENTENCE);
  });

  it('are invisible to another user and to an administrator', async () => {
    for (const other of [lead, admin]) {
      assert.deepEqual(await entriesOf(other, '/api/opinions/conversation'), []);
      const answer = await ask(other, '/api/opinions/query', 'scaphoid fracture outstretched hand');
      assert.deepEqual(answer.source_locations, []);
      assert.doesNotMatch(answer.response, /scaphoid fracture was caused/);
      const page = await other.get(`/api/opinions/documents/pages/${opinionKey}/1`);
      assert.equal(page.statusCode, 404);
      assert.equal(page.json().message, 'Document not found');
    }
    assert.equal((await entriesOf(patel, '/api/opinions/conversation')).length, 2);
  });

  it('need the advanced tools of the user level', async () => {
    for (const response of [
      await hughes.get('/api/opinions/conversation'),
      await hughes.post('/api/opinions/query', { query: 'scaphoid' }),
      await hughes.get(`/api/opinions/documents/pages/${opinionKey}/1`),
    ]) {
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(response.json().message, 'Your access level does not include opinion documents');
    }
  });

  it("export under the user's name and save into the user's own opinion documents", async () => {
    const exported = await patel.get('/api/opinions/conversation/export');
    assert.equal(exported.statusCode, 200, exported.body);
    const filename = `Dr_Asha_Patel_opinion_conversation_${fileNameDay(server.clock.now())}.docx`;
    assert.ok(exported.headers['content-disposition']?.toString().includes(`filename="${filename}"`));
    const body = await docxPartText(exported.rawPayload, 'word/document.xml');
    assert.match(body, /Opinion documents of Dr Asha Patel/);
    assert.match(body, /scaphoid-opinion\.txt, page 1/);

    const saved = await patel.post('/api/opinions/conversation/save-to-vectors', { include_queries: true });
    assert.equal(saved.statusCode, 200, saved.body);
    const { rows } = await server.app.ctx.db.query<{
      owner_user_id: number | null;
      patient_id: number | null;
    }>(`SELECT owner_user_id, patient_id FROM documents WHERE job_id = $1`, [
      (saved.json() as SaveConversationResponse).job_id,
    ]);
    assert.deepEqual(rows, [{ owner_user_id: userIds['dr.patel'], patient_id: null }]);

    const cleared = await patel.delete('/api/opinions/conversation/clear');
    assert.equal(cleared.json().entries_removed, 2);
  });
});

describe('Delete all patient data', () => {
  it("removes every user's conversation about the patient and its cached answers", async () => {
    await ask(patel, `/api/patients/${patients.whitfield}/query`, MRI_QUESTION);
    const response = await patel.delete(`/api/patients/${patients.whitfield}/delete-all-data`);
    assert.equal(response.statusCode, 200, response.body);
    const { deleted } = response.json() as { deleted: Record<string, number> };
    assert.equal(deleted.conversation_entries, 4, 'two of dr.patel and two of s.hughes');
    assert.ok(deleted.cached_answers! >= 1);
    const { rows } = await server.app.ctx.db.query<{ entries: number; cached: number }>(
      `SELECT (SELECT count(*)::int FROM conversation_entries WHERE patient_id = $1) AS entries,
              (SELECT count(*)::int FROM answer_cache WHERE patient_id = $1) AS cached`,
      [patients.whitfield],
    );
    assert.deepEqual(rows[0], { entries: 0, cached: 0 });
  });
});
