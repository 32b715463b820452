import { answerCall, HttpResponse, makePatient, setupApiServer } from '../testing';
import { callApi, callPath } from './callApi';

const server = setupApiServer();

describe('callApi', () => {
  it('fills the path from the contract with encoded parameters and returns the answer', async () => {
    const patient = makePatient({ ID_Patient: 42 });
    const seen: Record<string, string>[] = [];
    server.use(
      answerCall('getPatient', ({ params }) => {
        seen.push(params);
        return patient;
      }),
    );
    await expect(callApi('getPatient', { params: { id: 42 } })).resolves.toEqual(patient);
    expect(seen).toEqual([{ id: '42' }]);
    expect(callPath('getDocumentPage', { patientId: 1, s3_key: 'a b/c', page: 2 })).toBe(
      '/api/documents/patient/1/pages/a%20b%2Fc/2',
    );
  });

  it('sends the query and the JSON body the contract declares', async () => {
    const queries: string[] = [];
    server.use(
      answerCall('searchPatients', ({ query }) => {
        queries.push(query.toString());
        return { patients: [], total: 0 };
      }),
      answerCall('checkDuplicatePatient', ({ body }) => ({ isDuplicate: body.Surname === 'Lee' })),
    );
    await callApi('searchPatients', { query: { term: 'Smith' } });
    expect(queries).toEqual(['term=Smith']);
    const answer = await callApi('checkDuplicatePatient', {
      body: { FirstName: 'Ann', Surname: 'Lee', DateOfBirth: '1970-01-01' },
    });
    expect(answer.isDuplicate).toBe(true);
  });

  it("passes the server's refusal on as the call's error", async () => {
    server.use(
      answerCall('getPatient', () => HttpResponse.json({ message: 'Patient not found' }, { status: 404 })),
    );
    await expect(callApi('getPatient', { params: { id: 7 } })).rejects.toMatchObject({
      response: { status: 404, data: { message: 'Patient not found' } },
    });
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => callPath('getPatient', {})).toThrow('getPatient: no value for :id');
  });

  it('is checked against the contract when compiled', () => {
    // Each line below must fail to compile: a test of the types, run by the typecheck.
    const checks = [
      // @ts-expect-error: a call the contract does not have
      () => callApi('getPatients'),
      // @ts-expect-error: getPatient takes its id
      () => callApi('getPatient'),
      // @ts-expect-error: a path parameter of another name
      () => callApi('getPatient', { params: { patientId: 1 } }),
      // @ts-expect-error: a body the call does not take
      () => callApi('getPatient', { params: { id: 1 }, body: {} }),
      async () => {
        const patient = await callApi('getPatient', { params: { id: 1 } });
        // @ts-expect-error: a field the answer does not have
        return patient.nhs_number_of_the_patient;
      },
    ];
    expect(checks).toHaveLength(5);
    // …and these compile: a call that takes nothing needs no request.
    expect(typeof (() => callApi('listRecentPatients'))).toBe('function');
  });
});
