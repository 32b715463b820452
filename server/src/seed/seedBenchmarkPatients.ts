import { analyzeDatabase } from '../db/analyzeDatabase.js';
import type { Queryable } from '../db/Database.js';

// Fictional names for generated patients: common first names and surnames of several origins, so that a search
// term matches as many patients as it would in a real practice (a surname about one patient in 150).
const FIRST_NAMES = `
  Oliver Amelia George Isla Harry Ava Noah Mia Jack Ivy Charlie Lily Leo Freya Jacob Florence Freddie
  Willow Alfie Rosie Archie Sophia Theo Isabella Oscar Grace Arthur Evie Thomas Sienna Henry Poppy
  Joshua Elsie James Emily William Daisy Max Ella Mohammed Sofia Isaac Harper Lucas Matilda Ethan
  Phoebe Finley Alice Adam Ruby Edward Eleanor Samuel Hannah Daniel Chloe Benjamin Aisha Priya Chidi
  Ingrid Nora Asha Mateo Yusuf Zara Omar Leila Tomasz Agnieszka Kofi Ama Hiroshi Yuki Rahul Ananya
  Sean Siobhan
`
  .trim()
  .split(/\s+/);
const SURNAMES = `
  Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans Walker White
  Roberts Green Hall Wood Jackson Clarke Patel Khan Lewis Phillips Mason Mitchell Rose Davis Rodriguez
  Cox Alexander Morgan Moore Martin Price Hughes Edwards Cooper Turner Hill Ward Harris Morris King
  Lee Baker Harrison Allen Young Scott Watson Bennett Whitfield Marchetti Mensah Okafor Lindqvist
  Solberg O'Neill Raman Nowak Kowalski Tanaka Nakamura Sharma Singh Murphy Kelly Byrne Ryan Walsh
  Campbell Stewart Anderson MacDonald Reid Ross Fraser Hamilton Graham Kennedy Gordon Shaw Holmes Fox
  Webb Marshall Hunt Palmer Mills Barnes Knight Lloyd Butler Russell Barker Fisher Stevens Jenkins
  Murray Dixon Harvey Gibson Ellis Pearson Richardson Foster Chapman Powell Webster Gray Griffiths
  Wallace Spencer Burton Bailey Howard Carter Fletcher Hussain Ali Ahmed Begum Chen Wang Zhang Nguyen
  Kim Park Cohen Levy Silva Santos Costa Ferreira Schmidt Fischer Weber Becker Dubois Laurent Moreau
  Rossi Russo Ferrari Bianchi Andersen Hansen Nielsen Larsen Johansson Karlsson Virtanen Novak Horvat
  Kovacs Nagy Popescu Ivanov Papadopoulos Yilmaz Kaya Haddad Adeyemi Okonkwo Mwangi Otieno Banda
  Dlamini Naidoo
`
  .trim()
  .split(/\s+/);
const SOLICITOR_FIRMS = [
  'Porter Legal',
  'Hale & Cole',
  'Northbridge Law',
  'Ashford Solicitors',
  'Kendal Partners',
  'Marsh Associates',
  'Greaves LLP',
  'Thornton Law',
  'Whitcombe & Reed',
  'Lyle Chambers',
  'Bishop Legal',
  'Carrow Solicitors',
  'Denholm Law',
  'Everett & Finch',
  'Fairbairn LLP',
  'Garside Legal',
  'Harland Law',
  'Irvine Partners',
  'Jessop & Kay',
  'Langley Solicitors',
];

export interface BenchmarkPatientsOptions {
  groupId: number;
  count: number;
  /** Every MRN is `<prefix>-<7 digits>`; a prefix used twice in one group would make MRNs repeat. */
  mrnPrefix: string;
}

export const BENCHMARK_NAMES = {
  firstNames: FIRST_NAMES,
  surnames: SURNAMES,
  firms: SOLICITOR_FIRMS,
} as const;

/**
 * Adds `count` fictional patients to a group in one INSERT ... SELECT (100,000 in a few seconds), spread evenly over
 * the name lists, dates of birth from 1930 to 2011 and twenty solicitors' firms, created by the group's first user;
 * then ANALYZEs, as after every bulk change. For the server benchmark and tests at scale, never for a real practice.
 */
export async function seedBenchmarkPatients(db: Queryable, options: BenchmarkPatientsOptions): Promise<void> {
  // The trigram indexes take rows one by one (migration 3), which would make this insert four times slower: for the
  // bulk they collect the new rows in their pending list, merged into the index once at the end.
  const { rows: ginIndexes } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
      WHERE i.indrelid = 'patients'::regclass AND am.amname = 'gin'`,
  );
  for (const { name } of ginIndexes) await db.execute(`ALTER INDEX ${name} SET (fastupdate = on)`);
  // Two different multiplicative hashes of the row number pick the first name and the surname, so that the two are
  // not correlated and every list entry is used about equally often.
  await db.query(
    `INSERT INTO patients (group_id, first_name, surname, date_of_birth, mrn, date_of_event, solicitor_name,
                           solicitor_company, solicitor_reference, our_reference, created_by, created_at)
     SELECT $1,
            first_names[1 + (i * 7919 % cardinality(first_names))::int],
            surnames[1 + (i * 48271 % 2147483647 % cardinality(surnames))::int],
            date '1930-01-01' + (i * 2654435761 % 29950)::int,
            $3 || '-' || lpad(i::text, 7, '0'),
            date '2015-01-01' + (i * 40503 % 3650)::int,
            first_names[1 + (i * 31 % cardinality(first_names))::int] || ' '
              || surnames[1 + (i * 17 % cardinality(surnames))::int],
            firms[1 + (i * 13 % cardinality(firms))::int],
            upper(substr(md5(i::text), 1, 2)) || '/' || i,
            CASE WHEN i % 3 = 0 THEN 'OUR-' || i END,
            (SELECT min(id) FROM users WHERE group_id = $1),
            now() - make_interval(days => (i % 730)::int)
       FROM generate_series(1::bigint, $2::bigint) AS i,
            (SELECT $4::text[] AS first_names, $5::text[] AS surnames, $6::text[] AS firms) AS lists`,
    [options.groupId, options.count, options.mrnPrefix, FIRST_NAMES, SURNAMES, SOLICITOR_FIRMS],
  );
  for (const { name } of ginIndexes) {
    await db.query(`SELECT gin_clean_pending_list($1::regclass)`, [name]);
    await db.execute(`ALTER INDEX ${name} SET (fastupdate = off)`);
  }
  await analyzeDatabase(db);
}
