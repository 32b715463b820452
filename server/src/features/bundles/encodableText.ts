import type { PDFFont } from 'pdf-lib';

const TAB = '    ';

/**
 * A cleaner for text drawn in one of the PDF standard fonts: they cover Windows-1252 only, and drawing anything
 * else throws. Tabs become spaces, carriage returns go, line breaks stay, and any other character the font lacks becomes "?", so a
 * document with a stray symbol still renders.
 */
export function encodableText(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  return (text) =>
    Array.from(text.replace(/\t/g, TAB).replace(/\r/g, ''), (character) =>
      character === '\n' || supported.has(character.codePointAt(0)!) ? character : '?',
    ).join('');
}
