import { COMPLETE_FINAL_REPORT, type DraftSource, type ReportSection } from '@ewrt/contract';

/** A citation marker as the answers read them: [1], [1, 3], [2-4], [Source 2]. */
const MARKER = /\[(?:sources?\s*)?(\d+(?:\s*[-–]\s*\d+)?(?:\s*[,;]\s*\d+(?:\s*[-–]\s*\d+)?)*)\]/gi;
/** A longer range is not a citation a model would write (as parseCitations reads them). */
const LONGEST_RANGE = 20;
/** What a marker becomes when none of its numbers is a source of its section: visibly unresolved. */
export const UNRESOLVED_CITATION = '[?]';

const placeOf = (source: DraftSource) => `${source.s3_key}\u0000${source.page}\u0000${source.chunk_id ?? ''}`;

function numbersOf(marker: string): number[] {
  const numbers: number[] = [];
  for (const part of marker.split(/[,;]/)) {
    const [first, last] = part.split(/[-–]/).map((value) => Number(value.trim()));
    if (last === undefined) numbers.push(first!);
    else if (last >= first! && last - first! <= LONGEST_RANGE) {
      for (let value = first!; value <= last; value += 1) numbers.push(value);
    }
  }
  return numbers;
}

/** The text with each marker's numbers mapped through `renumber`; numbers it does not know are dropped. */
export function renumberCitations(text: string, renumber: ReadonlyMap<number, number>): string {
  return text.replace(MARKER, (_whole, numbers: string) => {
    const mapped = [...new Set(numbersOf(numbers).flatMap((number) => renumber.get(number) ?? []))];
    return mapped.length === 0 ? UNRESOLVED_CITATION : `[${mapped.join(', ')}]`;
  });
}

/**
 * The complete report (COMPLETE_FINAL_REPORT) from the prompt sections in order: each title as a heading line, then
 * its text. Every section numbers its own sources from 1, so they are merged into one list (a page cited by two
 * sections gets one number) and each section's markers are rewritten to the merged numbers: every [n] of the
 * complete report still points at the page its section cited. It counts as written by a language model only when
 * the model wrote every section.
 */
export function assembleCompleteReport(sections: readonly ReportSection[]): ReportSection {
  const sources: DraftSource[] = [];
  const numberOfPlace = new Map<string, number>();
  const parts: string[] = [];
  const unsupported: string[] = [];
  for (const section of sections) {
    const renumber = new Map<number, number>();
    for (const source of section.sources) {
      const place = placeOf(source);
      let number = numberOfPlace.get(place);
      if (number === undefined) {
        number = sources.length + 1;
        numberOfPlace.set(place, number);
        sources.push({ ...source, number });
      }
      renumber.set(source.number, number);
    }
    parts.push(`${section.title}\n\n${renumberCitations(section.response, renumber)}`);
    unsupported.push(
      ...section.unsupported_sentences.map((sentence) => renumberCitations(sentence, renumber)),
    );
  }
  const drafted = sections.filter((section) => section.origin === 'language-model');
  // The documents-reviewed list is made from the records, never by a model: it does not make a report less drafted.
  const draftable = sections.filter((section) => section.origin !== 'records-list');
  return {
    title: COMPLETE_FINAL_REPORT,
    response: parts.join('\n\n'),
    template_applied: sections.some((section) => section.template_applied),
    template_id: sections.find((section) => section.template_id !== null)?.template_id ?? null,
    bedrock_comprehensive: draftable.length > 0 && drafted.length === draftable.length,
    bedrock_model_used: drafted[0]?.bedrock_model_used ?? null,
    prompt_id: null,
    origin: 'assembled',
    sources,
    unsupported_sentences: unsupported,
  };
}
