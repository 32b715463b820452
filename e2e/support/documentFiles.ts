// Real records for the document flows, made the way a clinic's systems make them: a PDF with a text layer on every
// page (pdf-lib), a scanned PDF with page images only, and a plain-text note.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const run = promisify(execFile);

export interface RecordFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A PDF whose page N carries `pageTexts[N - 1]` as its text layer. */
export async function textPdf(name: string, pageTexts: readonly string[]): Promise<RecordFile> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pageTexts) pdf.addPage().drawText(text, { x: 48, y: 720, size: 11, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

export function textFile(name: string, text: string): RecordFile {
  return { name, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') };
}

/**
 * A scanned record: each page's text printed, rasterised at 300 dpi by pdftoppm as a scanner would, and put back
 * into a PDF that holds only the page images, with no text layer.
 */
export async function scannedPdf(name: string, pageTexts: readonly string[]): Promise<RecordFile> {
  const printed = await textPdf(name, pageTexts);
  const work = await mkdtemp(path.join(os.tmpdir(), 'e2e-scan-'));
  try {
    await writeFile(path.join(work, 'printed.pdf'), printed.buffer);
    await run('pdftoppm', [
      '-r',
      '300',
      '-gray',
      '-png',
      path.join(work, 'printed.pdf'),
      path.join(work, 'page'),
    ]);
    const scan = await PDFDocument.create();
    const images = (await readdir(work)).filter((file) => file.endsWith('.png')).sort();
    for (const image of images) {
      const png = await scan.embedPng(await readFile(path.join(work, image)));
      scan.addPage([595, 842]).drawImage(png, { x: 0, y: 0, width: 595, height: 842 });
    }
    return { name, mimeType: 'application/pdf', buffer: Buffer.from(await scan.save()) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export const WORD_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * A Word document as an expert's word processor saves one: the paragraphs written to a text file and saved as .docx
 * by LibreOffice (its own profile, so runs never collide).
 */
export async function wordDocument(name: string, paragraphs: readonly string[]): Promise<RecordFile> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'e2e-docx-'));
  try {
    const source = path.join(work, `${path.parse(name).name}.txt`);
    await writeFile(source, `${paragraphs.join('\n\n')}\n`, 'utf8');
    await run(
      'soffice',
      [
        `-env:UserInstallation=file://${path.join(work, 'profile')}`,
        '--headless',
        '--convert-to',
        'docx:MS Word 2007 XML',
        '--outdir',
        work,
        source,
      ],
      { timeout: 120_000 },
    );
    const buffer = await readFile(path.join(work, `${path.parse(name).name}.docx`));
    return { name, mimeType: WORD_MIME_TYPE, buffer };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
