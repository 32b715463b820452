import { apiUrl, http, HttpResponse, makePatient, setupApiServer } from '@ewrt/shared/testing';
import { makeJob, makePatientDocumentList, makeValidationResult } from '../testing-support/documentFixtures';
import {
  deleteDocument,
  generateFileList,
  getDocumentDownload,
  listPatientDocuments,
  rebuildPatientVectors,
  uploadDocument,
  validateDocument,
} from './documentsApi';
import { cancelJob, getJobStatus, listPatientJobs } from './jobsApi';
import { getPatient, searchPatients } from './patientLookupApi';

const server = setupApiServer();

test('validation sends the file name and size', async () => {
  let body: unknown;
  server.use(
    http.post(apiUrl('/api/documents/validate'), async ({ request }) => {
      body = await request.json();
      return HttpResponse.json(makeValidationResult({ valid: false, errors: ['Too large'] }));
    }),
  );
  const result = await validateDocument('notes.txt', 1234);
  expect(body).toEqual({ filename: 'notes.txt', fileSize: 1234 });
  expect(result.errors).toEqual(['Too large']);
});

test('upload sends patient_id before the file, as multipart, and reports progress up to the whole file', async () => {
  let fieldNames: string[] = [];
  let sentText = '';
  server.use(
    http.post(apiUrl('/api/documents/upload'), async ({ request }) => {
      const form = await request.formData();
      fieldNames = [...form.keys()];
      expect(form.get('patient_id')).toBe('101');
      const file = form.get('file');
      sentText = file instanceof Blob ? await file.text() : '';
      return HttpResponse.json({ message: 'Queued', redirect_to: 'job_list', job_id: 9 }, { status: 202 });
    }),
  );
  const fractions: number[] = [];
  const answer = await uploadDocument(101, new File(['hello records'], 'notes.txt', { type: 'text/plain' }), {
    onProgress: (fraction) => fractions.push(fraction),
  });
  expect(fieldNames).toEqual(['patient_id', 'file']);
  expect(sentText).toBe('hello records');
  expect(answer.job_id).toBe(9);
  expect(fractions.length).toBeGreaterThan(0);
  expect(fractions.every((fraction) => fraction >= 0 && fraction <= 1)).toBe(true);
  expect(fractions.at(-1)).toBe(1);
});

test('document listing, download link, delete, rebuild and file list use the spec paths and bodies', async () => {
  const seen: Record<string, unknown> = {};
  server.use(
    http.get(apiUrl('/api/documents/patient/101'), () => HttpResponse.json(makePatientDocumentList())),
    http.get(apiUrl('/api/documents/download/101/key_0123456789abcdef'), () =>
      HttpResponse.json({ download_url: '/api/files/t1', filename: 'a.pdf' }),
    ),
    http.delete(apiUrl('/api/documents/delete/101'), async ({ request }) => {
      seen.delete = await request.json();
      return HttpResponse.json({
        success: true,
        message: 'Deleted',
        repositories_deleted: 1,
        auto_rebuild: {
          performed: true,
          success: true,
          vectors_rebuilt: 3,
          repositories_processed: 1,
          message: 'ok',
        },
      });
    }),
    http.post(apiUrl('/api/documents/patient/101/rebuild-vectors'), () =>
      HttpResponse.json({ success: true, message: 'Started', job_id: 12 }, { status: 202 }),
    ),
    http.post(apiUrl('/api/documents/patient/101/generate-file-list'), async ({ request }) => {
      seen.fileList = await request.json();
      return HttpResponse.json({ download_url: '/api/files/t2', filename: 'patient_101_document_list.txt' });
    }),
  );
  expect((await listPatientDocuments(101)).total_documents).toBe(1);
  expect((await getDocumentDownload(101, 'key_0123456789abcdef')).download_url).toBe('/api/files/t1');
  expect((await deleteDocument(101, 'key_0123456789abcdef')).auto_rebuild.vectors_rebuilt).toBe(3);
  expect(seen.delete).toEqual({ s3_key: 'key_0123456789abcdef' });
  expect((await rebuildPatientVectors(101)).job_id).toBe(12);
  expect((await generateFileList(101, ['a.pdf', 'b.txt'])).filename).toBe('patient_101_document_list.txt');
  expect(seen.fileList).toEqual({ file_list: ['a.pdf', 'b.txt'] });
});

test('job list, status and cancel use the spec paths', async () => {
  server.use(
    http.get(apiUrl('/api/patients/101/jobs'), () => HttpResponse.json({ jobs: [makeJob({ id: 5 })] })),
    http.get(apiUrl('/api/jobs/5/status'), () =>
      HttpResponse.json({
        ...makeJob({ id: 5 }),
        job: makeJob({ id: 5 }),
        progress_steps: [],
        recent_logs: [],
      }),
    ),
    http.post(apiUrl('/api/jobs/5/cancel'), () =>
      HttpResponse.json({
        success: true,
        message: 'Cancelled',
        job: makeJob({ id: 5, status: 'cancelled' }),
      }),
    ),
  );
  expect((await listPatientJobs(101)).map((job) => job.id)).toEqual([5]);
  expect((await getJobStatus(5)).job.id).toBe(5);
  expect((await cancelJob(5)).job.status).toBe('cancelled');
});

test('patient lookup: search sends term and page; a patient answered bare or wrapped is the patient', async () => {
  let params = new URLSearchParams();
  server.use(
    http.get(apiUrl('/api/patients/search'), ({ request }) => {
      params = new URL(request.url).searchParams;
      return HttpResponse.json({ patients: [makePatient()], total: 1 });
    }),
    http.get(apiUrl('/api/patients/7'), () => HttpResponse.json(makePatient({ ID_Patient: 7 }))),
    http.get(apiUrl('/api/patients/8'), () => HttpResponse.json({ patient: makePatient({ ID_Patient: 8 }) })),
  );
  expect((await searchPatients('DEMO-01', 1)).total).toBe(1);
  expect(params.get('term')).toBe('DEMO-01');
  expect(params.get('page')).toBe('1');
  expect((await getPatient(7)).ID_Patient).toBe(7);
  expect((await getPatient(8)).ID_Patient).toBe(8);
});
