import { RECORD_GAP_DEFAULT_DAYS, type RecordFlag, type ReportSection } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { bundlePagesFor } from '../answers/bundlePagesFor.js';
import { isoDateToEnGb } from '../bundles/bundleDates.js';
import { describeBundleDocument } from '../bundles/describeBundleDocument.js';
import { findDocumentDate } from '../bundles/findDocumentDate.js';
import { readBundleDocuments } from '../bundles/readBundleDocuments.js';
import { findDocumentAuthor } from '../chronology/findDocumentAuthor.js';
import { listRecordFlags } from '../record-review/listRecordFlags.js';
import { documentTexts } from '../record-review/documentTexts.js';

/** The title of the list when no prompt asks for it. */
export const DOCUMENTS_REVIEWED_TITLE = 'Documents reviewed';
export const FLAGS_HEADING = 'Gaps and missing records flagged:';
export const NO_FLAGS = 'No gaps or missing records were flagged.';

/** A prompt or template section that asks for the documents reviewed ("Documents Reviewed", "Documents reviewed"). */
export const asksForDocumentsReviewed = (title: string) => /\bdocuments\s+reviewed\b/i.test(title);

/** A document's own date is at its head: its first pages are read for it (as the bundle reads them). */
const DATE_PAGES = 2;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function bundlePagesText(pageMap: readonly number[] | undefined): string {
  if (!pageMap || pageMap.length === 0) return '';
  const first = pageMap[0]!;
  const last = pageMap.at(-1)!;
  return first === last ? ` (bundle page ${first})` : ` (bundle pages ${first}\u2013${last})`;
}

function flagLine(flag: RecordFlag): string {
  const places = flag.places.map(
    (place) =>
      `${place.filename}, page ${place.page}${place.bundle_page === null ? '' : ` (bundle page ${place.bundle_page})`}`,
  );
  return `- ${flag.title}${places.length > 0 ? ` (${places.join('; ')})` : ''}`;
}

/**
 * The documents reviewed, made from the records themselves: every processed document not set aside as a copy, in
 * bundle order, with its date, author and type (read by the chronology's and the bundle's rules), its pages and,
 * once a bundle is built, its bundle pages; then the flagged gaps and missing records. No model writes or changes it.
 */
export async function listDocumentsReviewed(
  db: Queryable,
  patient: { id: number; groupId: number; surname: string },
  referenceYear: number,
): Promise<string> {
  const { documents, opening } = await readBundleDocuments(db, patient, DATE_PAGES);
  const ids = documents.map((document) => document.id);
  const whole = await documentTexts(db, ids);
  const bundlePages = await bundlePagesFor(db, patient.id, ids);
  const lines = documents.map((document, index) => {
    const head = opening.get(document.id) ?? '';
    const described = describeBundleDocument(head, patient.surname);
    const date = document.documentDate ?? findDocumentDate(head, referenceYear);
    const author = findDocumentAuthor(whole.get(document.id) ?? '') ?? described.author;
    const pages = document.pageCount === null ? 'pages not counted' : plural(document.pageCount, 'page');
    return (
      `${index + 1}. ${date ? isoDateToEnGb(date) : 'Date not found'} \u2014 ${author ?? 'Author not found'} \u2014 ` +
      `${described.type ?? 'Type not stated'} \u2014 ${document.filename}, ${pages}` +
      bundlePagesText(bundlePages.get(document.id))
    );
  });
  const flags = await listRecordFlags(db, patient, RECORD_GAP_DEFAULT_DAYS);
  return [
    `${plural(documents.length, 'document')} in the records (copies set aside are not listed):`,
    ...(lines.length > 0 ? lines : ['No processed documents.']),
    '',
    FLAGS_HEADING,
    ...(flags.length > 0 ? flags.map(flagLine) : [NO_FLAGS]),
  ].join('\n');
}

/** The list as a report section: made from the records, with no passages searched and no model asked. */
export function documentsReviewedSection(
  response: string,
  facts: { title: string; promptId: number | null; templateId: number | null },
): ReportSection {
  return {
    title: facts.title,
    response,
    template_applied: facts.templateId !== null,
    template_id: facts.templateId,
    bedrock_comprehensive: false,
    bedrock_model_used: null,
    prompt_id: facts.promptId,
    origin: 'records-list',
    sources: [],
    unsupported_sentences: [],
  };
}
