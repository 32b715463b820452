import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { authCalls, patientCalls } from '@ewrt/contract';
import type { InjectOptions } from 'fastify';
import { createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

let server: TestServer;
before(async () => {
  server = await createTestServer();
});
after(() => server.close());

interface AuditRow {
  action: string;
  user_id: number | null;
  patient_id: number | null;
  details: Record<string, unknown>;
}

const rowsFor = async (marker: string) =>
  (
    await server.app.ctx.db.query<AuditRow>(
      `SELECT action, user_id, patient_id, details FROM audit_log WHERE user_agent = $1 ORDER BY id`,
      [marker],
    )
  ).rows;

const send = (
  token: string,
  marker: string,
  method: InjectOptions['method'],
  url: string,
  payload?: object,
) =>
  server.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: { authorization: `Bearer ${token}`, 'user-agent': marker },
  });

const userIdOf = async (username: string) =>
  (await server.app.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE username = $1`, [username]))
    .rows[0]!.id;

describe('the audit trail of sessions', () => {
  it('records token refreshes and sign-outs', async () => {
    const marker = 'session-audit-test/1.0';
    const token = await signIn(server, 'dr.patel');
    const rotated = (await send(token, marker, 'POST', '/api/refresh-token')).json().token as string;
    // The same refresh again, its answer lost: the same token, and one rotation in the trail.
    assert.equal((await send(token, marker, 'POST', '/api/refresh-token')).json().token, rotated);
    assert.equal((await send(rotated, marker, 'POST', '/api/logout')).statusCode, 200);
    assert.equal((await send(token, marker, 'POST', '/api/refresh-token')).statusCode, 401);
    const patel = await userIdOf('dr.patel');
    assert.deepEqual(
      (await rowsFor(marker)).map((row) => [
        row.action,
        row.user_id,
        row.details.outcome,
        row.details.status,
      ]),
      [
        ['auth.token_refreshed', patel, 'succeeded', undefined],
        ['auth.logout', patel, 'succeeded', undefined],
        ['auth.token_refreshed', patel, 'refused', 401],
      ],
    );
  });

  it('records a refused call of every audited authenticated route, naming who held the ended session', async () => {
    const marker = 'ended-session-audit-test/1.0';
    const token = await signIn(server, 'dr.okafor');
    const okafor = await userIdOf('dr.okafor');
    await send(token, 'sign-out/1.0', 'POST', '/api/logout');
    const patientId = await patientIdByMrn(server, 'DEMO-2001');
    const calls = [...Object.values(patientCalls), authCalls.refreshToken, authCalls.logout];
    for (const call of calls) {
      const url = call.url.replace(':id', String(patientId));
      const response = await send(token, marker, call.method, url, call.method === 'GET' ? undefined : {});
      assert.equal(response.statusCode, 401, `${call.method} ${call.url}`);
    }
    const rows = await rowsFor(marker);
    assert.equal(rows.length, calls.length, 'one row per refused call');
    for (const row of rows) {
      assert.equal(row.user_id, okafor, row.action);
      assert.deepEqual(
        [row.details.outcome, row.details.status, row.details.reason],
        ['refused', 401, 'session_ended'],
      );
    }
    const patientRows = rows.filter((row) => row.patient_id !== null);
    assert.ok(patientRows.length >= 4, 'calls about one patient name it');
    assert.ok(patientRows.every((row) => row.patient_id === patientId));
  });
});

describe('the audit row of a patient update', () => {
  it('records the fields it changed with their values before and after', async () => {
    const marker = 'update-audit-test/1.0';
    const token = await signIn(server, 'groupadmin');
    const form = {
      FirstName: 'Nora',
      Surname: 'Lindqvist',
      DateOfBirth: '1975-04-02',
      MRN: 'DEMO-9300',
      Solicitorname: 'Ada Brook',
    };
    const created = (await send(token, marker, 'POST', '/api/patients', form)).json().patient;
    const updated = await send(token, marker, 'PUT', `/api/patients/${created.ID_Patient}`, {
      ...form,
      Surname: 'Lindqvist-Hale',
      Solicitorname: '',
      Ourreference: 'OR-17',
    });
    assert.equal(updated.statusCode, 200, updated.body);
    const update = (await rowsFor(marker)).find((row) => row.action === 'patient.update')!;
    assert.equal(update.patient_id, created.ID_Patient);
    assert.deepEqual(update.details.changes, {
      Surname: { before: 'Lindqvist', after: 'Lindqvist-Hale' },
      Solicitorname: { before: 'Ada Brook', after: null },
      Ourreference: { before: null, after: 'OR-17' },
    });
  });
});
