import { runSandboxed } from '../../platform/sandbox/runSandboxed.js';
import { MAX_PAGE_WORDS_BYTES, PAGE_COMMAND_LIMITS } from './pageCommandLimits.js';
import { roundFraction, type PageWord } from './PageWord.js';

const PAGE = /<page\s+width="([\d.]+)"\s+height="([\d.]+)"/;
const WORD =
  /<word\s+xMin="([-\d.]+)"\s+yMin="([-\d.]+)"\s+xMax="([-\d.]+)"\s+yMax="([-\d.]+)">([^<]*)<\/word>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const decode = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|apos|#(\d+)|#x([\da-f]+));/gi,
    (entity, name: string, dec?: string, hex?: string) =>
      dec
        ? String.fromCodePoint(Number(dec))
        : hex
          ? String.fromCodePoint(parseInt(hex, 16))
          : (ENTITIES[name] ?? entity),
  );

/** The words of one page of pdftotext's `-bbox-layout` output, boxes as fractions of the page. */
export function parseBboxLayout(xhtml: string): PageWord[] {
  const page = PAGE.exec(xhtml);
  if (!page) return [];
  const width = Number(page[1]);
  const height = Number(page[2]);
  const words: PageWord[] = [];
  for (const match of xhtml.matchAll(WORD)) {
    const [xMin, yMin, xMax, yMax] = match.slice(1, 5).map(Number) as [number, number, number, number];
    const text = decode(match[5]!).trim();
    if (text === '') continue;
    words.push({
      text,
      x: roundFraction(xMin / width),
      y: roundFraction(yMin / height),
      width: roundFraction((xMax - xMin) / width),
      height: roundFraction((yMax - yMin) / height),
      confidence: null,
    });
  }
  return words;
}

/** The words of page `page` of a PDF's text layer with their boxes (none for a page that has no text layer). */
export async function readTextLayerWords(
  pdftotextCommand: string,
  pdfPath: string,
  page: number,
  signal?: AbortSignal,
): Promise<PageWord[]> {
  const output = await runSandboxed(
    pdftotextCommand,
    ['-bbox-layout', '-f', String(page), '-l', String(page), pdfPath, '-'],
    { ...PAGE_COMMAND_LIMITS, signal, maxOutputBytes: MAX_PAGE_WORDS_BYTES },
  );
  return parseBboxLayout(output.toString('utf8'));
}
