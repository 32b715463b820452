const pad = (value: number) => String(value).padStart(2, '0');

const enGbDate = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });
const enGbDateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** dd/mm/yyyy, the date a person reads (PROD-05: dates in en-GB). */
export const formatEnGbDay = (at: Date) => enGbDate.format(at);

/** dd/mm/yyyy, HH:mm. */
export const formatEnGbDateTime = (at: Date) => enGbDateTime.format(at);

/** HH:mm, 24-hour. */
export const formatClockTime = (at: Date) => `${pad(at.getHours())}:${pad(at.getMinutes())}`;

/** YYYY-MM-DD in the server's time zone, the date in a file name (sorts by date). */
export const fileNameDay = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

/** YYYY-MM-DD_HH-mm-ss in the server's time zone, the moment in an export's file name (sorts, and has no colons). */
export const fileNameTimestamp = (at: Date) =>
  `${fileNameDay(at)}_${pad(at.getHours())}-${pad(at.getMinutes())}-${pad(at.getSeconds())}`;

/** A name part made of safe characters only: accents dropped, anything but letters, digits and '-' as '_'. */
export function safeNamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** `<FirstName>_<Surname>_conversation_<YYYY-MM-DD>.docx`. */
export function patientConversationFileName(firstName: string, surname: string, at: Date): string {
  const name = [safeNamePart(firstName), safeNamePart(surname)].filter(Boolean).join('_') || 'patient';
  return `${name}_conversation_${fileNameDay(at)}.docx`;
}

/** `<user name>_opinion_conversation_<YYYY-MM-DD>.docx`. */
export function opinionConversationFileName(userName: string, at: Date): string {
  return `${safeNamePart(userName) || 'user'}_opinion_conversation_${fileNameDay(at)}.docx`;
}

/** `Conversation <YYYY-MM-DD HH-mm>.txt`: the document a saved conversation becomes. */
export function savedConversationFileName(at: Date): string {
  return `Conversation ${fileNameDay(at)} ${pad(at.getHours())}-${pad(at.getMinutes())}.txt`;
}
