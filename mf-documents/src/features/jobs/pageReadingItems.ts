import type { ProcessingResult } from '@ewrt/contract';

export interface PageReadingItem {
  key: string;
  label: string;
  children: string;
}

const listed = (pages: readonly number[]) => pages.join(', ');

/**
 * How a processing job read its pages, as Job Details lists them: those read by OCR (with their mean confidence),
 * those to check against the original, blank ones, and only then the pages still not searchable — a page without a
 * text layer that OCR read is searchable.
 */
export function pageReadingItems(result: ProcessingResult): PageReadingItem[] {
  const ocr = result.ocr_pages ?? [];
  const blank = result.blank_pages ?? [];
  const items: PageReadingItem[] = [];
  if (ocr.length > 0) {
    const confidence =
      typeof result.ocr_confidence === 'number'
        ? ` (mean confidence ${Math.round(result.ocr_confidence)} %)`
        : '';
    items.push({ key: 'ocr', label: 'Read by OCR', children: `${listed(ocr)}${confidence}` });
  }
  const lowConfidence = result.low_confidence_pages ?? [];
  if (lowConfidence.length > 0) {
    items.push({
      key: 'low-confidence',
      label: 'Check against the original',
      children: listed(lowConfidence),
    });
  }
  if (blank.length > 0) items.push({ key: 'blank', label: 'Blank pages', children: listed(blank) });
  const unsearchable = (result.pages_without_text ?? []).filter(
    (page) => !ocr.includes(page) && !blank.includes(page),
  );
  if (unsearchable.length > 0) {
    items.push({
      key: 'scans',
      label: 'Pages without text',
      children: `${listed(unsearchable)} (not searchable)`,
    });
  }
  return items;
}
