// Putting records in place through the API, for flows whose subject is what happens after the upload (the upload
// screens themselves are driven in the browser by 10-documents and the opinion flow).
import type { DocumentUploadResponse, JobStatusResponse } from '@ewrt/contract';
import { apiGet, tokenFor } from './api';
import type { RecordFile } from './documentFiles';
import { stackInfo } from './stackInfo';

const JOB_POLL_MS = 250;
const JOB_WAIT_MS = 60_000;

async function upload(path: string, ownerField: [string, string], file: RecordFile, username: string) {
  const form = new FormData();
  form.append(ownerField[0], ownerField[1]);
  form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await fetch(`${stackInfo().apiUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await tokenFor(username)}` },
    body: form,
  });
  const body = (await response.json()) as DocumentUploadResponse & { message?: string };
  if (response.status !== 202 || !body.job_id) {
    throw new Error(`POST ${path} answered ${response.status}: ${body.message ?? 'no job'}`);
  }
  return body.job_id;
}

async function waitForJob(statusPath: string, username: string): Promise<JobStatusResponse> {
  const deadline = Date.now() + JOB_WAIT_MS;
  for (;;) {
    const { status, body } = await apiGet<JobStatusResponse>(statusPath, username);
    if (status !== 200) throw new Error(`GET ${statusPath} answered ${status}`);
    if (body.status === 'completed') return body;
    if (body.status === 'failed' || body.status === 'cancelled') {
      throw new Error(`${statusPath}: the job ${body.status}: ${body.error_message ?? ''}`);
    }
    if (Date.now() > deadline) throw new Error(`${statusPath}: still ${body.status} after ${JOB_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
  }
}

/** Uploads one of a patient's records and waits until it is processed and indexed. */
export async function uploadPatientRecord(username: string, patientId: number, file: RecordFile) {
  const jobId = await upload('/api/documents/upload', ['patient_id', String(patientId)], file, username);
  return waitForJob(`/api/jobs/${jobId}/status`, username);
}
