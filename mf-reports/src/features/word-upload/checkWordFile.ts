import { AUTHORING_DOCX_MAX_BYTES } from '@ewrt/contract/limits';

/** What a Word file is chosen for; each names itself in the refusal of a file that is not .docx. */
export type WordFilePurpose = 'example-document' | 'report-template';

/** The file picker's accept list: the style document and report templates are .docx only (TPL-04, TPL-05). */
export const WORD_FILE_ACCEPT = '.docx';

/** The refusals of TPL-04, TPL-05, verbatim. */
export const WORD_FILE_MESSAGES = {
  notDocx: {
    'example-document': 'Only .docx files are allowed for example documents',
    'report-template': 'Only .docx files are allowed for report templates',
  },
  tooLarge: 'File size exceeds 50MB limit',
} as const satisfies {
  notDocx: Record<WordFilePurpose, string>;
  tooLarge: string;
};

/**
 * Why a chosen file cannot be sent, or null when it can: a .docx name (any letter case) of at most 50 MB. Only
 * the name is checked here; the server reads the content and refuses a renamed file with its own message.
 */
export function checkWordFile(file: Pick<File, 'name' | 'size'>, purpose: WordFilePurpose): string | null {
  if (!/\.docx$/i.test(file.name.trim())) return WORD_FILE_MESSAGES.notDocx[purpose];
  if (file.size > AUTHORING_DOCX_MAX_BYTES) return WORD_FILE_MESSAGES.tooLarge;
  return null;
}
