import { fileNameDay, safeNamePart } from '../conversations/conversationNames.js';

/** `<FirstName>_<Surname>_record_review_<YYYY-MM-DD>.docx`. */
export function recordReviewFileName(firstName: string, surname: string, at: Date): string {
  const name = [safeNamePart(firstName), safeNamePart(surname)].filter(Boolean).join('_') || 'patient';
  return `${name}_record_review_${fileNameDay(at)}.docx`;
}
