// A PDF whose pages are images of printed text, as a scanner makes them (no text layer), so that every page goes
// through OCR: pdf-lib prints the lines, pdftoppm (poppler-utils) rasterises them, pdf-lib puts the images back.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './workspace.mjs';

const { PDFDocument, StandardFonts } = createRequire(path.join(ROOT, 'server', 'package.json'))('pdf-lib');
const A4 = [595, 842];

/**
 * A printed PDF as a scanner returns it: each page rasterised by pdftoppm (greyscale, `dpi`) and put back as an
 * image, so that it has no text layer.
 * @param {Buffer} printedPdf
 * @param {number} dpi
 * @returns {Promise<Buffer>}
 */
export async function scanPrintedPdf(printedPdf, dpi) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-scan-'));
  try {
    const printedFile = path.join(workDir, 'printed.pdf');
    writeFileSync(printedFile, printedPdf);
    const scan = spawnSync(
      'pdftoppm',
      ['-r', String(dpi), '-gray', '-png', printedFile, path.join(workDir, 'scan')],
      {
        encoding: 'utf8',
      },
    );
    if (scan.status !== 0)
      throw new Error(`pdftoppm failed (apt-get install poppler-utils): ${scan.stderr ?? scan.error}`);
    const scanned = await PDFDocument.create();
    // scan-1.png ... scan-N.png, zero-padded to the same width: a plain sort keeps the page order.
    const images = readdirSync(workDir)
      .filter((name) => /^scan-\d+\.png$/.test(name))
      .sort();
    for (const name of images) {
      const image = await scanned.embedPng(readFileSync(path.join(workDir, name)));
      const size = [(image.width * 72) / dpi, (image.height * 72) / dpi];
      scanned.addPage(size).drawImage(image, { x: 0, y: 0, width: size[0], height: size[1] });
    }
    return Buffer.from(await scanned.save());
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * @param {object} options
 * @param {number} options.pages
 * @param {string} [options.label] printed on every page, so that documents made with different labels differ
 * @param {number} [options.dpi] scan resolution (default 200)
 * @returns {Promise<Buffer>}
 */
export async function buildScannedPdf({ pages, label = 'Clinical record', dpi = 200 }) {
  const printed = await PDFDocument.create();
  const font = await printed.embedFont(StandardFonts.TimesRoman);
  for (let number = 1; number <= pages; number += 1) {
    const lines = [
      `${label}, page ${number} of ${pages}`,
      `The claimant attended clinic on day ${number * 3} after the collision.`,
      'Examination showed tenderness over the medial joint line of the right knee.',
      `Physiotherapy session ${number} was completed and the range of movement improved.`,
      'The prognosis remains guarded and a further review is planned.',
    ];
    const page = printed.addPage(A4);
    lines.forEach((line, index) => page.drawText(line, { x: 56, y: 780 - index * 20, size: 13, font }));
  }
  return scanPrintedPdf(Buffer.from(await printed.save()), dpi);
}
