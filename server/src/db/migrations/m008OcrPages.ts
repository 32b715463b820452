import type { Migration } from './Migration.js';

/**
 * OCR of scanned PDF pages. `document_page_ocr` keeps what OCR made of each page of a document (its text, mean
 * word confidence, or that it was blank or unreadable): a row per page, written as each page is read, is the
 * processing job's checkpoint (a server killed in the middle of a 300-page scan resumes at the next page, without
 * rewriting the pages already read into one growing JSON checkpoint each page), and a rebuild of the index reuses
 * it instead of reading every page again (a stored file never changes). Pages that could not be read because OCR
 * was not available have no row, so a later rebuild reads them once it is.
 *
 * The documents row keeps the outcome the document list shows: the pages read by OCR, their mean confidence, the
 * pages below the confidence threshold, the blank pages and the pages nothing could read.
 */
export const m008OcrPages: Migration = {
  version: 8,
  name: 'ocr pages',
  sql: `
CREATE TABLE document_page_ocr (
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  page integer NOT NULL CHECK (page >= 1),
  status text NOT NULL CHECK (status IN ('read', 'blank', 'unreadable')),
  text text NOT NULL DEFAULT '',
  confidence real,
  words integer NOT NULL DEFAULT 0,
  reason text,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, page)
);

ALTER TABLE documents
  ADD COLUMN ocr_pages integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN ocr_confidence real,
  ADD COLUMN low_confidence_pages integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN unreadable_pages integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN blank_pages integer[] NOT NULL DEFAULT '{}';
`,
};
