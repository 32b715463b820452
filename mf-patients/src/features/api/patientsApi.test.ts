import type { PatientInput } from '@ewrt/contract';
import { apiUrl, http, HttpResponse, makePatient, setupApiServer } from '@ewrt/shared/testing';
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
  server.use(
    http.get(apiUrl('/api/patients/recent'), () =>
      HttpResponse.json({ patients: [makePatient({ ID_Patient: 7 })] }),
    ),
  );
  const answer = await getRecentPatients();
  expect(answer.patients.map((patient) => patient.ID_Patient)).toEqual([7]);
});

test('simple search sends term and page', async () => {
  let query = '';
  server.use(
    http.get(apiUrl('/api/patients/search'), ({ request }) => {
      query = new URL(request.url).search;
      return HttpResponse.json({ patients: [makePatient()], total: 6 });
    }),
  );
  const answer = await searchPatients('exa mple', 2);
  expect(new URLSearchParams(query).get('term')).toBe('exa mple');
  expect(new URLSearchParams(query).get('page')).toBe('2');
  expect(answer.total).toBe(6);
});

test('advanced search sends only the non-blank filters', async () => {
  let params = new URLSearchParams();
  server.use(
    http.get(apiUrl('/api/patients/search-advanced'), ({ request }) => {
      params = new URL(request.url).searchParams;
      return HttpResponse.json({ patients: [] });
    }),
  );
  await searchPatientsAdvanced({ Surname: ' Example ', FirstName: '', MRN: '   ', Solicitorname: 'Jones' });
  expect([...params.entries()]).toEqual([
    ['Surname', 'Example'],
    ['Solicitorname', 'Jones'],
  ]);
});

test('create, update, duplicate check and access recording use the spec paths and bodies', async () => {
  const bodies: Record<string, unknown> = {};
  server.use(
    http.post(apiUrl('/api/patients'), async ({ request }) => {
      bodies.create = await request.json();
      return HttpResponse.json({ patient: makePatient({ ID_Patient: 5 }) }, { status: 201 });
    }),
    http.put(apiUrl('/api/patients/5'), async ({ request }) => {
      bodies.update = await request.json();
      return HttpResponse.json({ patient: makePatient({ ID_Patient: 5, Surname: 'Changed' }) });
    }),
    http.post(apiUrl('/api/patients/check-duplicate'), async ({ request }) => {
      bodies.duplicate = await request.json();
      return HttpResponse.json({ isDuplicate: true });
    }),
    http.post(apiUrl('/api/patients/5/access'), () => HttpResponse.json({ success: true })),
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
});

test('getPatient returns the patient, bare or wrapped', async () => {
  server.use(
    http.get(apiUrl('/api/patients/5'), () => HttpResponse.json(makePatient({ ID_Patient: 5 }))),
    http.get(apiUrl('/api/patients/6'), () => HttpResponse.json({ patient: makePatient({ ID_Patient: 6 }) })),
  );
  expect((await getPatient(5)).ID_Patient).toBe(5);
  expect((await getPatient(6)).ID_Patient).toBe(6);
});

test('delete-all-data uses the spec path and returns the answer', async () => {
  server.use(
    http.delete(apiUrl('/api/patients/5/delete-all-data'), () =>
      HttpResponse.json({ message: 'Deleted', deleted: { documents: 2 } }),
    ),
  );
  await expect(deleteAllPatientData(5)).resolves.toEqual({ message: 'Deleted', deleted: { documents: 2 } });
});
