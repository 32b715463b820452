import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

const PATIENT_FIELDS = [
  'DateOfBirth',
  'DateofEvent',
  'FirstName',
  'ID_Group',
  'ID_Patient',
  'MRN',
  'Ourreference',
  'Solicitorcompany',
  'Solicitorname',
  'Solicitorreference',
  'Surname',
  'access_level',
  'created_at',
  'created_by_name',
  'last_accessed',
].sort();

let server: TestServer;
let patel: ReturnType<typeof asUser>;
let hughes: ReturnType<typeof asUser>;
let viewer: ReturnType<typeof asUser>;
let okafor: ReturnType<typeof asUser>;
let admin: ReturnType<typeof asUser>;
const ids: Record<string, number> = {};

const validInput = (overrides: Record<string, unknown> = {}) => ({
  FirstName: 'Nora',
  Surname: 'Lindqvist',
  DateOfBirth: '1990-05-17',
  MRN: 'DEMO-9001',
  DateofEvent: '2025-01-09',
  Solicitorname: '',
  Solicitorcompany: 'Lindqvist Law (demo)',
  Solicitorreference: '  ',
  Ourreference: null,
  ...overrides,
});

const namesOf = (patients: { FirstName: string; Surname: string }[]) =>
  patients.map((p) => `${p.FirstName} ${p.Surname}`);

before(async () => {
  server = await createTestServer();
  patel = asUser(server, await signIn(server, 'dr.patel'));
  hughes = asUser(server, await signIn(server, 's.hughes'));
  viewer = asUser(server, await signIn(server, 'r.viewer'));
  okafor = asUser(server, await signIn(server, 'dr.okafor'));
  admin = asUser(server, await signIn(server, 'admin'));
  for (const [key, mrn] of Object.entries({
    whitfield: 'DEMO-1001',
    bennett: 'DEMO-1002',
    raman: 'DEMO-1003',
    ashworth: 'DEMO-1004',
    oneill: 'DEMO-1005',
    kowalski: 'DEMO-1006',
    marchetti: 'DEMO-1007',
    doherty: 'DEMO-2001',
    riversideWhitfield: 'DEMO-2004',
  })) {
    ids[key] = await patientIdByMrn(server, mrn);
  }
});
after(() => server.close());

describe('recent patients and recording access', () => {
  it('lists, per user, the 5 patients opened last, newest first', async () => {
    const empty = await patel.get('/api/patients/recent');
    assert.equal(empty.statusCode, 200);
    assert.deepEqual(empty.json(), { patients: [] });

    for (const key of ['whitfield', 'ashworth', 'oneill', 'kowalski', 'marchetti', 'bennett']) {
      server.clock.advance(1000);
      const recorded = await patel.post(`/api/patients/${ids[key]}/access`);
      assert.equal(recorded.statusCode, 200);
      assert.equal(recorded.json().success, true);
      assert.equal(recorded.json().last_accessed, server.clock.now().toISOString());
    }
    const recent = (await patel.get('/api/patients/recent')).json().patients;
    assert.deepEqual(namesOf(recent), [
      'Oliver Bennett',
      'Sophie Marchetti',
      'Daniel Kowalski',
      "Margaret O'Neill",
      'Thomas Ashworth',
    ]);
    assert.deepEqual(Object.keys(recent[0]).sort(), PATIENT_FIELDS);
    assert.equal(recent[0].access_level, 2, "dr.patel's access to Oliver Bennett is pagination only");
    assert.ok(recent[0].last_accessed);

    // Per user: Sam Hughes has opened nobody yet.
    assert.deepEqual((await hughes.get('/api/patients/recent')).json(), { patients: [] });
  });

  it('gives each user their own last_accessed', async () => {
    await patel.post(`/api/patients/${ids.raman}/access`);
    const forPatel = (await patel.get(`/api/patients/${ids.raman}`)).json();
    const forHughes = (await hughes.get(`/api/patients/${ids.raman}`)).json();
    assert.equal(forPatel.last_accessed, server.clock.now().toISOString());
    assert.equal(forHughes.last_accessed, null);
  });
});

describe('GET /api/patients/search', () => {
  it('matches first name, surname and MRN, partially and case-insensitively, within the group', async () => {
    const bySurname = (await patel.get('/api/patients/search?term=WHITF&page=1')).json();
    assert.deepEqual(namesOf(bySurname.patients), ['Eleanor Whitfield', 'Harriet Whitfield']);
    assert.equal(bySurname.total, 2);
    assert.ok(
      bySurname.patients.every((p: { ID_Group: number }) => p.ID_Group === bySurname.patients[0].ID_Group),
    );

    const byFirstName = (await patel.get('/api/patients/search?term=sophie&page=1')).json();
    assert.deepEqual(namesOf(byFirstName.patients), ['Sophie Marchetti']);
    const byFullName = (await patel.get('/api/patients/search?term=eleanor%20whit&page=1')).json();
    assert.deepEqual(namesOf(byFullName.patients), ['Eleanor Whitfield']);
    const byMrn = (await patel.get('/api/patients/search?term=demo-1009&page=1')).json();
    assert.deepEqual(namesOf(byMrn.patients), ['Aisha Mensah']);
    const wildcard = (await patel.get('/api/patients/search?term=%25%25%25&page=1')).json();
    assert.deepEqual(wildcard, { patients: [], total: 0 }, 'a % in the term is a literal character');
  });

  it('pages 5 at a time with the total of all matches', async () => {
    const first = (await patel.get('/api/patients/search?term=demo-100&page=1')).json();
    const second = (await patel.get('/api/patients/search?term=demo-100&page=2')).json();
    const third = (await patel.get('/api/patients/search?term=demo-100&page=3')).json();
    assert.equal(first.total, 9);
    assert.equal(first.patients.length, 5);
    assert.equal(second.patients.length, 4);
    assert.equal(second.total, 9);
    assert.deepEqual(third.patients, []);
    const all = [...first.patients, ...second.patients].map((p: { ID_Patient: number }) => p.ID_Patient);
    assert.equal(new Set(all).size, 9);
  });

  it('answers an empty term with nothing and a bad page with 400', async () => {
    assert.deepEqual((await patel.get('/api/patients/search?term=&page=1')).json(), {
      patients: [],
      total: 0,
    });
    const badPage = await patel.get('/api/patients/search?term=whit&page=abc');
    assert.equal(badPage.statusCode, 400);
    assert.equal(badPage.json().message, 'Page must be a positive whole number');
    const repeated = await patel.get('/api/patients/search?term=a&term=b');
    assert.equal(repeated.statusCode, 400);
  });
});

describe('GET /api/patients/search-advanced', () => {
  it('answers no filter with an empty list', async () => {
    assert.deepEqual((await patel.get('/api/patients/search-advanced')).json(), { patients: [] });
    assert.deepEqual((await patel.get('/api/patients/search-advanced?FirstName=%20%20')).json(), {
      patients: [],
    });
  });

  it('ANDs the filters, each partial and case-insensitive', async () => {
    const porter = (await patel.get('/api/patients/search-advanced?Solicitorcompany=PORTER%20legal')).json();
    assert.deepEqual(namesOf(porter.patients), ['Oliver Bennett', 'Aisha Mensah']);
    const narrowed = (
      await patel.get('/api/patients/search-advanced?Solicitorcompany=porter&FirstName=ais')
    ).json();
    assert.deepEqual(namesOf(narrowed.patients), ['Aisha Mensah']);
    const byReference = (
      await patel.get('/api/patients/search-advanced?Solicitorreference=hc/2&Solicitorname=cole')
    ).json();
    assert.deepEqual(namesOf(byReference.patients), ["Margaret O'Neill", 'Eleanor Whitfield']);
    const byMrnAndSurname = (await patel.get('/api/patients/search-advanced?MRN=1001&Surname=whit')).json();
    assert.deepEqual(namesOf(byMrnAndSurname.patients), ['Eleanor Whitfield']);
    assert.deepEqual(Object.keys(byMrnAndSurname.patients[0]).sort(), PATIENT_FIELDS);
  });
});

describe('POST /api/patients/check-duplicate', () => {
  it('finds the same name and date of birth in the group, trimmed and case-insensitive', async () => {
    const duplicate = await patel.post('/api/patients/check-duplicate', {
      FirstName: '  eleanor ',
      Surname: 'WHITFIELD',
      DateOfBirth: '1968-03-14',
    });
    assert.equal(duplicate.statusCode, 200);
    assert.deepEqual(duplicate.json(), { isDuplicate: true });
    const otherDate = await patel.post('/api/patients/check-duplicate', {
      FirstName: 'Eleanor',
      Surname: 'Whitfield',
      DateOfBirth: '1968-03-15',
    });
    assert.deepEqual(otherDate.json(), { isDuplicate: false });
  });

  it('excludes the patient being edited', async () => {
    const self = await patel.post('/api/patients/check-duplicate', {
      FirstName: 'Eleanor',
      Surname: 'Whitfield',
      DateOfBirth: '1968-03-14',
      excludePatientId: ids.whitfield,
    });
    assert.deepEqual(self.json(), { isDuplicate: false });
  });

  it('answers 400 when a field is missing', async () => {
    const missing = await patel.post('/api/patients/check-duplicate', {
      FirstName: 'Eleanor',
      Surname: 'Whitfield',
    });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, 'FirstName, Surname and DateOfBirth are required');
  });
});

describe('POST /api/patients', () => {
  it('creates a patient in the caller group: optional blanks as null, unknown fields ignored', async () => {
    const response = await patel.post('/api/patients', {
      ...validInput(),
      ID_Group: 999,
      created_by: 1,
      Hacker: 'x',
    });
    assert.equal(response.statusCode, 201, response.body);
    const { patient } = response.json();
    assert.deepEqual(Object.keys(patient).sort(), PATIENT_FIELDS);
    assert.equal(patient.FirstName, 'Nora');
    assert.equal(patient.DateOfBirth, '1990-05-17');
    assert.equal(patient.DateofEvent, '2025-01-09');
    assert.equal(patient.Solicitorname, null);
    assert.equal(patient.Solicitorreference, null);
    assert.equal(patient.Ourreference, null);
    assert.equal(patient.Solicitorcompany, 'Lindqvist Law (demo)');
    assert.equal(patient.created_by_name, 'Dr Asha Patel');
    assert.equal(patient.access_level, 1);
    assert.equal(patient.last_accessed, null);
    assert.match(patient.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const whitfield = (await patel.get(`/api/patients/${ids.whitfield}`)).json();
    assert.equal(patient.ID_Group, whitfield.ID_Group, 'the group comes from the user, not the payload');
    const found = (await patel.get('/api/patients/search?term=lindqvist&page=1')).json();
    assert.equal(found.total, 1);
  });

  it('answers 400 with the spec messages for each missing required field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ FirstName: '   ' }, 'First name is required'],
      [{ Surname: undefined }, 'Surname is required'],
      [{ DateOfBirth: '' }, 'Date of birth is required'],
      [{ MRN: null }, 'MRN is required'],
      [{ DateOfBirth: '2020-02-30' }, 'Date of birth must be a valid date (yyyy-mm-dd)'],
      [{ DateOfBirth: '14/03/1968' }, 'Date of birth must be a valid date (yyyy-mm-dd)'],
      [{ DateOfBirth: '2999-01-01' }, 'Date of birth cannot be in the future'],
      [{ DateofEvent: 'yesterday' }, 'Date of event must be a valid date (yyyy-mm-dd)'],
      [{ FirstName: 42 }, 'FirstName must be text'],
      [{ Solicitorname: ['a'] }, 'Solicitorname must be text'],
      [{ MRN: 'x'.repeat(201) }, 'MRN must be at most 200 characters'],
    ];
    for (const [overrides, message] of cases) {
      const response = await patel.post('/api/patients', validInput({ MRN: 'DEMO-9002', ...overrides }));
      assert.equal(response.statusCode, 400, JSON.stringify(overrides));
      assert.equal(response.json().message, message, JSON.stringify(overrides));
    }
    const all = await patel.post('/api/patients', {});
    assert.equal(all.json().message, 'First name is required');
    assert.deepEqual(all.json().errors, {
      FirstName: 'First name is required',
      Surname: 'Surname is required',
      DateOfBirth: 'Date of birth is required',
      MRN: 'MRN is required',
    });
    const count = await server.app.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM patients WHERE mrn = 'DEMO-9002'`,
    );
    assert.equal(count.rows[0]?.n, 0);
  });

  it('accepts today as date of birth', async () => {
    const today = server.clock.now().toISOString().slice(0, 10);
    const response = await hughes.post(
      '/api/patients',
      validInput({ MRN: 'DEMO-9003', FirstName: 'Newborn', DateOfBirth: today }),
    );
    assert.equal(response.statusCode, 201, response.body);
  });

  it('refuses the Read Only level with 403', async () => {
    const response = await viewer.post('/api/patients', validInput({ MRN: 'DEMO-9004' }));
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().message, 'Your access level does not allow adding patients');
  });
});

describe('GET and PUT /api/patients/{id}', () => {
  it('answers the patient object itself with the access level that applies to the caller', async () => {
    const response = await patel.get(`/api/patients/${ids.bennett}`);
    assert.equal(response.statusCode, 200);
    const patient = response.json();
    assert.deepEqual(Object.keys(patient).sort(), PATIENT_FIELDS);
    assert.equal(patient.ID_Patient, ids.bennett);
    assert.equal(patient.MRN, 'DEMO-1002');
    assert.equal(patient.DateOfBirth, '1975-11-30');
    assert.equal(patient.DateofEvent, '2022-09-17');
    assert.equal(patient.Solicitorname, 'James Porter');
    assert.equal(patient.created_by_name, 'Dr Grace Lead');
    assert.equal(patient.access_level, 2);
    assert.equal((await patel.get(`/api/patients/${ids.raman}`)).json().access_level, 3);
    assert.equal((await hughes.get(`/api/patients/${ids.bennett}`)).json().access_level, 1);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const malformed = await patel.get('/api/patients/abc');
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().message, 'Invalid patient id');
    const unknown = await patel.get('/api/patients/999999');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, 'Patient not found');
  });

  it('updates every form field and clears emptied optional ones', async () => {
    const response = await hughes.put(`/api/patients/${ids.ashworth}`, {
      FirstName: 'Tom',
      Surname: 'Ashworth',
      DateOfBirth: '1952-01-23',
      MRN: 'DEMO-1004A',
      DateofEvent: '2020-04-01',
      Solicitorname: '',
      Solicitorcompany: null,
      Solicitorreference: 'FG/0092',
      Ourreference: 'NML-0004',
      ID_Group: 2,
    });
    assert.equal(response.statusCode, 200, response.body);
    const { patient } = response.json();
    assert.equal(patient.FirstName, 'Tom');
    assert.equal(patient.DateOfBirth, '1952-01-23');
    assert.equal(patient.MRN, 'DEMO-1004A');
    assert.equal(patient.DateofEvent, '2020-04-01');
    assert.equal(patient.Solicitorname, null);
    assert.equal(patient.Solicitorcompany, null);
    assert.equal(patient.Ourreference, 'NML-0004');
    assert.equal((await hughes.get(`/api/patients/${ids.ashworth}`)).json().FirstName, 'Tom');
    assert.equal((await hughes.get(`/api/patients/${ids.ashworth}`)).json().ID_Group, patient.ID_Group);
  });

  it('validates updates like creations', async () => {
    const response = await hughes.put(`/api/patients/${ids.ashworth}`, {
      FirstName: 'Tom',
      Surname: '',
      DateOfBirth: '1952-01-23',
      MRN: 'X',
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, 'Surname is required');
  });

  it('refuses editing to the Read Only level and on view-only patients, allows it on pagination-only ones', async () => {
    const body = { FirstName: 'Priya', Surname: 'Raman', DateOfBirth: '1989-07-08', MRN: 'DEMO-1003' };
    const readOnly = await viewer.put(`/api/patients/${ids.raman}`, body);
    assert.equal(readOnly.statusCode, 403);
    assert.equal(readOnly.json().message, 'Your access level does not allow editing this patient');
    const viewOnly = await patel.put(`/api/patients/${ids.raman}`, body);
    assert.equal(viewOnly.statusCode, 403);
    const paginationOnly = await patel.put(`/api/patients/${ids.bennett}`, {
      FirstName: 'Oliver',
      Surname: 'Bennett',
      DateOfBirth: '1975-11-30',
      MRN: 'DEMO-1002',
      Solicitorname: 'James Porter',
      Solicitorcompany: 'Porter Legal (demo)',
    });
    assert.equal(paginationOnly.statusCode, 200, paginationOnly.body);
    const readOnlyView = await viewer.get(`/api/patients/${ids.raman}`);
    assert.equal(readOnlyView.statusCode, 200, 'Read Only users still view patients');
  });
});

describe('DELETE /api/patients/{id}/delete-all-data', () => {
  it('removes the stored files and keeps the record', async () => {
    const folder = path.join(server.dataDir, 'files', 'patients', String(ids.oneill));
    await mkdir(path.join(folder, 'documents'), { recursive: true });
    await writeFile(path.join(folder, 'documents', 'letter.pdf'), 'pdf');
    await writeFile(path.join(folder, 'notes.txt'), 'notes');
    const response = await hughes.delete(`/api/patients/${ids.oneill}/delete-all-data`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      message: 'All patient data has been successfully deleted.',
      deleted: {
        files: 2,
        jobs: 0,
        documents: 0,
        vectors: 0,
        conversation_entries: 0,
        cached_answers: 0,
        bundles: 0,
        chronology_events: 0,
        draft_reports: 0,
        transcriptions: 0,
      },
    });
    assert.equal(existsSync(folder), false);
    assert.equal((await hughes.get(`/api/patients/${ids.oneill}`)).statusCode, 200, 'the record remains');
    const again = (await hughes.delete(`/api/patients/${ids.oneill}/delete-all-data`)).json();
    assert.deepEqual(again.deleted, {
      files: 0,
      jobs: 0,
      documents: 0,
      vectors: 0,
      conversation_entries: 0,
      cached_answers: 0,
      bundles: 0,
      chronology_events: 0,
      draft_reports: 0,
      transcriptions: 0,
    });
  });

  it('refuses Read Only users, view-only and pagination-only access with 403', async () => {
    const readOnly = await viewer.delete(`/api/patients/${ids.kowalski}/delete-all-data`);
    assert.equal(readOnly.statusCode, 403);
    assert.equal(
      readOnly.json().message,
      'Your access level does not allow deleting this patient\u2019s data',
    );
    assert.equal((await patel.delete(`/api/patients/${ids.raman}/delete-all-data`)).statusCode, 403);
    assert.equal((await patel.delete(`/api/patients/${ids.bennett}/delete-all-data`)).statusCode, 403);
    assert.equal((await admin.delete(`/api/patients/${ids.bennett}/delete-all-data`)).statusCode, 200);
  });
});

describe('group isolation', () => {
  it('hides every patient of another group from a user, Administrators included', async () => {
    const other = ids.whitfield;
    const body = { FirstName: 'X', Surname: 'Y', DateOfBirth: '1970-01-01', MRN: 'Z' };
    for (const response of [
      await okafor.get(`/api/patients/${other}`),
      await okafor.put(`/api/patients/${other}`, body),
      await okafor.post(`/api/patients/${other}/access`),
      await okafor.delete(`/api/patients/${other}/delete-all-data`),
      await admin.get(`/api/patients/${ids.doherty}`),
    ]) {
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), { message: 'Patient not found' });
    }
    assert.equal((await patel.get(`/api/patients/${other}`)).json().FirstName, 'Eleanor', 'unchanged');

    const search = (await okafor.get('/api/patients/search?term=whitfield&page=1')).json();
    assert.deepEqual(
      search.patients.map((p: { ID_Patient: number }) => p.ID_Patient),
      [ids.riversideWhitfield],
    );
    const advanced = (await okafor.get('/api/patients/search-advanced?Solicitorcompany=porter')).json();
    assert.deepEqual(advanced, { patients: [] });
    const recent = (await okafor.get('/api/patients/recent')).json();
    assert.ok(recent.patients.every((p: { ID_Patient: number }) => p.ID_Patient !== other));
    const duplicateAcross = await patel.post('/api/patients/check-duplicate', {
      FirstName: 'Liam',
      Surname: 'Doherty',
      DateOfBirth: '1979-06-21',
    });
    assert.deepEqual(duplicateAcross.json(), { isDuplicate: false });
    const duplicateWithin = await okafor.post('/api/patients/check-duplicate', {
      FirstName: 'Liam',
      Surname: 'Doherty',
      DateOfBirth: '1979-06-21',
    });
    assert.deepEqual(duplicateWithin.json(), { isDuplicate: true });
  });
});

describe('audit log', () => {
  it('records who read or changed which patient, when and from where', async () => {
    const marker = 'audit-test-agent/1.0';
    const token = await signIn(server, 'groupadmin');
    const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      server.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${token}`, 'user-agent': marker },
        remoteAddress: '10.9.8.7',
      });
    const created = (
      await send('POST', '/api/patients', validInput({ MRN: 'DEMO-9100', FirstName: 'Audit' }))
    ).json().patient;
    await send('GET', `/api/patients/${created.ID_Patient}`);
    await send('POST', `/api/patients/${created.ID_Patient}/access`);
    await send(
      'PUT',
      `/api/patients/${created.ID_Patient}`,
      validInput({ MRN: 'DEMO-9101', FirstName: 'Audit' }),
    );
    await send('DELETE', `/api/patients/${created.ID_Patient}/delete-all-data`);
    await send('GET', '/api/patients/search?term=audit&page=1');
    await send('GET', '/api/patients/recent');
    await send('GET', '/api/patients/search-advanced?MRN=DEMO-9101');

    const { rows } = await server.app.ctx.db.query<{
      action: string;
      patient_id: number | null;
      details: { source?: string; patient_ids?: number[] };
      ip: string;
      user_agent: string;
      occurred_at: Date;
      username: string;
    }>(
      `SELECT a.action, a.patient_id, a.details, a.ip, a.user_agent, a.occurred_at, u.username
         FROM audit_log a JOIN users u ON u.id = a.user_id WHERE a.user_agent = $1 ORDER BY a.id`,
      [marker],
    );
    assert.deepEqual(
      rows.map((row) => [row.action, row.patient_id, row.details.source ?? null]),
      [
        ['patient.create', created.ID_Patient, null],
        ['patient.read', created.ID_Patient, null],
        ['patient.access', created.ID_Patient, null],
        ['patient.update', created.ID_Patient, null],
        ['patient.delete_all_data', created.ID_Patient, null],
        ['patient.list', null, 'search'],
        ['patient.list', null, 'recent'],
        ['patient.list', null, 'search-advanced'],
      ],
    );
    for (const row of rows) {
      assert.equal(row.username, 'groupadmin');
      assert.equal(row.ip, '10.9.8.7');
      assert.ok(row.occurred_at);
    }
    for (const list of rows.filter((row) => row.action === 'patient.list')) {
      assert.deepEqual(list.details.patient_ids, [created.ID_Patient]);
    }
  });
});

describe('users, groups and access levels', () => {
  it('GET /api/user/{id}/name answers within the group, or for an Administrator', async () => {
    const { rows } = await server.app.ctx.db.query<{ id: number; username: string }>(
      `SELECT id, username FROM users WHERE username IN ('dr.patel', 'dr.okafor')`,
    );
    const idOf = (username: string) => rows.find((row) => row.username === username)!.id;
    const same = await hughes.get(`/api/user/${idOf('dr.patel')}/name`);
    assert.equal(same.statusCode, 200);
    assert.deepEqual(same.json(), { ID_User: idOf('dr.patel'), Name: 'Dr Asha Patel' });
    const otherGroup = await hughes.get(`/api/user/${idOf('dr.okafor')}/name`);
    assert.equal(otherGroup.statusCode, 404);
    assert.equal(otherGroup.json().message, 'User not found');
    assert.deepEqual((await admin.get(`/api/user/${idOf('dr.okafor')}/name`)).json(), {
      ID_User: idOf('dr.okafor'),
      Name: 'Dr Chidi Okafor',
    });
    assert.equal((await hughes.get('/api/user/x/name')).statusCode, 400);
  });

  it('GET /api/access-levels lists the four levels', async () => {
    const response = await viewer.get('/api/access-levels');
    assert.deepEqual(response.json(), {
      access_levels: [
        { ID_Access_level: 1, txt_access_level: 'Full Access' },
        { ID_Access_level: 2, txt_access_level: 'Standard' },
        { ID_Access_level: 3, txt_access_level: 'Transcription Only' },
        { ID_Access_level: 4, txt_access_level: 'Read Only' },
      ],
    });
  });

  it('GET /api/groups gives Administrators every group and others their own', async () => {
    const all = (await admin.get('/api/groups')).json().groups;
    assert.deepEqual(
      all.map((group: { Group_Name: string }) => group.Group_Name),
      ['Northgate Medico-Legal (demo)', 'Riverside Expert Practice (demo)'],
    );
    const own = (await okafor.get('/api/groups')).json().groups;
    assert.equal(own.length, 1);
    assert.deepEqual(Object.keys(own[0]).sort(), ['Group_Name', 'ID_Group', 'user_count']);
    assert.equal(own[0].Group_Name, 'Riverside Expert Practice (demo)');
  });
});
