import { inkCoverage, parseGrayImage } from './grayImage.js';
import { parseTesseractTsv } from './parseTesseractTsv.js';
import { runSandboxed } from '../../../platform/sandbox/runSandboxed.js';
import type { PageWord } from '../../page-views/PageWord.js';
import { readTesseractWordBoxes } from './readTesseractWordBoxes.js';

/** Pages are rasterised at the resolution tesseract reads best (and scans are usually made at). */
const RASTER_DPI = 300;
/** Less ink than this share of the page: blank (a few specks of dust are not a page's content). */
const BLANK_INK_COVERAGE = 0.0005;
/**
 * One page takes about a second to draw or read; a page that takes longer than this is stuck. Its drawing is bounded
 * too: an A4 page at 300 dpi is 9 MB of grey, and a page declaring an absurd size is unreadable, not a server's
 * worth of memory.
 */
const PAGE_LIMITS = { timeoutMs: 120_000, cpuSeconds: 120, memoryMb: 1024, background: true } as const;
const MAX_RASTER_BYTES = 128 * 1024 * 1024;
const MAX_TSV_BYTES = 16 * 1024 * 1024;
/** OpenMP threads inside one tesseract gain almost nothing here: the parallelism is one process per core. */
const ONE_THREAD = { OMP_THREAD_LIMIT: '1' };

/**
 * One page's OCR: its text, mean word confidence and the words' boxes (for the page view; null for a page read
 * before boxes were kept), "blank", or "unreadable" with the reason.
 */
export type PageOcrResult =
  | { status: 'read'; text: string; confidence: number; words: number; boxes: PageWord[] | null }
  | { status: 'blank' }
  | { status: 'unreadable'; reason: string };

export interface OcrCommands {
  tesseractCommand: string;
  pdftoppmCommand: string;
}

/**
 * Rasterises one page of a PDF with pdftoppm (greyscale, to standard output) and reads it with tesseract from
 * standard input. Page segmentation mode 1 detects the page's orientation and script first and turns the page
 * before recognising it (a page scanned sideways or upside down reads as well as an upright one; mode 3 misreads
 * pages turned 180° or 270°), in the same process, which costs ~0.3 s instead of the ~0.7 s of a separate
 * orientation pass. A page with next to no ink is blank without running tesseract at all.
 */
export async function readPageByOcr(
  commands: OcrCommands,
  pdfPath: string,
  page: number,
  signal?: AbortSignal,
): Promise<PageOcrResult> {
  const raster = await runSandboxed(
    commands.pdftoppmCommand,
    ['-r', String(RASTER_DPI), '-gray', '-f', String(page), '-l', String(page), pdfPath],
    { ...PAGE_LIMITS, signal, maxOutputBytes: MAX_RASTER_BYTES },
  );
  const image = parseGrayImage(raster);
  if (inkCoverage(image) < BLANK_INK_COVERAGE) return { status: 'blank' };
  let tsv: Buffer;
  try {
    tsv = await runSandboxed(
      commands.tesseractCommand,
      ['stdin', 'stdout', '--dpi', String(RASTER_DPI), '--psm', '1', '-l', 'eng', 'tsv'],
      { ...PAGE_LIMITS, env: ONE_THREAD, input: raster, signal, maxOutputBytes: MAX_TSV_BYTES },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 'unreadable', reason: (error as Error).message };
  }
  const recognised = parseTesseractTsv(tsv.toString('utf8'));
  if (recognised.confidence === null || recognised.text.trim() === '') {
    return { status: 'unreadable', reason: 'no words were recognised' };
  }
  return {
    status: 'read',
    text: recognised.text,
    confidence: recognised.confidence,
    words: recognised.words,
    boxes: readTesseractWordBoxes(tsv.toString('utf8'), image.width, image.height),
  };
}
