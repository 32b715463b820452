import { answerCall, HttpResponse, makePatient, setupApiServer } from '@ewrt/shared/testing';
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
    answerCall('validateDocument', ({ body: sent }) => {
      body = sent;
      return makeValidationResult({ valid: false, errors: ['Too large'] });
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
    answerCall('uploadDocument', async ({ request }) => {
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
  const paths: Record<string, unknown> = {};
  server.use(
    answerCall('listPatientDocuments', ({ params }) => {
      paths.list = params;
      return makePatientDocumentList();
    }),
    answerCall('getDocumentDownload', ({ params }) => {
      paths.download = params;
      return { download_url: '/api/files/t1', filename: 'a.pdf' };
    }),
    answerCall('deleteDocument', ({ params, body }) => {
      paths.delete = params;
      seen.delete = body;
      return {
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
      };
    }),
    answerCall('rebuildPatientVectors', ({ params }) => {
      paths.rebuild = params;
      return HttpResponse.json({ success: true, message: 'Started', job_id: 12 }, { status: 202 });
    }),
    answerCall('generateFileList', ({ params, body }) => {
      paths.fileList = params;
      seen.fileList = body;
      return { download_url: '/api/files/t2', filename: 'patient_101_document_list.txt' };
    }),
  );
  expect((await listPatientDocuments(101)).total_documents).toBe(1);
  expect((await getDocumentDownload(101, 'key_0123456789abcdef')).download_url).toBe('/api/files/t1');
  expect((await deleteDocument(101, 'key_0123456789abcdef')).auto_rebuild.vectors_rebuilt).toBe(3);
  expect(seen.delete).toEqual({ s3_key: 'key_0123456789abcdef' });
  expect((await rebuildPatientVectors(101)).job_id).toBe(12);
  expect((await generateFileList(101, ['a.pdf', 'b.txt'])).filename).toBe('patient_101_document_list.txt');
  expect(seen.fileList).toEqual({ file_list: ['a.pdf', 'b.txt'] });
  expect(paths).toEqual({
    list: { patientId: '101' },
    download: { patientId: '101', s3_key: 'key_0123456789abcdef' },
    delete: { patientId: '101' },
    rebuild: { patientId: '101' },
    fileList: { patientId: '101' },
  });
});

test('job list, status and cancel use the spec paths', async () => {
  const asked: string[] = [];
  server.use(
    answerCall('listPatientJobs', ({ params }) => {
      asked.push(`jobs of ${params.id}`);
      return { jobs: [makeJob({ id: 5 })] };
    }),
    answerCall('getJobStatus', ({ params }) => {
      asked.push(`status of ${params.id}`);
      return { ...makeJob({ id: 5 }), job: makeJob({ id: 5 }), progress_steps: [], recent_logs: [] };
    }),
    answerCall('cancelJob', ({ params }) => {
      asked.push(`cancel ${params.id}`);
      return { success: true, message: 'Cancelled', job: makeJob({ id: 5, status: 'cancelled' }) };
    }),
  );
  expect((await listPatientJobs(101)).map((job) => job.id)).toEqual([5]);
  expect((await getJobStatus(5)).job.id).toBe(5);
  expect((await cancelJob(5)).job.status).toBe('cancelled');
  expect(asked).toEqual(['jobs of 101', 'status of 5', 'cancel 5']);
});

test('patient lookup: search sends term and page; a patient is answered as the contract declares it', async () => {
  let query = new URLSearchParams();
  server.use(
    answerCall('searchPatients', (received) => {
      query = received.query;
      return { patients: [makePatient()], total: 1 };
    }),
    answerCall('getPatient', ({ params }) => makePatient({ ID_Patient: Number(params.id) })),
  );
  expect((await searchPatients('DEMO-01', 1)).total).toBe(1);
  expect(query.get('term')).toBe('DEMO-01');
  expect(query.get('page')).toBe('1');
  expect((await getPatient(7)).ID_Patient).toBe(7);
});
