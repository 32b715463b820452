/**
 * One word on a page and where it is drawn, as fractions of the page's width and height from its top left corner,
 * so the same box fits the page drawn at any resolution. `confidence` is OCR's (0–100) for a word read from a scan,
 * null for a word of the page's own text layer.
 */
export interface PageWord {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  confidence: number | null;
}

/** Fractions kept to six places: far finer than a pixel at any viewer resolution, and a small stored row. */
export const roundFraction = (value: number) => Math.round(value * 1e6) / 1e6;
