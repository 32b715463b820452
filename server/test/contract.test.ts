import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PatientSchema, UserSchema } from '@ewrt/contract';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

let server: TestServer;
let patel: ReturnType<typeof asUser>;

before(async () => {
  server = await createTestServer();
  patel = asUser(server, await signIn(server, 'dr.patel'));
});
after(() => server.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  FirstName: 'Vera',
  Surname: 'Okonjo',
  DateOfBirth: '1981-02-03',
  MRN: 'DEMO-7001',
  ...overrides,
});

describe('a request that breaks its contract schema', () => {
  it('answers 400 with a message naming the field, for bodies, paths and queries', async () => {
    const cases: [Promise<{ statusCode: number; json(): { message: string } }>, string][] = [
      [patel.post('/api/patients', form({ Surname: '  ' })), 'Surname is required'],
      [patel.post('/api/patients', form({ MRN: ['DEMO'] })), 'MRN must be text'],
      [patel.post('/api/patients', form({ Ourreference: 7 })), 'Ourreference must be text'],
      [
        patel.post('/api/patients', form({ DateofEvent: '2021-13-01' })),
        'Date of event must be a valid date (yyyy-mm-dd)',
      ],
      [patel.post('/api/patients', ['Vera', 'Okonjo']), 'Send the patient fields as a JSON object'],
      [
        patel.post('/api/patients/check-duplicate', {
          FirstName: 'A',
          Surname: 'B',
          DateOfBirth: '1970-01-01',
          excludePatientId: 'x',
        }),
        'excludePatientId must be a patient id',
      ],
      [patel.get('/api/patients/search?term=ab&page=0'), 'Page must be a positive whole number'],
      [patel.get(`/api/patients/search-advanced?MRN=${'9'.repeat(201)}`), 'Query parameter MRN is too long'],
      [patel.put('/api/patients/12x', form()), 'Invalid patient id'],
      [patel.get('/api/user/0/name'), 'Invalid user id'],
    ];
    for (const [pending, message] of cases) {
      const response = await pending;
      assert.equal(response.statusCode, 400, message);
      assert.equal(response.json().message, message);
    }
  });

  it('lists every failing field of a body, and stores nothing', async () => {
    const response = await patel.post('/api/patients', {
      FirstName: 5,
      DateOfBirth: '1990-02-30',
      MRN: 'DEMO-7002',
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      message: 'FirstName must be text',
      errors: {
        FirstName: 'FirstName must be text',
        Surname: 'Surname is required',
        DateOfBirth: 'Date of birth must be a valid date (yyyy-mm-dd)',
      },
    });
    const { rows } = await server.app.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM patients WHERE mrn = 'DEMO-7002'`,
    );
    assert.equal(rows[0]?.n, 0);
  });
});

describe('answers serialised through their contract schema', () => {
  it('keep every field the contract declares for the patient and the user', async () => {
    const created = await patel.post('/api/patients', form({ MRN: 'DEMO-7003', Solicitorname: 'Kay Law' }));
    assert.equal(created.statusCode, 201, created.body);
    const patient = created.json().patient;
    assert.deepEqual(Object.keys(patient).sort(), Object.keys(PatientSchema.properties).sort());
    assert.equal(patient.Solicitorname, 'Kay Law');
    assert.equal(typeof patient.access_level, 'number');
    assert.equal(typeof patient.ID_Group, 'number');

    const refreshed = await patel.post('/api/refresh-token');
    assert.deepEqual(Object.keys(refreshed.json().user).sort(), Object.keys(UserSchema.properties).sort());
  });
});

describe('the audit trail', () => {
  type AuditRow = {
    action: string;
    patient_id: number | null;
    details: Record<string, unknown>;
    user_agent: string;
  };
  const rowsFor = async (marker: string) =>
    (
      await server.app.ctx.db.query<AuditRow>(
        `SELECT action, patient_id, details, user_agent FROM audit_log WHERE user_agent = $1 ORDER BY id`,
        [marker],
      )
    ).rows;
  const as = (token: string, marker: string) => ({
    send: (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      server.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${token}`, 'user-agent': marker },
      }),
  });

  it('records refused attempts with their outcome and the patient they aimed at', async () => {
    const whitfield = await patientIdByMrn(server, 'DEMO-1001');
    const okaforToken = await signIn(server, 'dr.okafor');
    const viewerToken = await signIn(server, 'r.viewer');
    const marker = 'refused-audit-test/1.0';
    assert.equal((await as(okaforToken, marker).send('GET', `/api/patients/${whitfield}`)).statusCode, 404);
    assert.equal(
      (await as(viewerToken, marker).send('PUT', `/api/patients/${whitfield}`, form())).statusCode,
      403,
    );
    assert.equal(
      (await as(viewerToken, marker).send('POST', '/api/patients', form({ MRN: '' }))).statusCode,
      400,
    );
    assert.equal((await as('no-such-token', marker).send('GET', '/api/patients/recent')).statusCode, 401);

    const rows = await rowsFor(marker);
    assert.deepEqual(
      rows.map((row) => [row.action, row.patient_id, row.details.outcome, row.details.status]),
      [
        ['patient.read', whitfield, 'refused', 404],
        ['patient.update', whitfield, 'refused', 403],
        ['patient.create', null, 'refused', 400],
        ['patient.list', null, 'refused', 401],
      ],
    );
  });

  it('writes one row per search, with the ids it answered', async () => {
    const marker = 'search-audit-test/1.0';
    const token = await signIn(server, 'dr.okafor');
    await as(token, marker).send('GET', '/api/patients/search?term=&page=1');
    await as(token, marker).send('GET', '/api/patients/search?term=doherty&page=1');
    const rows = await rowsFor(marker);
    assert.equal(rows.length, 2);
    assert.deepEqual(rows[0]?.details.patient_ids, []);
    assert.deepEqual(rows[1]?.details.patient_ids, [await patientIdByMrn(server, 'DEMO-2001')]);
    assert.ok(rows.every((row) => row.details.outcome === 'succeeded'));
  });

  it('leaves calls that are not about patients out of it', async () => {
    const marker = 'directory-audit-test/1.0';
    await as(await signIn(server, 'dr.okafor'), marker).send('GET', '/api/access-levels');
    assert.deepEqual(await rowsFor(marker), []);
  });
});
