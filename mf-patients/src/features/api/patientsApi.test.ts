import type { PatientInput } from '@ewrt/contract';
import { answerCall, HttpResponse, makePatient, setupApiServer } from '@ewrt/shared/testing';
import {
  checkDuplicatePatient,
  createPatient,
  deleteAllPatientData,
  getPatient,
  getRecentPatients,
  recordPatientAccess,
  searchPatients,
  searchPatientsAdvanced,
  updatePatient,
} from './patientsApi';

const server = setupApiServer();

const input: PatientInput = {
  FirstName: 'Alex',
  Surname: 'Example',
  DateOfBirth: '1980-05-12',
  MRN: 'DEMO-0101',
  DateofEvent: null,
  Solicitorname: null,
  Solicitorcompany: null,
  Solicitorreference: null,
  Ourreference: null,
};

test('recent patients come from the recent list', async () => {
  server.use(answerCall('listRecentPatients', () => ({ patients: [makePatient({ ID_Patient: 7 })] })));
  const answer = await getRecentPatients();
  expect(answer.patients.map((patient) => patient.ID_Patient)).toEqual([7]);
});

test('simple search sends term and page', async () => {
  let query = new URLSearchParams();
  server.use(
    answerCall('searchPatients', (received) => {
      query = received.query;
      return { patients: [makePatient()], total: 6 };
    }),
  );
  const answer = await searchPatients('exa mple', 2);
  expect(query.get('term')).toBe('exa mple');
  expect(query.get('page')).toBe('2');
  expect(answer.total).toBe(6);
});

test('advanced search sends only the non-blank filters', async () => {
  let query = new URLSearchParams();
  server.use(
    answerCall('searchPatientsAdvanced', (received) => {
      query = received.query;
      return { patients: [] };
    }),
  );
  await searchPatientsAdvanced({ Surname: ' Example ', FirstName: '', MRN: '   ', Solicitorname: 'Jones' });
  expect([...query.entries()]).toEqual([
    ['Surname', 'Example'],
    ['Solicitorname', 'Jones'],
  ]);
});

test('create, update, duplicate check and access recording use the spec paths and bodies', async () => {
  const bodies: Record<string, unknown> = {};
  const patientIds: Record<string, string> = {};
  server.use(
    answerCall('createPatient', ({ body }) => {
      bodies.create = body;
      return HttpResponse.json({ patient: makePatient({ ID_Patient: 5 }) }, { status: 201 });
    }),
    answerCall('updatePatient', ({ params, body }) => {
      patientIds.update = params.id;
      bodies.update = body;
      return { patient: makePatient({ ID_Patient: 5, Surname: 'Changed' }) };
    }),
    answerCall('checkDuplicatePatient', ({ body }) => {
      bodies.duplicate = body;
      return { isDuplicate: true };
    }),
    answerCall('recordPatientAccess', ({ params }) => {
      patientIds.access = params.id;
      return { success: true, last_accessed: '2026-01-06T10:00:00.000Z' };
    }),
  );
  expect((await createPatient(input)).patient.ID_Patient).toBe(5);
  expect((await updatePatient(5, input)).patient.Surname).toBe('Changed');
  const duplicateRequest = {
    FirstName: 'Alex',
    Surname: 'Example',
    DateOfBirth: '1980-05-12',
    excludePatientId: 5,
  };
  await expect(checkDuplicatePatient(duplicateRequest)).resolves.toEqual({ isDuplicate: true });
  await expect(recordPatientAccess(5)).resolves.toBeUndefined();
  expect(bodies).toEqual({ create: input, update: input, duplicate: duplicateRequest });
  expect(patientIds).toEqual({ update: '5', access: '5' });
});

test('getPatient returns the patient the contract answers', async () => {
  server.use(answerCall('getPatient', ({ params }) => makePatient({ ID_Patient: Number(params.id) })));
  expect((await getPatient(5)).ID_Patient).toBe(5);
});

test('delete-all-data uses the spec path and returns the answer', async () => {
  let patientId = '';
  server.use(
    answerCall('deleteAllPatientData', ({ params }) => {
      patientId = params.id;
      return { message: 'Deleted', deleted: { documents: 2 } };
    }),
  );
  await expect(deleteAllPatientData(5)).resolves.toEqual({ message: 'Deleted', deleted: { documents: 2 } });
  expect(patientId).toBe('5');
});
