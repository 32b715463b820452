/** An 8-bit greyscale image as pdftoppm writes it with `-gray` (binary PGM, "P5"). */
export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, row by row: 0 black, 255 white. */
  pixels: Uint8Array;
}

/** Reads a binary PGM (P5, maxval 255): the header's four fields separated by whitespace, then the pixels. */
export function parseGrayImage(data: Buffer): GrayImage {
  const fields: string[] = [];
  let position = 0;
  while (fields.length < 4 && position < data.length) {
    while (position < data.length && /\s/.test(String.fromCharCode(data[position]!))) position += 1;
    if (data[position] === 0x23) {
      // A comment runs to the end of its line.
      while (position < data.length && data[position] !== 0x0a) position += 1;
      continue;
    }
    const start = position;
    while (position < data.length && !/\s/.test(String.fromCharCode(data[position]!))) position += 1;
    fields.push(data.toString('latin1', start, position));
  }
  const [magic, width, height, maxValue] = [
    fields[0],
    Number(fields[1]),
    Number(fields[2]),
    Number(fields[3]),
  ];
  if (magic !== 'P5' || !(width > 0) || !(height > 0) || maxValue !== 255) {
    throw new Error('pdftoppm did not produce an 8-bit greyscale image');
  }
  // Exactly one whitespace byte separates the header from the pixels.
  const pixels = data.subarray(position + 1, position + 1 + width * height);
  if (pixels.length !== width * height) throw new Error('pdftoppm produced a truncated image');
  return { width, height, pixels };
}

/** Pixels darker than the page's own background by this much are ink (grey paper is not ink). */
const INK_CONTRAST = 64;
/** Every n-th pixel of every n-th row is looked at: specks and text lines are far wider than that. */
const SAMPLE_STRIDE = 3;

/**
 * The share of the page (0–1) covered by ink: pixels clearly darker than the page's most common shade, which is
 * taken as the paper. A blank page has almost none, whatever its paper colour.
 */
export function inkCoverage(image: GrayImage): number {
  const histogram = new Uint32Array(256);
  let sampled = 0;
  for (let y = 0; y < image.height; y += SAMPLE_STRIDE) {
    const row = y * image.width;
    for (let x = 0; x < image.width; x += SAMPLE_STRIDE) {
      histogram[image.pixels[row + x]!]! += 1;
      sampled += 1;
    }
  }
  let paper = 0;
  for (let shade = 1; shade < 256; shade += 1) if (histogram[shade]! > histogram[paper]!) paper = shade;
  let ink = 0;
  for (let shade = 0; shade <= paper - INK_CONTRAST; shade += 1) ink += histogram[shade]!;
  return sampled === 0 ? 0 : ink / sampled;
}
