/**
 * A one-line preview of a prompt's text: runs of white space (line breaks included) become one space, and text
 * longer than `maxLength` characters is cut there and ends in an ellipsis.
 */
export function promptPreview(text: string, maxLength: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= maxLength) return oneLine;
  return `${oneLine.slice(0, maxLength).trimEnd()}…`;
}
