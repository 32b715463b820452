import type { Queryable } from '../../db/Database.js';
import { findSynonymPhrases } from './clinicalSynonyms.js';
import { findDates } from './findDates.js';
import { ASKING_WORDS } from './askingWords.js';
import type { RetrievalScope } from './RetrievalScope.js';
import { notSetAside } from '../record-review/setAsideSql.js';
import { STOP_WORDS } from './stopWords.js';

/** One key term of a question: as the question writes it, and every way the records may write it. */
interface KeyTerm {
  written: string;
  spellings: string[];
}

/** The question's key terms: its phrases of the synonym table, then its other words that name something. */
export function keyTermsOf(question: string): KeyTerm[] {
  let rest = question;
  for (const date of [...findDates(question)].reverse())
    rest = `${rest.slice(0, date.start)} ${rest.slice(date.end)}`;
  const phrases = findSynonymPhrases(rest);
  const terms: KeyTerm[] = phrases.map((phrase) => ({
    written: phrase.written,
    spellings: [phrase.written, ...phrase.synonyms],
  }));
  for (const phrase of [...phrases].reverse())
    rest = `${rest.slice(0, phrase.start)} ${rest.slice(phrase.end)}`;
  for (const word of rest.match(/[\p{L}][\p{L}\p{N}'’-]*/gu) ?? []) {
    const lower = word.toLowerCase().replace(/['’]s$/, '');
    if (lower.length < 2 || STOP_WORDS.has(lower) || ASKING_WORDS.has(lower)) continue;
    if (terms.some((term) => term.written.toLowerCase() === lower)) continue;
    terms.push({ written: word, spellings: [word] });
  }
  return terms;
}

/**
 * The key terms of a question that appear nowhere in the scope's indexed passages, in any of their spellings (the
 * synonym table's, each stemmed as the index stems it), as the question writes them. A term the index cannot search
 * (a stop word of its dictionary) is not counted absent.
 */
export async function findAbsentTerms(
  db: Queryable,
  scope: RetrievalScope,
  question: string,
): Promise<string[]> {
  const terms = keyTermsOf(question);
  if (terms.length === 0) return [];
  const column = scope.kind === 'patient' ? 'c.patient_id' : 'c.owner_user_id';
  const id = scope.kind === 'patient' ? scope.patientId : scope.userId;
  const { rows } = await db.query<{ term: number; present: boolean | null }>(
    `SELECT t.term, (SELECT EXISTS (SELECT 1 FROM document_chunks c
                                      JOIN documents d ON d.id = c.document_id AND d.status = 'processed'
                                     WHERE ${column} = $1 AND ${notSetAside('d')} AND c.tsv @@ t.query)) AS present
       FROM (SELECT s.term, string_agg('(' || phraseto_tsquery('english', s.spelling)::text || ')', ' | ')::tsquery
                    AS query
               FROM unnest($2::int[], $3::text[]) AS s(term, spelling)
              WHERE phraseto_tsquery('english', s.spelling)::text <> ''
              GROUP BY s.term) t`,
    [
      id,
      terms.flatMap((term, index) => term.spellings.map(() => index)),
      terms.flatMap((term) => term.spellings),
    ],
  );
  const absent = new Set(rows.filter((row) => row.present === false).map((row) => Number(row.term)));
  return terms.filter((_, index) => absent.has(index)).map((term) => term.written);
}

/** The sentence that opens an answer whose key terms are nowhere in the records: "'MRI' does not appear in …". */
export function absentTermsStatement(terms: readonly string[], subjectLabel: string): string | null {
  if (terms.length === 0) return null;
  const quoted = terms.map((term) => `\u2018${term}\u2019`);
  const listed = quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  const records =
    subjectLabel === "the patient's records" ? 'the records indexed for this patient' : subjectLabel;
  return `${listed} ${terms.length === 1 ? 'does' : 'do'} not appear in ${records}.`;
}
