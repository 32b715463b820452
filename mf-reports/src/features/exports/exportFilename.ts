/**
 * A chat or research export's file name: `{prefix}_{timestamp}.docx` (CHAT-03, RES-03), the timestamp local time as
 * YYYY-MM-DD_HH-mm-ss so names sort by date and hold no character a file system refuses.
 */
export function exportFilename(prefix: 'chat_history' | 'research_report', at: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const date = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  const time = `${two(at.getHours())}-${two(at.getMinutes())}-${two(at.getSeconds())}`;
  return `${prefix}_${date}_${time}.docx`;
}
