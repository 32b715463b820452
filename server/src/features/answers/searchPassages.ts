import type { Queryable } from '../../db/Database.js';
import type { EmbeddingProvider } from '../../platform/ai/EmbeddingProvider.js';
import { ASKING_WORDS } from './askingWords.js';
import { bundlePagesFor } from './bundlePagesFor.js';
import { findSynonymPhrases } from './clinicalSynonyms.js';
import { cosineSimilarity } from './cosineSimilarity.js';
import { dateSpellings } from './dateSpellings.js';
import { findDates } from './findDates.js';
import { fuseRankings } from './fuseRankings.js';
import { lexemeFrequencies, type LexemeFrequencies } from './lexemeFrequencies.js';
import type { RetrievalScope } from './RetrievalScope.js';
import { notSetAside } from '../record-review/setAsideSql.js';

/** One indexed passage found for a question: a part of one page of one processed document. */
export interface RetrievedPassage {
  chunkId: number;
  documentId: number;
  filename: string;
  storageKey: string;
  page: number;
  /** The page's number in the patient's latest completed record bundle; null without one (and for opinions). */
  bundlePage: number | null;
  text: string;
  startOffset: number;
  endOffset: number;
  source: 'text' | 'ocr';
  ocrConfidence: number | null;
  /** Reciprocal-rank-fusion score of the passage's ranks: higher is better, comparable within one search only. */
  score: number;
}

export interface SearchOptions {
  /** Set when an embedding endpoint is configured: its ranking is fused with the full-text one. */
  embeddings: EmbeddingProvider | null;
  signal: AbortSignal;
}

/** Question terms weighed in the OR fallback; a longer question's later words add little. */
const MAX_TERMS = 24;
/** Candidates each ranking gives to the fusion, per passage asked for. */
const CANDIDATES_PER_PASSAGE = 3;
const MIN_CANDIDATES = 30;
/**
 * Most matching passages ranked per query. A question whose terms are in more passages than this is not specific
 * enough for the order among them to matter much; it is ranked among the first this many found, which keeps every
 * search within a few tens of milliseconds however common its words.
 */
const MAX_RANKED = 1_000;
/** A word in more than this share of the passages is common: the OR fallback selects by it only as a last resort. */
const COMMON_SHARE = 0.1;

/** How much a synonym the table adds weighs against the user's own words ("heel bone" finds "calcaneus"). */
export const SYNONYM_WEIGHT = 0.5;
/** How much a word that only asks ("show", "taken", "when") weighs against the words that name what is asked about. */
export const ASKING_WEIGHT = 0.25;

/**
 * One term of the question: a lexeme, one date in any of its spellings, or the synonyms of one of its phrases
 * (lexeme null for both; synonyms weigh `factor` of a term's weight).
 */
interface QuestionTerm {
  query: string;
  lexeme: string | null;
  factor?: number;
}

interface QuestionQueries {
  /** Every term of the question at once (websearch syntax), null when the question has no searchable word. */
  all: string | null;
  /** Each term alone, for the OR fallback. */
  terms: QuestionTerm[];
}

interface ChunkRow {
  id: number | string | bigint;
  document_id: number;
  filename: string;
  storage_key: string;
  page: number;
  text: string;
  start_offset: number;
  end_offset: number;
  source: 'text' | 'ocr';
  ocr_confidence: number | null;
}

function scopeCondition(scope: RetrievalScope): { column: string; id: number } {
  return scope.kind === 'patient'
    ? { column: 'c.patient_id', id: scope.patientId }
    : { column: 'c.owner_user_id', id: scope.userId };
}

/** A question about care still to come: "When is the next review?", "What is planned?". */
const ASKS_ABOUT_FUTURE = /\b(?:next|upcoming|future|planned|due|will|going to)\b/i;
/** How letters write an operation or procedure booked but not yet done. */
const CARE_LISTED_PHRASES = ['listed for', 'scheduled for', 'booked for', 'provisionally'];
/**
 * How letters write care still to come. For a question about the future, a passage that says one weighs as a rare
 * term of the question would ("I will review her … on or around 13/06/2023", "An appointment has been made"); for
 * any other question, a passage that lists an operation (not yet done) weighs less: it plans care rather than
 * records it ("listed for a right subtalar arthrodesis, provisionally on 14/10/2022").
 */
const PLANNED_CARE_PHRASES = [
  'will review',
  'will see',
  'review in',
  'on or around',
  'appointment has been made',
  'next appointment',
  'follow-up in',
  ...CARE_LISTED_PHRASES,
];

/** The share of a rare term's weight a passage of planned care loses for a question about care given. */
const PLANNED_CARE_PENALTY = 0.25;

/** A tsquery of one lexeme ("'fusion'"): its rarity is known, as a phrase's is not. */
const SINGLE_LEXEME = /^'([^']+)'$/;

const quoteLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** tsquery texts of several phrases, as one OR group "((a) | (b))"; '' when none is searchable. */
function anyOf(queries: readonly string[]): string {
  const searchable = [...new Set(queries.filter(Boolean))];
  return searchable.length > 0 ? `(${searchable.map((query) => `(${query})`).join(' | ')})` : '';
}

/** The words of a question that name something, and those that only ask ("what did the CT show"). */
function splitAskingWords(words: string): { naming: string; asking: string } {
  const asking: string[] = [];
  const naming = words.replace(/[\p{L}][\p{L}\p{N}'’-]*/gu, (word) => {
    if (!ASKING_WORDS.has(word.toLowerCase())) return word;
    asking.push(word);
    return ' ';
  });
  return { naming, asking: asking.join(' ') };
}

/**
 * The question as tsqueries. Dates are taken out of the words and searched in every spelling a record may use
 * (12/03/2021 also finds "12 March 2021"); a phrase of the clinical synonym table is searched as itself or any of
 * its synonyms ("heel bone" also finds "calcaneus"), the synonyms weighing less in the OR fallback; the rest goes
 * through `websearch_to_tsquery`, so stop words drop out and words are stemmed as the index stems them.
 */
async function questionQueries(db: Queryable, question: string): Promise<QuestionQueries> {
  const dates = findDates(question);
  let words = question;
  for (const date of [...dates].reverse()) words = `${words.slice(0, date.start)} ${words.slice(date.end)}`;
  const phrases = findSynonymPhrases(words);
  let rest = words;
  for (const phrase of [...phrases].reverse())
    rest = `${rest.slice(0, phrase.start)} ${rest.slice(phrase.end)}`;
  const spellings = dates.map((date) => dateSpellings(date.iso));
  const { naming: namingWords, asking: askingWords } = splitAskingWords(rest);
  const aboutFuture = ASKS_ABOUT_FUTURE.test(question);
  const phraseForms = phrases.map((phrase) => [phrase.written, ...phrase.synonyms]);
  const { rows } = await db.query<{
    words: string;
    lexemes: string[] | null;
    asking: string[] | null;
    planned: string | null;
    spelt: string[] | null;
    synonyms: string[] | null;
  }>(
    `SELECT websearch_to_tsquery('english', $1)::text AS words,
            tsvector_to_array(to_tsvector('english', $4)) AS lexemes,
            tsvector_to_array(to_tsvector('english', $5)) AS asking,
            (SELECT string_agg('(' || phraseto_tsquery('english', p)::text || ')', ' | ') FROM unnest($6::text[]) AS p)
              AS planned,
            ARRAY(SELECT phraseto_tsquery('english', s)::text FROM unnest($2::text[]) WITH ORDINALITY AS t(s, n)
                   ORDER BY n) AS spelt,
            ARRAY(SELECT phraseto_tsquery('english', s)::text FROM unnest($3::text[]) WITH ORDINALITY AS t(s, n)
                   ORDER BY n) AS synonyms`,
    [
      rest,
      spellings.flat(),
      phraseForms.flat(),
      namingWords,
      askingWords,
      aboutFuture ? PLANNED_CARE_PHRASES : CARE_LISTED_PHRASES,
    ],
  );
  const row = rows[0]!;
  const spelt = row.spelt ?? [];
  let offset = 0;
  const dateTerms = spellings
    .map((forms) => anyOf(spelt.slice(offset, (offset += forms.length))))
    .filter(Boolean);
  const synonymQueries = row.synonyms ?? [];
  offset = 0;
  const phraseGroups = phraseForms.map((forms) => synonymQueries.slice(offset, (offset += forms.length)));
  const naming = new Set(row.lexemes ?? []);
  const terms: QuestionTerm[] = [
    ...dateTerms.map((query) => ({ query, lexeme: null })),
    ...[...naming].map((lexeme) => ({ query: quoteLexeme(lexeme), lexeme })),
    // A phrase of the synonym table is one term as the user writes it ("blood thinner", not "blood" and "thinner"),
    // and its synonyms one further term that weighs less.
    ...phraseGroups
      .map((group) => group[0] ?? '')
      .filter(Boolean)
      .map((query) => ({ query, lexeme: SINGLE_LEXEME.exec(query)?.[1] ?? null })),
    // Only where the user's own phrase is not ("CT scan" adds nothing to a passage that has "CT" already), and
    // weighing a part of what the user's word weighs, never more.
    ...phraseGroups
      .filter((group) => group[0] && anyOf(group.slice(1)))
      .map((group) => ({
        query: `${anyOf(group.slice(1))} & !(${group[0]})`,
        lexeme: SINGLE_LEXEME.exec(group[0]!)?.[1] ?? null,
        factor: SYNONYM_WEIGHT,
      })),
    ...(row.planned
      ? [{ query: row.planned, lexeme: null, factor: aboutFuture ? 1 : -PLANNED_CARE_PENALTY }]
      : []),
    ...(row.asking ?? [])
      .filter((lexeme) => !naming.has(lexeme))
      .map((lexeme) => ({ query: quoteLexeme(lexeme), lexeme, factor: ASKING_WEIGHT })),
  ];
  const all = [row.words ? `(${row.words})` : '', ...dateTerms, ...phraseGroups.map(anyOf)].filter(Boolean);
  return { all: all.length > 0 ? all.join(' & ') : null, terms: terms.slice(0, MAX_TERMS) };
}

/** Passages that hold every term of the question, best cover density first. */
async function rankAllTerms(
  db: Queryable,
  scope: RetrievalScope,
  query: string,
  limit: number,
): Promise<number[]> {
  const { column, id } = scopeCondition(scope);
  const { rows } = await db.query<{ id: number | string | bigint }>(
    `SELECT m.id FROM (
       SELECT c.id, c.tsv FROM document_chunks c JOIN documents d ON d.id = c.document_id AND d.status = 'processed'
        WHERE ${column} = $1 AND ${notSetAside('d')} AND c.tsv @@ $2::tsquery
        LIMIT ${MAX_RANKED}) m
      ORDER BY ts_rank_cd(m.tsv, $2::tsquery) DESC, m.id
      LIMIT $3`,
    [id, query, limit],
  );
  return rows.map((row) => Number(row.id));
}

interface WeighedTerm extends QuestionTerm {
  weight: number;
  common: boolean;
}

/**
 * Each term's weight, how rare it is (an inverse document frequency; dates count as rare), and whether it is common
 * (in more than a tenth of the passages). Without statistics every term weighs 1 and none is common.
 */
function weigh(terms: readonly QuestionTerm[], frequencies: LexemeFrequencies): WeighedTerm[] {
  return terms.map((term) => {
    const share = !frequencies.known || term.lexeme === null ? 0 : frequencies.of(term.lexeme);
    const weight = (frequencies.known ? Math.log(1 + (1 - share) / (share + 0.001)) : 1) * (term.factor ?? 1);
    // A word missing from the statistics' list is rarer than every word listed: never common.
    const common = share > COMMON_SHARE && share >= frequencies.rareBelow;
    return { ...term, weight, common };
  });
}

/**
 * Passages that hold any of the `selecting` terms. Every term of the question a passage holds, common ones included,
 * adds its weight, so a passage with "MRI" outranks one with only "first" and "show"; cover density breaks ties.
 */
async function rankSelected(
  db: Queryable,
  scope: RetrievalScope,
  terms: readonly WeighedTerm[],
  selecting: readonly WeighedTerm[],
  limit: number,
): Promise<number[]> {
  const { column, id } = scopeCondition(scope);
  const params: unknown[] = [id, limit];
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const selectingQuery = selecting.map((term) => `(${param(term.query, 'tsquery')})`).join(' || ');
  const score = terms
    .map((term) => `(m.tsv @@ ${param(term.query, 'tsquery')})::int * ${param(term.weight, 'float8')}`)
    .join(' + ');
  const { rows } = await db.query<{ id: number | string | bigint }>(
    `SELECT m.id FROM (
       SELECT c.id, c.tsv FROM document_chunks c JOIN documents d ON d.id = c.document_id AND d.status = 'processed'
        WHERE ${column} = $1 AND ${notSetAside('d')} AND c.tsv @@ (${selectingQuery})
        LIMIT ${MAX_RANKED}) m
      ORDER BY (${score}) DESC, ts_rank_cd(m.tsv, ${selectingQuery}) DESC, m.id
      LIMIT $2`,
    params,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Passages that hold some of the question's terms: first those with a distinctive term (a common word would select
 * most of the index), then, when that finds too few, those with any of its common terms.
 */
async function rankAnyTerm(
  db: Queryable,
  scope: RetrievalScope,
  terms: readonly QuestionTerm[],
  limit: number,
): Promise<number[]> {
  if (terms.length === 0) return [];
  const weighed = weigh(terms, await lexemeFrequencies(db));
  // A term that weighs against a passage (planned care, for a question about care given) selects none.
  const distinctive = weighed.filter((term) => !term.common && term.weight > 0);
  const common = weighed.filter((term) => term.common && term.weight > 0);
  const found = distinctive.length > 0 ? await rankSelected(db, scope, weighed, distinctive, limit) : [];
  if (found.length >= limit || common.length === 0) return found;
  const already = new Set(found);
  const more = await rankSelected(db, scope, weighed, common, limit + found.length);
  return [...found, ...more.filter((id) => !already.has(id))].slice(0, limit);
}

/** The scope's passages that have a vector, most similar to the question's first; [] when it cannot be embedded. */
async function rankBySimilarity(
  db: Queryable,
  scope: RetrievalScope,
  question: string,
  embeddings: EmbeddingProvider,
  limit: number,
  signal: AbortSignal,
): Promise<number[]> {
  let vector: number[] | undefined;
  try {
    [vector] = await embeddings.embed([question], signal);
  } catch (error) {
    // The question is still answered by full-text search; only a cancelled request stops here.
    if (signal.aborted) throw error;
    return [];
  }
  if (!vector) return [];
  const { column, id } = scopeCondition(scope);
  const { rows } = await db.query<{ id: number | string | bigint; embedding: number[] }>(
    `SELECT c.id, c.embedding FROM document_chunks c
       JOIN documents d ON d.id = c.document_id AND d.status = 'processed'
      WHERE ${column} = $1 AND ${notSetAside('d')} AND c.embedding IS NOT NULL`,
    [id],
  );
  return rows
    .map((row) => ({ id: Number(row.id), similarity: cosineSimilarity(vector, row.embedding.map(Number)) }))
    .filter((row) => row.similarity > 0)
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
    .slice(0, limit)
    .map((row) => row.id);
}

/** A question that asks for a date, a number or a medicine: its answer is a value a passage states. */
const ASKS_FOR_VALUE =
  /\b(?:when|what date|which date|how (?:many|much|long|often)|dose|dosage|mg|INR|score|level|reading|medication|medicine|drug|tablets?|prescribed)\b/i;
/** A passage that states a value: a digit (a date, a dose, a score) or a dose unit. */
const STATES_VALUE = /\d/;

/**
 * For a question that asks for a value, each found passage that states none is followed by the next passage of its
 * page (the table or sentence that continues it), moved up when it was found lower; the list keeps `k` passages.
 */
async function withNextOnPage(
  db: Queryable,
  question: string,
  ranked: readonly { id: number; score: number }[],
  rows: Map<number, ChunkRow>,
  k: number,
): Promise<{ id: number; score: number }[]> {
  if (!ASKS_FOR_VALUE.test(question)) return [...ranked];
  const lacking = ranked.filter(
    (entry) => rows.has(entry.id) && !STATES_VALUE.test(rows.get(entry.id)!.text),
  );
  if (lacking.length === 0) return [...ranked];
  const { rows: next } = await db.query<{ id: number | string | bigint; next_id: number | string | bigint }>(
    `SELECT c.id, n.id AS next_id FROM document_chunks c
       JOIN document_chunks n ON n.document_id = c.document_id AND n.page = c.page AND n.chunk_index = c.chunk_index + 1
      WHERE c.id = ANY($1::bigint[])`,
    [lacking.map((entry) => entry.id)],
  );
  const nextOf = new Map(next.map((row) => [Number(row.id), Number(row.next_id)]));
  const placed = new Set<number>();
  const expanded: { id: number; score: number }[] = [];
  for (const entry of ranked) {
    if (placed.has(entry.id)) continue;
    placed.add(entry.id);
    expanded.push(entry);
    const following = nextOf.get(entry.id);
    if (following !== undefined && !placed.has(following)) {
      placed.add(following);
      expanded.push({ id: following, score: entry.score });
    }
  }
  return expanded.slice(0, k);
}

async function loadPassages(db: Queryable, ids: readonly number[]): Promise<Map<number, ChunkRow>> {
  const { rows } = await db.query<ChunkRow>(
    `SELECT c.id, c.document_id, d.filename, d.storage_key, c.page, c.text, c.start_offset, c.end_offset, c.source,
            c.ocr_confidence
       FROM document_chunks c JOIN documents d ON d.id = c.document_id
      WHERE c.id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/**
 * The `k` passages of the scope's processed documents that best match the question, best first. Full-text search
 * first asks for every term (websearch syntax); when that finds fewer than needed, passages with any of the
 * question's distinctive terms follow, the rarer terms weighing more. With an embedding endpoint, the question's vector ranks the scope's
 * passages too and both rankings are fused (reciprocal rank fusion). A question with no searchable word (only stop
 * words) finds nothing by full text.
 */
export async function searchPassages(
  db: Queryable,
  scope: RetrievalScope,
  question: string,
  k: number,
  options: SearchOptions,
): Promise<RetrievedPassage[]> {
  const { signal, embeddings } = options;
  const candidates = embeddings ? Math.max(MIN_CANDIDATES, k * CANDIDATES_PER_PASSAGE) : k;
  const queries = await questionQueries(db, question);
  signal.throwIfAborted();
  const fullText = queries.all ? await rankAllTerms(db, scope, queries.all, candidates) : [];
  if (fullText.length < candidates && queries.terms.length > 0) {
    signal.throwIfAborted();
    const already = new Set(fullText);
    const more = await rankAnyTerm(db, scope, queries.terms, candidates + fullText.length);
    fullText.push(...more.filter((id) => !already.has(id)).slice(0, candidates - fullText.length));
  }
  signal.throwIfAborted();
  const similar = embeddings
    ? await rankBySimilarity(db, scope, question, embeddings, candidates, signal)
    : [];
  const ranked = fuseRankings([fullText, similar]).slice(0, k);
  if (ranked.length === 0) return [];
  signal.throwIfAborted();
  const rows = await loadPassages(
    db,
    ranked.map((entry) => entry.id),
  );
  const withNext = await withNextOnPage(db, question, ranked, rows, k);
  const added = withNext.filter((entry) => !rows.has(entry.id)).map((entry) => entry.id);
  if (added.length > 0) for (const [id, row] of await loadPassages(db, added)) rows.set(id, row);
  const found = withNext.filter((entry) => rows.has(entry.id));
  const pageMaps =
    scope.kind === 'patient'
      ? await bundlePagesFor(
          db,
          scope.patientId,
          found.map((entry) => rows.get(entry.id)!.document_id),
        )
      : new Map<number, readonly number[]>();
  return found.map(({ id, score }) => {
    const row = rows.get(id)!;
    return {
      chunkId: id,
      documentId: row.document_id,
      filename: row.filename,
      storageKey: row.storage_key,
      page: row.page,
      bundlePage: pageMaps.get(row.document_id)?.[row.page - 1] ?? null,
      text: row.text,
      startOffset: row.start_offset,
      endOffset: row.end_offset,
      source: row.source,
      ocrConfidence: row.ocr_confidence === null ? null : Number(row.ocr_confidence),
      score,
    };
  });
}
