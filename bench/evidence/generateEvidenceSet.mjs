#!/usr/bin/env node
// The labelled evaluation set of `pnpm bench:chronology` and `pnpm bench:answers`: reads the hand-written documents
// of bench/evidence/documents (text with each dated clinical fact marked where it is written), writes the labels
// (bench/evidence/labels.json, checked in so that a change of a label shows in review) and renders each document in
// the format its header names: a PDF with a text layer, a scanned PDF (pages printed, rasterised by pdftoppm and put
// back as images: no text layer), a Word document, or a plain text file.
//
// A document's source:
//   format: pdf | scan | docx | txt
//   title: what the document is
//   author: the clinician who wrote it (the default clinician of its facts), or "none"
//   copy-of: NN (optional: the same letter again, another copy in the bundle; its text is taken from NN)
//   ---
//   the text; a line "=== page ===" starts a new page.
// A fact is marked where its date is written: [[20/01/2023|2023-01-20|consultation]], with options after further
// bars: "planned" (care that has not happened yet), "by=Dr Name" (a clinician other than the author; "by=" for
// none), "flag" (a date whose day and month cannot be told apart by the document: the truth is given, and the
// product should show it flagged), "unread" (a date no reading can make real: the product should list it as an
// unread date; the iso is "-"). A date text starting with "=" marks a fact dated by a date written elsewhere on the
// page (a letter whose only date is its letterhead): the mark adds no text. A line "@author Dr Name" sets the author of the facts after it (GP record entries).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { scanPrintedPdf } from '../../scripts/lib/buildScannedPdf.mjs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const requireFromServer = createRequire(path.join(ROOT, 'server', 'package.json'));

export const SOURCE_DIR = path.join(HERE, 'documents');
export const LABELS_FILE = path.join(HERE, 'labels.json');
export const QUESTIONS_FILE = path.join(HERE, 'questions.json');

const FORMATS = ['pdf', 'scan', 'docx', 'txt'];
/** The labels' kinds: the product's kinds (the contract's CHRONOLOGY_EVENT_KINDS), listed here so that the set
 * is read without building the contract. */
const KINDS = [
  'consultation',
  'emergency attendance',
  'missed appointment',
  'referral',
  'imaging',
  'operation',
  'admission',
  'discharge',
  'prescription',
  'therapy',
  'test result',
  'correspondence',
  'other',
];
const MARK = /\[\[([^\]|]+)\|([^\]|]+)\|([^\]|]+)((?:\|[^\]|]*)*)\]\]/g;
const PAGE_BREAK = /^=== page ===$/m;

/** The sentence around a fact's date on its page: what a reader would quote. */
function sentenceAt(text, start, end) {
  let from = start;
  while (from > 0 && !/[.!?\n]/.test(text[from - 1])) from -= 1;
  let to = end;
  while (to < text.length && !/[.!?\n]/.test(text[to])) to += 1;
  return text
    .slice(from, to + 1)
    .replace(/\s+/g, ' ')
    .trim();
}

function parseHeader(raw, file) {
  const [head, ...rest] = raw.split(/^---$/m);
  const header = {};
  for (const line of head.split('\n')) {
    const match = /^([a-z-]+):\s*(.*)$/.exec(line.trim());
    if (match) header[match[1]] = match[2].trim();
  }
  if (!FORMATS.includes(header.format))
    throw new Error(`${file}: format must be one of ${FORMATS.join(', ')}`);
  return { header, body: rest.join('---').replace(/^\n/, '') };
}

/** One document's pages (plain text) and facts, read from its marked source. */
function readDocumentSource(id, body, defaultAuthor) {
  let author = defaultAuthor;
  const pages = [];
  const facts = [];
  for (const [index, pageSource] of body.split(PAGE_BREAK).entries()) {
    let text = '';
    for (const line of pageSource.replace(/^\n+|\n+$/g, '').split('\n')) {
      const directive = /^@author\s+(.*)$/.exec(line);
      if (directive) {
        author = directive[1].trim() === 'none' ? null : directive[1].trim();
        continue;
      }
      let plain = '';
      let last = 0;
      for (const match of line.matchAll(MARK)) {
        plain += line.slice(last, match.index);
        const [, dateText, iso, kind, optionText] = match;
        const options = optionText.split('|').filter(Boolean);
        const by = options.find((option) => option.startsWith('by='));
        const unread = options.includes('unread');
        if (!unread && !/^\d{4}-\d{2}-\d{2}$/.test(iso)) throw new Error(`document ${id}: bad date ${iso}`);
        if (!unread && !KINDS.includes(kind)) throw new Error(`document ${id}: unknown kind ${kind}`);
        const datedElsewhere = dateText.startsWith('=');
        facts.push({
          document: id,
          page: index + 1,
          dateText: datedElsewhere ? dateText.slice(1) : dateText,
          datedElsewhere,
          iso: unread ? null : iso,
          kind: unread ? null : kind,
          clinician: by ? by.slice(3).trim() || null : author,
          planned: options.includes('planned'),
          ambiguous: options.includes('flag'),
          unread,
          start: text.length + plain.length,
          end: text.length + plain.length + (datedElsewhere ? 0 : dateText.length),
        });
        if (!dateText.startsWith('=')) plain += dateText;
        last = match.index + match[0].length;
      }
      text += `${plain}${line.slice(last)}\n`;
    }
    pages.push(text.trimEnd());
  }
  for (const fact of facts) {
    fact.sentence = sentenceAt(pages[fact.page - 1], fact.start, fact.end);
    delete fact.start;
    delete fact.end;
  }
  return { pages, facts };
}

/** Every document of the set, in order, with its pages and labelled facts. */
export function readEvidenceSet() {
  const files = readdirSync(SOURCE_DIR)
    .filter((name) => /^\d{2}-.+\.txt$/.test(name))
    .sort();
  const sources = new Map();
  for (const file of files) {
    const id = file.slice(0, 2);
    sources.set(id, { file, ...parseHeader(readFileSync(path.join(SOURCE_DIR, file), 'utf8'), file) });
  }
  return [...sources.entries()].map(([id, { file, header, body }]) => {
    const copyOf = header['copy-of'] ?? null;
    const source = copyOf ? sources.get(copyOf) : null;
    if (copyOf && !source) throw new Error(`${file}: copy-of ${copyOf} is not a document`);
    const author = (source ? source.header.author : header.author) ?? 'none';
    const read = readDocumentSource(id, source ? source.body : body, author === 'none' ? null : author);
    const extension = header.format === 'scan' ? 'pdf' : header.format;
    return {
      id,
      filename: `${file.replace(/\.txt$/, '')}.${extension}`,
      format: header.format,
      fileType: extension,
      title: header.title ?? '',
      copyOf,
      pages: read.pages,
      facts: read.facts,
    };
  });
}

const A4 = [595, 842];
const MARGIN = 50;

/** Lines of at most `width` points in `font` at `size`, words kept whole. */
function wrap(text, font, size, width) {
  const lines = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/(\s+)/)) {
      const next = line + word;
      if (line.trim() !== '' && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line.trimEnd());
        line = word.trimStart();
      } else line = next;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** A PDF with a text layer, one page per source page (the font shrinks until a long page fits). */
async function printPdf(pages) {
  const { PDFDocument, StandardFonts } = requireFromServer('pdf-lib');
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    let size = 10.5;
    let lines = wrap(text, font, size, A4[0] - 2 * MARGIN);
    while (lines.length * size * 1.35 > A4[1] - 2 * MARGIN && size > 6) {
      size -= 0.5;
      lines = wrap(text, font, size, A4[0] - 2 * MARGIN);
    }
    const page = pdf.addPage(A4);
    lines.forEach((line, index) =>
      page.drawText(line, { x: MARGIN, y: A4[1] - MARGIN - (index + 1) * size * 1.35, size, font }),
    );
  }
  return Buffer.from(await pdf.save());
}

/** The printed pages as a scanner returns them: images only, no text layer. */
async function scanPdf(pages, dpi = 200) {
  return scanPrintedPdf(await printPdf(pages), dpi);
}

/** A Word document, an explicit page break between pages. */
async function writeDocx(pages) {
  const { Document, Packer, Paragraph, TextRun, PageBreak } = requireFromServer('docx');
  const children = [];
  pages.forEach((text, index) => {
    const lines = text.split('\n');
    lines.forEach((line, lineIndex) => {
      const runs = [new TextRun(line)];
      if (index < pages.length - 1 && lineIndex === lines.length - 1) runs.push(new PageBreak());
      children.push(new Paragraph({ children: runs }));
    });
  });
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

/** Writes the labels and renders every document into `outputDir`; resolves with the set. */
export async function generateEvidenceSet(outputDir) {
  const documents = readEvidenceSet();
  const facts = documents.flatMap((document) => document.facts);
  writeFileSync(
    LABELS_FILE,
    `${JSON.stringify(
      {
        about:
          'Written by generateEvidenceSet.mjs from the marks in documents/*.txt: one entry per dated clinical fact ' +
          'as a reader of the letter takes it (date, kind, author, document, page). Do not edit: edit the marks.',
        documents: documents.map(({ id, filename, format, title, copyOf, pages, facts: own }) => ({
          id,
          filename,
          format,
          title,
          copyOf,
          pages: pages.length,
          facts: own.length,
        })),
        facts,
      },
      null,
      2,
    )}\n`,
  );
  mkdirSync(outputDir, { recursive: true });
  for (const document of documents) {
    const file = path.join(outputDir, document.filename);
    if (document.format === 'pdf') writeFileSync(file, await printPdf(document.pages));
    else if (document.format === 'scan') writeFileSync(file, await scanPdf(document.pages));
    else if (document.format === 'docx') writeFileSync(file, await writeDocx(document.pages));
    else writeFileSync(file, `${document.pages.join('\n\f')}\n`);
  }
  return documents;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outputDir = process.argv[2] ?? path.join(ROOT, 'bench-results', 'evidence-set');
  generateEvidenceSet(outputDir)
    .then((documents) => {
      const pages = documents.reduce((sum, document) => sum + document.pages.length, 0);
      const facts = documents.reduce((sum, document) => sum + document.facts.length, 0);
      console.info(`${documents.length} documents, ${pages} pages, ${facts} labelled facts -> ${outputDir}`);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
