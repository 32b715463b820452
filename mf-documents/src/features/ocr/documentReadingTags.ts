import type { PatientDocument } from '@ewrt/contract';
import { pageList } from './ocrWording';

/** How a tag reads: neutral facts, pages to check, pages that could not be read. */
export type ReadingTone = 'neutral' | 'warning' | 'error';

export interface ReadingTag {
  key: string;
  text: string;
  tone: ReadingTone;
  /** More than fits in the tag (its tooltip and accessible description). */
  description?: string;
}

type ReadingFields = Pick<
  PatientDocument,
  'page_count' | 'ocr_pages' | 'ocr_confidence' | 'low_confidence_pages' | 'unreadable_pages' | 'blank_pages'
>;

const pagesCount = (count: number) => `${count} ${count === 1 ? 'page' : 'pages'}`;

/**
 * What a document list says about how a document's pages were read: pages read by OCR (with the mean confidence),
 * pages to check against the original, pages nothing could be read from, and a document with no text at all.
 * The OCR fields are optional in the contract: an absent list means no such page.
 */
export function documentReadingTags(document: ReadingFields): ReadingTag[] {
  const ocrPages = document.ocr_pages ?? [];
  const lowConfidence = document.low_confidence_pages ?? [];
  const unreadable = document.unreadable_pages ?? [];
  const blank = document.blank_pages ?? [];
  const pageCount = document.page_count ?? 0;
  const nothingReadable = pageCount > 0 && blank.length + unreadable.length >= pageCount;
  const tags: ReadingTag[] = [];

  if (nothingReadable) {
    tags.push(
      unreadable.length === 0
        ? { key: 'no-text', tone: 'warning', text: 'Blank: no text on any page' }
        : { key: 'no-text', tone: 'error', text: 'No readable text on any page' },
    );
  }
  if (ocrPages.length > 0) {
    const confidence = document.ocr_confidence;
    tags.push({
      key: 'ocr',
      tone: 'neutral',
      text: `OCR: ${pagesCount(ocrPages.length)}`,
      description:
        confidence === null || confidence === undefined
          ? `Read by OCR: ${pageList(ocrPages)}`
          : `Read by OCR: ${pageList(ocrPages)}, mean confidence ${Math.round(confidence)} %`,
    });
  }
  if (lowConfidence.length > 0) {
    tags.push({
      key: 'low-confidence',
      tone: 'warning',
      text: `Low OCR confidence: check ${pageList(lowConfidence)}`,
    });
  }
  if (unreadable.length > 0) {
    tags.push({ key: 'unreadable', tone: 'error', text: `Unreadable: ${pageList(unreadable)}` });
  }
  if (blank.length > 0 && !nothingReadable) {
    tags.push({ key: 'blank', tone: 'neutral', text: `Blank: ${pageList(blank)}` });
  }
  return tags;
}
