import { DOCUMENT_FILENAME_MAX_LENGTH, isCleanName } from '@ewrt/contract';

export const UPLOADED_FILE_NAME_MESSAGES = {
  tooLong: `The file name is too long (at most ${DOCUMENT_FILENAME_MAX_LENGTH} characters)`,
  hiddenCharacters:
    'The file name contains invisible or text-direction characters (such as a zero-width space or a ' +
    'right-to-left override) that can disguise what it is: rename the file and upload it again',
} as const;

/**
 * What is wrong with the name of an uploaded file, or null: the one rule every upload applies. A name is shown in
 * lists, job titles, log lines and download headers, so it must read as what it is: no control characters, no
 * invisible ones (zero-width spaces and joiners, BOM, soft hyphen) and no bidirectional controls that would make
 * `scan\u202Egnp.pdf` look like `scanfdp.png`.
 */
export function uploadedFileNameProblem(filename: string): string | null {
  if (filename.length > DOCUMENT_FILENAME_MAX_LENGTH) return UPLOADED_FILE_NAME_MESSAGES.tooLong;
  if (!isCleanName(filename)) return UPLOADED_FILE_NAME_MESSAGES.hiddenCharacters;
  return null;
}
