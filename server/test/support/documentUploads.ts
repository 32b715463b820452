// Uploading documents the way a browser does (multipart, patient_id first) and reading back what processing made.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Job, JobStatusResponse, PatientDocumentListResponse, ProcessingResult } from '@ewrt/contract';
import type { asUser, TestServer } from './testServer.js';

export interface UploadFile {
  filename: string;
  content: Buffer;
}

/** A multipart body as a browser's FormData sends it: the given fields in order, then the file. */
export function multipartBody(
  fields: [string, string][],
  file: UploadFile | null,
  boundary = 'ewrt-test-boundary',
) {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function upload(target: TestServer, token: string, patientId: number | string, file: UploadFile) {
  const { body, contentType } = multipartBody([['patient_id', String(patientId)]], file);
  return target.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
}

export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The job's processing_result, with the fields this server adds to the contract's (message, page_source). */
export const resultOf = (job: Job | null) =>
  job?.output_data?.processing_result as
    (ProcessingResult & { message?: string; page_source?: string }) | undefined;

export const finished = (job: Job | null) =>
  job !== null && ['completed', 'failed', 'cancelled'].includes(job.status);

/** Uploads a file, expects the 202 answer, and waits for its processing job to end. */
export async function uploadAndProcess(
  target: TestServer,
  token: string,
  patientId: number,
  file: UploadFile,
): Promise<Job> {
  const response = await upload(target, token, patientId, file);
  assert.equal(response.statusCode, 202, response.body);
  const answer = response.json();
  assert.equal(answer.redirect_to, 'job_list');
  assert.equal(answer.message, `${file.filename} was uploaded and is being processed in the background`);
  return (await waitFor(() => target.app.ctx.jobs.get(answer.job_id), finished, `job of ${file.filename}`))!;
}

export interface ChunkRow {
  page: number;
  chunk_index: number;
  start_offset: number;
  end_offset: number;
  text: string;
}

export async function chunksOf(target: TestServer, filename: string, patientId: number): Promise<ChunkRow[]> {
  const { rows } = await target.app.ctx.db.query<ChunkRow>(
    `SELECT c.page, c.chunk_index, c.start_offset, c.end_offset, c.text
       FROM document_chunks c JOIN documents d ON d.id = c.document_id
      WHERE d.filename = $1 AND d.patient_id = $2 ORDER BY c.chunk_index`,
    [filename, patientId],
  );
  return rows;
}

/** Every file in the store, staging files included: what "nothing kept" is checked against. */
export async function storedFiles(target: TestServer): Promise<string[]> {
  return (await readdir(path.join(target.dataDir, 'files', 'store'))).sort();
}

export async function documentRows(target: TestServer, patientId: number): Promise<number> {
  const { rows } = await target.app.ctx.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM documents WHERE patient_id = $1`,
    [patientId],
  );
  return rows[0]!.count;
}

export async function listOf(
  client: ReturnType<typeof asUser>,
  patientId: number,
): Promise<PatientDocumentListResponse> {
  const response = await client.get(`/api/documents/patient/${patientId}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

export async function logsOf(target: TestServer, jobId: number): Promise<string[]> {
  const { rows } = await target.app.ctx.db.query<{ message: string }>(
    `SELECT message FROM job_logs WHERE job_id = $1 ORDER BY id`,
    [jobId],
  );
  return rows.map((row) => row.message);
}

/** An opinion upload as the opinion screen sends it: `user_id`, then the file. */
export function uploadOpinion(target: TestServer, token: string, userId: number | string, file: UploadFile) {
  const { body, contentType } = multipartBody([['user_id', String(userId)]], file);
  return target.app.inject({
    method: 'POST',
    url: '/api/opinions/documents/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
}

/** Polls GET /api/opinions/jobs/:jobId/status, as the opinion screen does, until the job has ended. */
export async function waitForOpinionJob(target: TestServer, token: string, jobId: number): Promise<Job> {
  const read = async () => {
    const response = await target.app.inject({
      method: 'GET',
      url: `/api/opinions/jobs/${jobId}/status`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as JobStatusResponse).job;
  };
  return waitFor(read, finished, `opinion job ${jobId}`);
}

/** Uploads one of the user's opinion documents, expects the 202 answer, and waits for its job through the API. */
export async function uploadOpinionAndProcess(
  target: TestServer,
  token: string,
  userId: number,
  file: UploadFile,
): Promise<Job> {
  const response = await uploadOpinion(target, token, userId, file);
  assert.equal(response.statusCode, 202, response.body);
  const answer = response.json();
  assert.equal(answer.redirect_to, undefined, 'the opinion screen polls the job itself');
  assert.equal(answer.message, `${file.filename} was uploaded and is being processed in the background`);
  return waitForOpinionJob(target, token, answer.job_id);
}
