// Scanned PDFs made in the test: known text printed on a page, rasterised by pdftoppm as a scanner would, and put
// back into a PDF that holds only the page images (pdf-lib cannot rasterise; no extra package is needed).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { degrees, PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

const run = promisify(execFile);

export interface ScannedPage {
  /** The printed lines (none: a blank page). */
  lines: readonly string[];
  /** How the page was scanned: upright at 300 dpi (default), turned 90°, or a noisy 150 dpi fax. */
  scan?: 'upright' | 'sideways' | 'noisy-fax';
  /** A typed line in the PDF's text layer over the scanned image: a mixed page. */
  textLayer?: string;
}

const A4: [number, number] = [595, 842];
const FONT_SIZE = 12;
const LINE_HEIGHT = 18;

function printLines(page: PDFPage, font: PDFFont, lines: readonly string[], top: number): void {
  let y = top;
  for (const line of lines) {
    page.drawText(line, { x: 56, y, size: FONT_SIZE, font });
    y -= LINE_HEIGHT;
  }
}

/** Specks of toner and dust at fixed pseudo-random places (the same every run). */
function sprinkleNoise(page: PDFPage): void {
  let seed = 20_251_124;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let speck = 0; speck < 3000; speck += 1) {
    page.drawCircle({ x: random() * A4[0], y: random() * A4[1], size: 0.3 + random() * 0.5 });
  }
}

/** The printed page as a PNG, the way a scanner at `dpi` would see it. */
async function rasterise(
  page: ScannedPage,
  workDir: string,
  index: number,
): Promise<{ png: Buffer; dpi: number }> {
  const printed = await PDFDocument.create();
  const font = await printed.embedFont(StandardFonts.TimesRoman);
  const sheet = printed.addPage(A4);
  printLines(sheet, font, page.lines, page.textLayer ? 720 : 780);
  if (page.scan === 'noisy-fax') sprinkleNoise(sheet);
  // pdftoppm honours /Rotate: the image comes out turned, as a page fed into the scanner sideways.
  if (page.scan === 'sideways') sheet.setRotation(degrees(90));
  const source = path.join(workDir, `printed-${index}.pdf`);
  await writeFile(source, await printed.save());
  const dpi = page.scan === 'noisy-fax' ? 150 : 300;
  const root = path.join(workDir, `scan-${index}`);
  await run('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-singlefile', source, root]);
  return { png: await readFile(`${root}.png`), dpi };
}

/** A PDF of scanned pages: each page is one image (no text layer), except the typed line of a mixed page. */
export async function buildScannedPdf(pages: readonly ScannedPage[]): Promise<Buffer> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'ewrt-scan-'));
  try {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const [index, spec] of pages.entries()) {
      const { png, dpi } = await rasterise(spec, workDir, index);
      const image = await pdf.embedPng(png);
      const size: [number, number] = [(image.width * 72) / dpi, (image.height * 72) / dpi];
      const page = pdf.addPage(size);
      page.drawImage(image, { x: 0, y: 0, width: size[0], height: size[1] });
      if (spec.textLayer) page.drawText(spec.textLayer, { x: 56, y: 790, size: FONT_SIZE, font });
    }
    return Buffer.from(await pdf.save());
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The words of a text as the accuracy check compares them: lower case, letters and digits only. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
