import { runSandboxed } from '../../platform/sandbox/runSandboxed.js';
import { MAX_PAGE_IMAGE_BYTES, PAGE_COMMAND_LIMITS } from './pageCommandLimits.js';

export interface PageImage {
  png: Buffer;
  width: number;
  height: number;
}

/** The pixel size a PNG's header gives (its first chunk is always IHDR). */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('pdftoppm did not produce a PNG image');
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Draws page `page` of a PDF as a PNG at `dpi` with pdftoppm, as the page looks (in colour, /Rotate applied). */
export async function renderPageImage(
  pdftoppmCommand: string,
  pdfPath: string,
  page: number,
  dpi: number,
): Promise<PageImage> {
  const png = await runSandboxed(
    pdftoppmCommand,
    ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), pdfPath],
    { ...PAGE_COMMAND_LIMITS, maxOutputBytes: MAX_PAGE_IMAGE_BYTES },
  );
  return { png, ...pngSize(png) };
}
