import { degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

const TEXT_SIZE = 9;
const PADDING_X = 6;
const PADDING_Y = 3;
/** From the page's visible bottom edge to the bottom of the box. */
const BOTTOM_MARGIN = 12;

/** Turns (u, v) of the upright frame a reader sees into page space, for a page shown turned by `angle` degrees. */
function rotate(u: number, v: number, angle: number): [number, number] {
  const radians = (angle * Math.PI) / 180;
  return [u * Math.cos(radians) - v * Math.sin(radians), u * Math.sin(radians) + v * Math.cos(radians)];
}

/**
 * Writes "Page N" at the bottom centre of the page as a reader sees it, on a small white box so that the number
 * stays readable over a scan's dark margin. A page with a /Rotate is shown turned clockwise: the number is drawn
 * turned the other way, at the edge that ends up at the bottom, so every page of the bundle shows it in the same
 * place and upright. The visible area is the crop box (the media box unless the page narrows it).
 */
export function stampPageNumber(page: PDFPage, pageNumber: number, font: PDFFont): void {
  const label = `Page ${pageNumber}`;
  const box = page.getCropBox();
  const angle = ((page.getRotation().angle % 360) + 360) % 360;
  const textWidth = font.widthOfTextAtSize(label, TEXT_SIZE);
  const textHeight = font.heightAtSize(TEXT_SIZE, { descender: false });
  const boxWidth = textWidth + 2 * PADDING_X;
  const boxHeight = textHeight + 2 * PADDING_Y;
  // The box's centre, at the visible bottom edge's middle, in page space.
  const inset = BOTTOM_MARGIN + boxHeight / 2;
  const centres: Record<number, [number, number]> = {
    0: [box.x + box.width / 2, box.y + inset],
    90: [box.x + box.width - inset, box.y + box.height / 2],
    180: [box.x + box.width / 2, box.y + box.height - inset],
    270: [box.x + inset, box.y + box.height / 2],
  };
  const [centreX, centreY] = centres[angle] ?? centres[0]!;
  const turn = angle in centres ? angle : 0;
  const [boxDx, boxDy] = rotate(-boxWidth / 2, -boxHeight / 2, turn);
  page.drawRectangle({
    x: centreX + boxDx,
    y: centreY + boxDy,
    width: boxWidth,
    height: boxHeight,
    color: rgb(1, 1, 1),
    rotate: degrees(turn),
  });
  const [textDx, textDy] = rotate(-textWidth / 2, -boxHeight / 2 + PADDING_Y, turn);
  page.drawText(label, {
    x: centreX + textDx,
    y: centreY + textDy,
    size: TEXT_SIZE,
    font,
    color: rgb(0, 0, 0),
    rotate: degrees(turn),
  });
}
