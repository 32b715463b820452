import type { Migration } from './Migration.js';

/**
 * The page view and the bundle's descriptions.
 *
 * `document_page_ocr.word_boxes` keeps tesseract's own word boxes of a page read by OCR (as fractions of the page,
 * with each word's confidence), so a cited passage can be marked on the page image without reading the page again.
 * `document_page_words` keeps the words of a page's text layer (from pdftotext) once a page is first viewed.
 * `document_page_images` caches each page drawn at a viewer resolution in the file store, and
 * `document_printouts` the PDF that LibreOffice printed a Word file to (the pages a Word file's citations name):
 * their files are removed with the document. `bundle_descriptions` holds the description an expert gave a document
 * for the bundle's index, in place of the one read from the document.
 */
export const m017PageViews: Migration = {
  version: 17,
  name: 'page views',
  sql: `
ALTER TABLE document_page_ocr ADD COLUMN word_boxes jsonb;

CREATE TABLE document_page_words (
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  page integer NOT NULL CHECK (page >= 1),
  words jsonb NOT NULL,
  PRIMARY KEY (document_id, page)
);

CREATE TABLE document_page_images (
  document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  page integer NOT NULL CHECK (page >= 1),
  dpi integer NOT NULL,
  storage_key text NOT NULL UNIQUE,
  width integer NOT NULL,
  height integer NOT NULL,
  PRIMARY KEY (document_id, page, dpi)
);

CREATE TABLE document_printouts (
  document_id integer PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE
);

CREATE TABLE bundle_descriptions (
  document_id integer PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
  description text NOT NULL,
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE record_bundle_documents ADD COLUMN description text;
`,
};
