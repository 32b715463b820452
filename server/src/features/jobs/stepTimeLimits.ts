/**
 * How long each long-running step of a background job may run: a fixed allowance plus a share per unit of its
 * input, generous enough for the largest upload the spec allows on this hardware, yet finite, so a file built to
 * make a step run for ever fails with a plain message instead of holding a job slot.
 */
export const STEP_TIME_LIMITS = {
  /** Reading a document's pages (PDF text, Word layout by LibreOffice), per MB of the stored file. */
  documentExtraction: { baseMs: 60_000, perUnitMs: 20_000 },
  /** OCR, per scanned page to read. */
  documentOcr: { baseMs: 60_000, perUnitMs: 60_000 },
  /** Chunking and writing the index (with embeddings when configured), per page. */
  documentIndex: { baseMs: 60_000, perUnitMs: 2_000 },
  /** Speech recognition of an uploaded recording, per MB of audio (1 MB is about a minute of MP3). */
  audioRecognition: { baseMs: 120_000, perUnitMs: 180_000 },
  /** Rendering a bundle's documents to PDF pages, per document. */
  bundleRendering: { baseMs: 60_000, perUnitMs: 120_000 },
  /** Copying, numbering and saving a bundle's pages, per page. */
  bundlePages: { baseMs: 60_000, perUnitMs: 500 },
} as const;

export type StepTimeLimitKind = keyof typeof STEP_TIME_LIMITS;

/** The time limit of a step of this kind over `units` of input (MB, pages, documents: see STEP_TIME_LIMITS). */
export function stepTimeLimitMs(kind: StepTimeLimitKind, units: number): number {
  const { baseMs, perUnitMs } = STEP_TIME_LIMITS[kind];
  return Math.round(baseMs + perUnitMs * (Number.isFinite(units) && units > 0 ? units : 0));
}
