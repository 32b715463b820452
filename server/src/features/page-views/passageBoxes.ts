import { roundFraction } from './PageWord.js';
import type { PlacedWord } from './alignWordsToText.js';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Two words are on one line when their vertical middles are closer than half the taller one's height. */
const sameLine = (a: Box, b: Box) =>
  Math.abs(a.y + a.height / 2 - (b.y + b.height / 2)) < Math.max(a.height, b.height) / 2;

/**
 * The rectangles that mark the text from `start` to `end` on the page: the boxes of the words matched to it, joined
 * into one rectangle per run of words on the same line.
 */
export function passageBoxes(words: readonly PlacedWord[], start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (const word of words) {
    if (word.start === null || word.end === null || word.end <= start || word.start >= end) continue;
    const last = boxes.at(-1);
    if (last && sameLine(last, word) && word.x >= last.x) {
      const right = Math.max(last.x + last.width, word.x + word.width);
      const top = Math.min(last.y, word.y);
      const bottom = Math.max(last.y + last.height, word.y + word.height);
      Object.assign(last, { y: top, width: right - last.x, height: bottom - top });
    } else {
      boxes.push({ x: word.x, y: word.y, width: word.width, height: word.height });
    }
  }
  return boxes.map((box) => ({
    x: roundFraction(box.x),
    y: roundFraction(box.y),
    width: roundFraction(box.width),
    height: roundFraction(box.height),
  }));
}
