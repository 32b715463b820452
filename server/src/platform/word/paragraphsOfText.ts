import { Paragraph } from 'docx';

/** Text as Word paragraphs: one per non-blank line, so a pasted or written answer keeps its line breaks. */
export function paragraphsOfText(text: string): Paragraph[] {
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => new Paragraph(line));
}
