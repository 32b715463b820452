import type { OmittedDuplicate } from '@ewrt/contract';
import { rgb, type PDFArray, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { pageDestination } from './addBundleNavigation.js';
import { isoDateToEnGb } from './bundleDates.js';
import { encodableText } from './encodableText.js';
import { A4, wrapLine } from './renderTextAsPdf.js';

const MARGIN_X = 56.7;
const MARGIN_TOP = 56.7;
/** Leaves the bottom free for the page number. */
const MARGIN_BOTTOM = 70;
const TEXT_SIZE = 10;
const LINE_HEIGHT = 13;
const ROW_GAP = 5;
const COLUMNS = {
  number: { x: MARGIN_X, label: 'No.' },
  document: { x: MARGIN_X + 32, width: 290, label: 'Document' },
  date: { x: MARGIN_X + 332, label: 'Date' },
  pages: { x: MARGIN_X + 404, label: 'Pages' },
} as const;
const GREY = rgb(0.35, 0.35, 0.35);
/** The "Duplicates omitted" title and the space under it. */
const OMISSIONS_TITLE_HEIGHT = 12 + 8;

export interface IndexHeading {
  patientName: string;
  mrn: string;
  /** dd/mm/yyyy */
  madeOn: string;
}

/** A document as the index names it: its description (author and kind), and its file name. */
export interface IndexedDocument {
  description: string;
  filename: string;
}

/** One line of the index, once the bundle pages are known. */
export interface IndexEntry {
  /** ISO date or null. */
  documentDate: string | null;
  firstPage: number;
  lastPage: number;
}

export interface BundleIndexPlan {
  /** Pages the index takes: known before any document is placed, so the documents' page numbers are too. */
  pageCount: number;
  /** Inserts the index pages at the front of `bundle`, the entries in the order they were planned. */
  draw(bundle: PDFDocument, entries: readonly IndexEntry[]): void;
}

interface PlannedRow {
  kind: 'document';
  number: number;
  lines: string[];
  /** The file name under the description, in grey (none when the description is the file name). */
  fileLines: string[];
}

/** A set-aside copy: named as a document is, then the document it duplicates; it has no pages in the bundle. */
interface PlannedOmission {
  kind: 'omitted';
  omitted: OmittedDuplicate;
  lines: string[];
  fileLines: string[];
  duplicateLines: string[];
}

/** The heading over the omitted copies. */
interface PlannedOmissionsHeading {
  kind: 'omissions heading';
  lines: string[];
}

type PlannedLine = PlannedRow | PlannedOmission | PlannedOmissionsHeading;

const OMITTED_HEADING = 'Duplicates omitted';
const OMITTED_NOTE = 'Copies set aside in record review: stored with the records but not in this bundle.';
const duplicateOfText = (duplicateOf: OmittedDuplicate['duplicate_of']) =>
  duplicateOf.position === null
    ? `Duplicate of ${duplicateOf.description}`
    : `Duplicate of No. ${duplicateOf.position}: ${duplicateOf.description}`;

const pageRange = (entry: IndexEntry) =>
  entry.firstPage === entry.lastPage ? String(entry.firstPage) : `${entry.firstPage}\u2013${entry.lastPage}`;

/**
 * Lays out the bundle's index: the title "Record bundle" with the patient, MRN and the day it was made, then a
 * table of No., document (its description, the file name under it), date (or "Undated") and bundle pages; each row
 * is a link to the document's first page. Then, when copies were set aside, "Duplicates omitted": each copy named
 * the same way, with its date and the document it duplicates. Each row's height depends only on its text (long
 * lines wrap), so the number of index pages is known before the documents are placed.
 */
export function planBundleIndex(
  documents: readonly IndexedDocument[],
  omitted: readonly OmittedDuplicate[],
  heading: IndexHeading,
  fonts: { regular: PDFFont; bold: PDFFont },
): BundleIndexPlan {
  const clean = encodableText(fonts.regular);
  const fits = (text: string) => fonts.regular.widthOfTextAtSize(text, TEXT_SIZE) <= COLUMNS.document.width;
  const fitsPage = (text: string) =>
    fonts.regular.widthOfTextAtSize(text, TEXT_SIZE) <= A4.width - 2 * MARGIN_X;
  const named = (document: IndexedDocument) => ({
    lines: wrapLine(clean(document.description), fits),
    fileLines: document.description === document.filename ? [] : wrapLine(clean(document.filename), fits),
  });
  const rows: PlannedLine[] = documents.map((document, index): PlannedRow => ({
    kind: 'document',
    number: index + 1,
    ...named(document),
  }));
  if (omitted.length > 0) {
    rows.push({ kind: 'omissions heading', lines: wrapLine(clean(OMITTED_NOTE), fitsPage) });
    for (const copy of omitted)
      rows.push({
        kind: 'omitted',
        omitted: copy,
        ...named(copy),
        duplicateLines: wrapLine(clean(duplicateOfText(copy.duplicate_of)), fits),
      });
  }
  const rowHeight = (row: PlannedLine) => {
    if (row.kind === 'omissions heading')
      return ROW_GAP * 2 + OMISSIONS_TITLE_HEIGHT + row.lines.length * LINE_HEIGHT + ROW_GAP;
    const extra = row.kind === 'omitted' ? row.duplicateLines.length : 0;
    return (row.lines.length + row.fileLines.length + extra) * LINE_HEIGHT + ROW_GAP;
  };
  const headingHeight = 18 + 3 * 16 + 14;
  const continuationHeight = 16 + 12;
  const tableHeaderHeight = LINE_HEIGHT + ROW_GAP + 4;
  const pages: PlannedLine[][] = [[]];
  let room = A4.height - MARGIN_TOP - MARGIN_BOTTOM - headingHeight - tableHeaderHeight;
  for (const row of rows) {
    const height = rowHeight(row);
    if (height > room && pages[pages.length - 1]!.length > 0) {
      pages.push([]);
      room = A4.height - MARGIN_TOP - MARGIN_BOTTOM - continuationHeight - tableHeaderHeight;
    }
    pages[pages.length - 1]!.push(row);
    room -= height;
  }

  function text(
    page: PDFPage,
    value: string,
    x: number,
    y: number,
    font = fonts.regular,
    size = TEXT_SIZE,
    color = rgb(0, 0, 0),
  ) {
    page.drawText(clean(value), { x, y, size, font, color });
  }

  /** Makes a row of the index a link to where its document begins. */
  function link(bundle: PDFDocument, page: PDFPage, top: number, height: number, destination: PDFArray) {
    const annotation = bundle.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [MARGIN_X, top - height + ROW_GAP / 2, A4.width - MARGIN_X, top + ROW_GAP / 2],
      Border: [0, 0, 0],
      Dest: destination,
    });
    page.node.addAnnot(bundle.context.register(annotation));
  }

  function drawTableHeader(page: PDFPage, top: number): number {
    const y = top - TEXT_SIZE;
    for (const column of Object.values(COLUMNS)) text(page, column.label, column.x, y, fonts.bold);
    const ruleY = y - 5;
    page.drawLine({
      start: { x: MARGIN_X, y: ruleY },
      end: { x: A4.width - MARGIN_X, y: ruleY },
      thickness: 0.75,
      color: GREY,
    });
    return top - tableHeaderHeight;
  }

  return {
    pageCount: pages.length,
    draw(bundle, entries) {
      // Found before the index pages go in front of them: a page's reference stays the same when pages move.
      const destinations = entries.map((entry) => pageDestination(bundle, entry.firstPage - pages.length));
      pages.forEach((pageRows, pageIndex) => {
        const page = bundle.insertPage(pageIndex, [A4.width, A4.height]);
        let top = A4.height - MARGIN_TOP;
        if (pageIndex === 0) {
          text(page, 'Record bundle', MARGIN_X, top - 18, fonts.bold, 18);
          text(page, `Patient: ${heading.patientName}`, MARGIN_X, top - 18 - 20, fonts.regular, 11);
          text(page, `MRN: ${heading.mrn}`, MARGIN_X, top - 18 - 36, fonts.regular, 11);
          text(page, `Made on: ${heading.madeOn}`, MARGIN_X, top - 18 - 52, fonts.regular, 11);
          top -= headingHeight;
        } else {
          text(page, 'Record bundle index (continued)', MARGIN_X, top - 12, fonts.bold, 12);
          top -= continuationHeight;
        }
        top = drawTableHeader(page, top);
        for (const row of pageRows) {
          const y = top - TEXT_SIZE;
          if (row.kind === 'omissions heading') {
            const titleY = y - ROW_GAP * 2;
            text(page, OMITTED_HEADING, MARGIN_X, titleY, fonts.bold, 12);
            row.lines.forEach((line, index) =>
              text(page, line, MARGIN_X, titleY - OMISSIONS_TITLE_HEIGHT - index * LINE_HEIGHT),
            );
            top -= rowHeight(row);
            continue;
          }
          row.lines.forEach((line, index) => text(page, line, COLUMNS.document.x, y - index * LINE_HEIGHT));
          row.fileLines.forEach((line, index) =>
            text(
              page,
              line,
              COLUMNS.document.x,
              y - (row.lines.length + index) * LINE_HEIGHT,
              fonts.regular,
              TEXT_SIZE - 1,
              GREY,
            ),
          );
          if (row.kind === 'omitted') {
            const below = row.lines.length + row.fileLines.length;
            row.duplicateLines.forEach((line, index) =>
              text(page, line, COLUMNS.document.x, y - (below + index) * LINE_HEIGHT),
            );
            const date = row.omitted.document_date;
            text(page, date ? isoDateToEnGb(date) : 'Undated', COLUMNS.date.x, y);
            text(page, 'Omitted', COLUMNS.pages.x, y);
          } else {
            const entry = entries[row.number - 1]!;
            text(page, `${row.number}.`, COLUMNS.number.x, y);
            text(page, entry.documentDate ? isoDateToEnGb(entry.documentDate) : 'Undated', COLUMNS.date.x, y);
            text(page, pageRange(entry), COLUMNS.pages.x, y);
            link(bundle, page, top, rowHeight(row), destinations[row.number - 1]!);
          }
          top -= rowHeight(row);
        }
      });
    },
  };
}
