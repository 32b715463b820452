import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AdvancedSearchFilters } from '@ewrt/contract';
import type { Database } from '../src/db/Database.js';
import {
  SEARCH_TIMED_OUT,
  containsPattern,
  createPatientSearch,
} from '../src/features/patients/createPatientSearch.js';
import type { Caller } from '../src/features/patients/patientRepository.js';
import { seedBenchmarkPatients } from '../src/seed/seedBenchmarkPatients.js';
import { createTestServer, type TestServer } from './support/testServer.js';

// Enough patients in one group for the planner to prefer the indexes, and for a short term to match thousands.
const GENERATED_PATIENTS = 20_000;

let server: TestServer;
let db: Database;
let caller: Caller;

/** What the searches meant before migration 3, written the plain way: the reference the fast queries must equal. */
const REFERENCE_ORDER = `ORDER BY lower(surname), lower(first_name), id`;

async function referenceSearch(term: string, page: number) {
  const pattern = containsPattern(term);
  const matches = `group_id = $1 AND (first_name ILIKE $2 OR surname ILIKE $2 OR mrn ILIKE $2
    OR (first_name || ' ' || surname) ILIKE $2 OR (surname || ' ' || first_name) ILIKE $2)`;
  const ids = await db.query<{ id: number }>(
    `SELECT id FROM patients WHERE ${matches} ${REFERENCE_ORDER} LIMIT 5 OFFSET $3`,
    [caller.groupId, pattern, (page - 1) * 5],
  );
  const total = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM patients WHERE ${matches}`,
    [caller.groupId, pattern],
  );
  return { ids: ids.rows.map((row) => row.id), total: total.rows[0]?.total };
}

const ADVANCED_COLUMNS: Record<keyof AdvancedSearchFilters, string> = {
  FirstName: 'first_name',
  Surname: 'surname',
  MRN: 'mrn',
  Solicitorname: 'solicitor_name',
  Solicitorcompany: 'solicitor_company',
  Solicitorreference: 'solicitor_reference',
};

async function referenceAdvanced(filters: AdvancedSearchFilters) {
  const params: unknown[] = [caller.groupId];
  const conditions = Object.entries(filters).map(([field, value]) => {
    params.push(containsPattern(value as string));
    return `${ADVANCED_COLUMNS[field as keyof AdvancedSearchFilters]} ILIKE $${params.length}`;
  });
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM patients WHERE group_id = $1 AND ${conditions.join(' AND ')} ${REFERENCE_ORDER} LIMIT 500`,
    params,
  );
  return rows.map((row) => row.id);
}

/** The search reads, with every statement they send kept for EXPLAIN. */
function recordingSearch() {
  const statements: { sql: string; params: readonly unknown[] }[] = [];
  const recording: Database = {
    ...db,
    queryWithTimeout<T>(timeoutMs: number, sql: string, params: readonly unknown[] = []) {
      statements.push({ sql, params });
      return db.queryWithTimeout<T>(timeoutMs, sql, params);
    },
  };
  return { search: createPatientSearch(recording), statements };
}

class RolledBack extends Error {
  constructor(readonly plan: unknown) {
    super('rolled back on purpose');
  }
}

/**
 * Each index a statement reads, with its index condition, once the group indexes are out of the way and sequential
 * scans priced out, so that the answer does not depend on the table's size (at 20,000 patients reading the whole
 * group is cheap). An index whose expressions differ from the query's can serve at most its leading group_id.
 */
async function indexesServing(statement: { sql: string; params: readonly unknown[] }): Promise<string[]> {
  const plan = await db
    .transaction(async (tx) => {
      await tx.execute('SET LOCAL enable_seqscan = off; DROP INDEX patients_group, patients_name_order');
      const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (FORMAT JSON) ${statement.sql}`,
        statement.params,
      );
      // The dropped indexes come back with the rollback.
      throw new RolledBack(rows[0]?.['QUERY PLAN']);
    })
    .catch((error: unknown) => {
      if (error instanceof RolledBack) return error.plan;
      throw error;
    });
  const names: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (typeof record['Index Name'] === 'string' && typeof record['Index Cond'] === 'string') {
        names.push(`${record['Index Name']} ${record['Index Cond']}`);
      }
      Object.values(record).forEach(visit);
    }
  };
  visit(plan);
  return names;
}

before(async () => {
  server = await createTestServer();
  db = server.app.ctx.db;
  const { rows } = await db.query<{ id: number; group_id: number }>(
    `SELECT id, group_id FROM users WHERE username = 'dr.patel'`,
  );
  caller = { userId: rows[0]!.id, groupId: rows[0]!.group_id };
  await seedBenchmarkPatients(db, { groupId: caller.groupId, count: GENERATED_PATIENTS, mrnPrefix: 'NG' });
});
after(() => server.close());

describe('patient search over 20,000 generated patients', () => {
  it('finds exactly the patients and total of a match on each field, in name order, page by page', async () => {
    const { search } = recordingSearch();
    const cases: [string, number][] = [
      ['smith', 1],
      ['smith', 4],
      ['SMI', 2],
      ['oliver sm', 1],
      ['smith ol', 1],
      ['ng-00012', 3],
      ['0001234', 1],
      ['whitfield', 1],
      // One or two letters: no trigram, thousands of matches, so the page is read in name order off the index.
      ['a', 1],
      ['a', 700],
      ['zh', 1],
      ['li', 30],
      ["o'n", 1],
      ['%', 1],
      ['a_b', 1],
      ['\\', 1],
      // A page past the last still counts every match.
      ['oliver sm', 9],
    ];
    for (const [term, page] of cases) {
      const expected = await referenceSearch(term, page);
      const actual = await search.search(caller, term, page, 5);
      assert.deepEqual(
        { ids: actual.patients.map((patient) => patient.ID_Patient), total: actual.total },
        expected,
        `term ${JSON.stringify(term)}, page ${page}`,
      );
    }
  });

  it('finds exactly the patients of every advanced filter, in name order, at most 500', async () => {
    const { search } = recordingSearch();
    const cases: AdvancedSearchFilters[] = [
      { Surname: 'smith' },
      { Surname: 'smi', FirstName: 'ol' },
      { Solicitorcompany: 'porter' },
      { Solicitorcompany: 'porter legal', Surname: 'e' },
      { MRN: '00012' },
      { Solicitorreference: '/12' },
      { Solicitorname: 'grace', FirstName: 'a' },
      { FirstName: 'zz' },
    ];
    for (const filters of cases) {
      const actual = await search.searchAdvanced(caller, filters, 500);
      assert.deepEqual(
        actual.map((patient) => patient.ID_Patient),
        await referenceAdvanced(filters),
        JSON.stringify(filters),
      );
    }
  });

  it('has an index serving the condition of each search and of the duplicate check', async () => {
    const { search, statements } = recordingSearch();
    await search.search(caller, 'whitfield', 1, 5);
    const servedBy = async (index: number, name: RegExp, condition: RegExp) => {
      const used = await indexesServing(statements[index]!);
      assert.ok(
        used.some((entry) => name.test(entry.split(' ')[0]!) && condition.test(entry)),
        used.join('\n'),
      );
    };
    await servedBy(0, /^patients_search_text_trgm$/, /search_text ~~ '%whitfield%'/);
    await search.searchAdvanced(caller, { Surname: 'whitfield', Solicitorname: 'grace' }, 500);
    await servedBy(1, /^patients_(surname|solicitor_name)_trgm$/, /~~\* '%(whitfield|grace)%'/);
    await search.findDuplicates(
      caller,
      { FirstName: 'Oliver', Surname: 'Smith', DateOfBirth: '1950-01-01' },
      null,
    );
    await servedBy(
      2,
      /^patients_identity$/,
      /lower\(btrim\(first_name\)\).*lower\(btrim\(surname\)\).*date_of_birth/,
    );
  });

  it('keeps the planner statistics current after migrations, seeding and bulk inserts', async () => {
    const { rows } = await db.query<{ tuples: number; stats: number }>(
      `SELECT (SELECT reltuples FROM pg_class WHERE relname = 'patients')::int AS tuples,
              (SELECT count(*) FROM pg_stats WHERE tablename = 'patients' AND attname = 'search_text')::int AS stats`,
    );
    assert.ok(rows[0]!.tuples >= GENERATED_PATIENTS, `reltuples ${rows[0]!.tuples}`);
    assert.equal(rows[0]!.stats, 1);
  });

  it('gives up with a 503 and a message when a search waits past its time limit', async () => {
    const quick = createPatientSearch(db, 100);
    // The embedded database runs one statement at a time: a transaction held open makes every search wait its turn.
    const holder = db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const waiting = [
      quick.search(caller, 'smith', 1, 5),
      quick.searchAdvanced(caller, { Surname: 'smith' }, 500),
      quick.findDuplicates(
        caller,
        { FirstName: 'Oliver', Surname: 'Smith', DateOfBirth: '1950-01-01' },
        null,
      ),
    ];
    for (const outcome of await Promise.allSettled(waiting)) {
      assert.equal(outcome.status, 'rejected');
      assert.deepEqual(
        { statusCode: outcome.reason.statusCode, message: outcome.reason.message },
        { statusCode: 503, message: SEARCH_TIMED_OUT },
      );
    }
    await holder;
    assert.ok((await quick.search(caller, 'smith', 1, 5)).total > 0, 'the next search runs as usual');
  });
});
