// A patient with two processed documents and a report type whose prompts match known pages of them: what the
// draft-report tests generate reports from.
import assert from 'node:assert/strict';
import type { DraftReportStatusResponse } from '@ewrt/contract';
import { buildDocx, buildPdf } from '../fixtures/buildDocumentFixtures.js';
import { multipartBody, uploadAndProcess, waitFor } from './documentUploads.js';
import { asUser, patientIdByMrn, type TestServer } from './testServer.js';

/** Each prompt's words are on exactly one page of the two documents. */
export const DRAFT_CASE_PAGES = {
  history: 'She has asthma, diagnosed in childhood and controlled with a salbutamol inhaler.',
  injuries: 'After the collision on 3 April 2023 she had whiplash with neck pain and stiffness.',
  treatment: 'She attended eight physiotherapy sessions and her neck movement improved.',
} as const;

/**
 * Added in this order, which is not alphabetical: the report runs them by ID_Lookup, so an order by title would
 * show.
 */
export const DRAFT_CASE_PROMPTS = [
  { title: 'Past medical history', text: 'Summarise any asthma or other illness before the accident.' },
  { title: 'Injuries sustained', text: 'Describe the whiplash and neck injuries after the collision.' },
  { title: 'Treatment and rehabilitation', text: 'Describe the physiotherapy sessions attended.' },
] as const;

export const DRAFT_CASE_TYPE = 'Personal injury';
export const DRAFT_CASE_FILES = { letter: 'gp-letter.pdf', physio: 'physio-notes.docx' } as const;

export interface DraftCase {
  patientId: number;
  userId: number;
  groupId: number;
  typeId: number;
  promptIds: number[];
}

export async function userIdOf(
  server: TestServer,
  username: string,
): Promise<{ id: number; groupId: number }> {
  const { rows } = await server.app.ctx.db.query<{ id: number; group_id: number }>(
    `SELECT id, group_id FROM users WHERE username = $1`,
    [username],
  );
  assert.ok(rows[0], `no user ${username}`);
  return { id: rows[0].id, groupId: rows[0].group_id };
}

/** Uploads a PDF (history on page 1, injuries on page 2) and a .docx (treatment), then the type and its prompts. */
export async function setUpDraftCase(
  server: TestServer,
  token: string,
  username: string,
): Promise<DraftCase> {
  const client = asUser(server, token);
  const { id: userId, groupId } = await userIdOf(server, username);
  const patientId = await patientIdByMrn(server, 'DEMO-1001');
  for (const file of [
    {
      filename: DRAFT_CASE_FILES.letter,
      content: await buildPdf([DRAFT_CASE_PAGES.history, DRAFT_CASE_PAGES.injuries]),
    },
    { filename: DRAFT_CASE_FILES.physio, content: await buildDocx([DRAFT_CASE_PAGES.treatment]) },
  ]) {
    const job = await uploadAndProcess(server, token, patientId, file);
    assert.equal(job.status, 'completed', job.error_message ?? '');
  }
  const created = await client.post('/api/lookup-types', { LookupTypeText: DRAFT_CASE_TYPE });
  assert.equal(created.statusCode, 201, created.body);
  const typeId = created.json().lookupType.ID_LookupType as number;
  const promptIds: number[] = [];
  for (const prompt of DRAFT_CASE_PROMPTS) {
    const saved = await client.post('/api/lookups', {
      LookupTitle: prompt.title,
      LookupText: prompt.text,
      LookupType: typeId,
      ID_User: userId,
      ID_Group: groupId,
    });
    assert.equal(saved.statusCode, 201, saved.body);
    promptIds.push(saved.json().lookup.ID_Lookup);
  }
  return { patientId, userId, groupId, typeId, promptIds };
}

/** Polls the status call, as the Draft Report screen does, until the job has ended. */
export async function waitForDraftJob(
  server: TestServer,
  token: string,
  jobId: number,
): Promise<DraftReportStatusResponse> {
  const client = asUser(server, token);
  return waitFor(
    async () => {
      const response = await client.get(`/api/draft-report/status/${jobId}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as DraftReportStatusResponse;
    },
    (status) => !['pending', 'running'].includes(status.status),
    `draft-report job ${jobId}`,
  );
}

/** Uploads a Word document as the user's style document or one of their report templates. */
export async function uploadAuthoringDocx(
  server: TestServer,
  token: string,
  url: string,
  fields: [string, string][],
  filename: string,
  paragraphs: string[],
) {
  const { body, contentType } = multipartBody(fields, { filename, content: await buildDocx(paragraphs) });
  const response = await server.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}
