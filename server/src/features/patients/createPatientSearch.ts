import type { AdvancedSearchFilters } from '@ewrt/contract';
import type { Database } from '../../db/Database.js';
import { StatementTimeoutError } from '../../db/StatementTimeoutError.js';
import { HttpError } from '../../http/HttpError.js';
import { createSearchGate, SearchGateTimeoutError } from './createSearchGate.js';
import type { PatientFields } from './normalisePatientInput.js';
import {
  ORDER_BY_NAME,
  PATIENT_SELECT,
  toPatient,
  type Caller,
  type PatientRow,
} from './patientRepository.js';
import type { StoredPatient } from './StoredPatient.js';

/** How long a search may take, waiting for its turn included, before it is answered with SEARCH_TIMED_OUT. */
export const SEARCH_TIMEOUT_MS = 3000;

export const SEARCH_TIMED_OUT = 'The patient search took too long to answer. Please try again in a moment.';

/**
 * How many searches may be at the database at once: the embedded database runs one statement at a time anyway;
 * PostgreSQL keeps half of its pool of 10 connections for every other call.
 */
const SEARCH_SLOTS = { pglite: 1, postgres: 5 } as const;

/** Separates the parts of `patients.search_text` (migration 3); no single field can match across it. */
const SEARCH_TEXT_SEPARATOR = '\u001f';

/** The column behind each advanced-search filter. */
const ADVANCED_FILTER_COLUMNS: Record<keyof AdvancedSearchFilters, string> = {
  FirstName: 'first_name',
  Surname: 'surname',
  MRN: 'mrn',
  Solicitorname: 'solicitor_name',
  Solicitorcompany: 'solicitor_company',
  Solicitorreference: 'solicitor_reference',
};

/** A LIKE pattern matching `term` anywhere, with the user's % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Whether a trigram index can narrow the rows for `term`: only a run of three letters or digits gives it a trigram.
 * Without one, pg_trgm reads its whole index (slower than reading the table), so such a term is matched with
 * `strpos` on the lower-cased text, which has the same meaning as `ILIKE '%term%'` and no index to misuse.
 */
function hasTrigram(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}

/**
 * The condition "`column` contains `term`, case-insensitively", with its parameter. `lowerCased` says that the
 * column holds lower-cased text already (`search_text`).
 */
function containsCondition(column: string, term: string, placeholder: string, lowerCased: boolean) {
  if (hasTrigram(term)) {
    const sql = lowerCased ? `${column} LIKE lower(${placeholder})` : `${column} ILIKE ${placeholder}`;
    return { sql, param: containsPattern(term) };
  }
  const text = lowerCased ? column : `lower(${column})`;
  return { sql: `strpos(${text}, lower(${placeholder})) > 0`, param: term };
}

/**
 * Up to this many matches, a page is cut from every match sorted in memory (about a millisecond per thousand).
 * Past it, the page is read in name order off the patients_name_order index, which stops as soon as the page is
 * full: cheap when the matches are spread over the alphabet, as that many nearly always are, but a walk through
 * most of the group when they sit late in it (every "Tanaka"), which is why fewer matches are sorted instead.
 */
const SORT_IN_MEMORY_UP_TO = 10_000;

/**
 * The CTEs `matched` (the number of patients of group `$2` meeting `condition`, as `total`) and `page` (the ids of
 * one page of them in name order). Both ways of reading the page are planned, and a one-time filter on `total`
 * runs only one: few matches are read through the condition's own index and sorted; many are read in name order.
 * The count comes first because the planner's guess of how many patients a pattern matches is too rough to choose.
 */
function pageInNameOrder(condition: string, page: { limit: string; offset: string }) {
  const matches = `p.group_id = $2 AND ${condition}`;
  return `WITH matched AS (SELECT count(*)::int AS total FROM patients p WHERE ${matches}),
    few AS MATERIALIZED (
      SELECT p.id, lower(p.surname) AS surname_key, lower(p.first_name) AS first_name_key
        FROM patients p WHERE (SELECT total FROM matched) <= ${SORT_IN_MEMORY_UP_TO} AND ${matches}
    ),
    page AS (
      (SELECT id FROM few ORDER BY surname_key, first_name_key, id LIMIT ${page.limit} OFFSET ${page.offset})
      UNION ALL
      (SELECT p.id FROM patients p WHERE (SELECT total FROM matched) > ${SORT_IN_MEMORY_UP_TO} AND ${matches}
        ${ORDER_BY_NAME} LIMIT ${page.limit} OFFSET ${page.offset})
    )`;
}

/**
 * The patients of a page as one JSON text: parsing one string is much cheaper than the driver's per-field work on
 * a page of 500 patients.
 */
const PAGE_AS_JSON = `(SELECT json_agg(listed ORDER BY lower(listed."Surname"), lower(listed."FirstName"), listed."ID_Patient")
     FROM (${PATIENT_SELECT} WHERE p.id IN (SELECT id FROM page)) listed)::text AS patients`;

function patientsFromJson(json: string | null): StoredPatient[] {
  return json === null ? [] : (JSON.parse(json) as PatientRow[]).map(toPatient);
}

/**
 * The reads behind patient search, advanced search and the duplicate check, each one statement under a time limit
 * (a 503 with SEARCH_TIMED_OUT past it, never a hang). Every read is scoped to the caller's group.
 */
export function createPatientSearch(db: Database, timeoutMs: number = SEARCH_TIMEOUT_MS) {
  const gate = createSearchGate(SEARCH_SLOTS[db.kind]);

  async function read<T>(sql: string, params: readonly unknown[]) {
    const deadline = performance.now() + timeoutMs;
    let leave: (() => void) | undefined;
    try {
      leave = await gate.enter(deadline);
      return await db.queryWithTimeout<T>(Math.max(1, deadline - performance.now()), sql, params);
    } catch (error) {
      if (error instanceof StatementTimeoutError || error instanceof SearchGateTimeoutError) {
        throw new HttpError(503, SEARCH_TIMED_OUT, {}, { 'Retry-After': '5' });
      }
      throw error;
    } finally {
      leave?.();
    }
  }

  return {
    /**
     * A term anywhere in the first name, surname, "first surname", "surname first" or MRN, case-insensitive: one
     * statement answers the page and the number of all matches, even for a page past the last.
     */
    async search(
      caller: Caller,
      term: string,
      page: number,
      pageSize: number,
    ): Promise<{ patients: StoredPatient[]; total: number }> {
      if (term.includes(SEARCH_TEXT_SEPARATOR)) return { patients: [], total: 0 };
      const match = containsCondition('p.search_text', term, '$3', true);
      const { rows } = await read<{ total: number; patients: string | null }>(
        `${pageInNameOrder(match.sql, { limit: '$4', offset: '$5' })}
         SELECT matched.total, ${PAGE_AS_JSON} FROM matched`,
        [caller.userId, caller.groupId, match.param, pageSize, (page - 1) * pageSize],
      );
      return { patients: patientsFromJson(rows[0]?.patients ?? null), total: rows[0]?.total ?? 0 };
    },

    /** `filters` holds at least one non-blank, trimmed filter; every one must match its column. */
    async searchAdvanced(
      caller: Caller,
      filters: AdvancedSearchFilters,
      limit: number,
    ): Promise<StoredPatient[]> {
      const params: unknown[] = [caller.userId, caller.groupId, limit];
      const conditions = Object.entries(filters)
        .filter((entry): entry is [keyof AdvancedSearchFilters, string] => typeof entry[1] === 'string')
        .map(([field, value]) => {
          const match = containsCondition(
            `p.${ADVANCED_FILTER_COLUMNS[field]}`,
            value,
            `$${params.length + 1}`,
            false,
          );
          params.push(match.param);
          return match.sql;
        });
      const { rows } = await read<{ patients: string | null }>(
        `${pageInNameOrder(conditions.join(' AND '), { limit: '$3', offset: '0' })}
         SELECT ${PAGE_AS_JSON}`,
        params,
      );
      return patientsFromJson(rows[0]?.patients ?? null);
    },

    /** Ids of patients of the group with the same first name, surname and date of birth. */
    async findDuplicates(
      caller: Caller,
      input: Pick<PatientFields, 'FirstName' | 'Surname' | 'DateOfBirth'>,
      excludeId: number | null,
    ): Promise<number[]> {
      // The same expressions as the patients_identity index.
      const { rows } = await read<{ id: number }>(
        `SELECT id FROM patients
          WHERE group_id = $1 AND lower(btrim(first_name)) = lower($2) AND lower(btrim(surname)) = lower($3)
            AND date_of_birth = $4::date AND ($5::int IS NULL OR id <> $5::int)`,
        [caller.groupId, input.FirstName, input.Surname, input.DateOfBirth, excludeId],
      );
      return rows.map((row) => row.id);
    },
  };
}

export type PatientSearch = ReturnType<typeof createPatientSearch>;
