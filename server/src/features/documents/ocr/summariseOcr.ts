import { formatPageRanges } from '../describePagesWithoutText.js';
import type { OcrAvailability } from './ocrAvailability.js';
import type { ScannedPagesReading } from './readScannedPages.js';

/** What OCR did for a document: stored on its row, given in the job's result, shown in the document list. */
export interface OcrSummary {
  /** Pages read by OCR. */
  ocr_pages: number[];
  /** The mean word confidence over those pages (each page's mean weighted by its words), null without any. */
  ocr_confidence: number | null;
  /** Pages read by OCR with a mean word confidence below the threshold: "check the original". */
  low_confidence_pages: number[];
  blank_pages: number[];
  /** Pages with neither a text layer nor OCR text (OCR found nothing, or was not available), blank pages apart. */
  unreadable_pages: number[];
  /** Pages that could not be read because OCR is not available on this server, and why. */
  not_read: { pages: number[]; message: string; install_command: string | null } | null;
}

export function summariseOcr(
  reading: ScannedPagesReading,
  pagesWithoutText: readonly number[],
  availability: OcrAvailability,
  lowConfidenceThreshold: number,
): OcrSummary {
  const ocrPages: number[] = [];
  const lowConfidence: number[] = [];
  const blank: number[] = [];
  const unreadable: number[] = [];
  let confidenceSum = 0;
  let words = 0;
  for (const [page, result] of reading.results) {
    if (result.status === 'read') {
      ocrPages.push(page);
      confidenceSum += result.confidence * result.words;
      words += result.words;
      if (result.confidence < lowConfidenceThreshold) lowConfidence.push(page);
    } else if (result.status === 'blank') {
      blank.push(page);
    } else if (pagesWithoutText.includes(page)) {
      unreadable.push(page);
    }
  }
  // A page not read that has a text layer of its own is still searchable by that text.
  const notRead = reading.notRead.filter((page) => pagesWithoutText.includes(page));
  const sorted = (pages: number[]) => [...pages].sort((a, b) => a - b);
  return {
    ocr_pages: sorted(ocrPages),
    ocr_confidence: words === 0 ? null : Math.round((confidenceSum / words) * 10) / 10,
    low_confidence_pages: sorted(lowConfidence),
    blank_pages: sorted(blank),
    unreadable_pages: sorted([...unreadable, ...notRead]),
    not_read:
      notRead.length === 0 || availability.available
        ? null
        : { pages: notRead, message: availability.message, install_command: availability.installCommand },
  };
}

const pagesWord = (pages: readonly number[]) => (pages.length === 1 ? 'page' : 'pages');
const percent = (confidence: number) => `${Math.round(confidence)} %`;

/** "page 12: OCR confidence 41 % — check the original", one line per page. */
export function lowConfidenceLines(reading: ScannedPagesReading, summary: OcrSummary): string[] {
  return summary.low_confidence_pages.map((page) => {
    const result = reading.results.get(page);
    const confidence = result?.status === 'read' ? result.confidence : 0;
    return `page ${page}: OCR confidence ${percent(confidence)} \u2014 check the original`;
  });
}

/** The sentences about OCR for the job's result and log, in the order a reader needs them. */
export function describeOcrSummary(summary: OcrSummary, lowConfidence: readonly string[]): string[] {
  const lines: string[] = [];
  if (summary.ocr_pages.length > 0) {
    lines.push(
      `${pagesWord(summary.ocr_pages)} ${formatPageRanges(summary.ocr_pages)} read by OCR` +
        (summary.ocr_confidence === null ? '' : ` (mean word confidence ${percent(summary.ocr_confidence)})`),
    );
  }
  lines.push(...lowConfidence);
  if (summary.blank_pages.length > 0) {
    lines.push(
      `${pagesWord(summary.blank_pages)} ${formatPageRanges(summary.blank_pages)} ${summary.blank_pages.length === 1 ? 'is' : 'are'} blank`,
    );
  }
  const unreadByOcr = summary.unreadable_pages.filter((page) => !summary.not_read?.pages.includes(page));
  if (unreadByOcr.length > 0) {
    lines.push(
      `${pagesWord(unreadByOcr)} ${formatPageRanges(unreadByOcr)}: OCR could not read ${unreadByOcr.length === 1 ? 'it' : 'them'} \u2014 check the original`,
    );
  }
  return lines;
}

/**
 * "pages 2–4 could not be read: OCR is off because tesseract is not installed. Install what is missing with: sudo apt-get install …".
 */
export function describeNotRead(notRead: NonNullable<OcrSummary['not_read']>): string {
  const install = notRead.install_command ? `. Install what is missing with: ${notRead.install_command}` : '';
  return `${pagesWord(notRead.pages)} ${formatPageRanges(notRead.pages)} could not be read: ${notRead.message}${install}`;
}
