import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { badRequest, HttpError } from '../../http/HttpError.js';
import { baseName } from '../documents/checkDocumentName.js';
import { DOCUMENT_MESSAGES } from '../documents/documentMessages.js';
import { DocumentLimitError } from '../documents/extraction/ExtractedDocument.js';
import { newStorageKey, type FileStore } from '../../platform/files/FileStore.js';
import { uploadedFileNameProblem } from '../../platform/files/uploadedFileNameProblem.js';
import { AUTHORING_DOCUMENT_MESSAGES, type AuthoringDocumentKind } from './authoringDocumentMessages.js';
import { readWordDocumentText, wordCountOf } from './readWordDocumentText.js';

/** An uploaded Word document waiting in the store's staging area, checked, until it is committed or discarded. */
export interface StagedDocx {
  storageKey: string;
  filename: string;
  fileSize: number;
  text: string;
  wordCount: number;
  /** Moves the file into the store under `storageKey`. */
  commit(): Promise<void>;
  /** Drops it, staged or committed: what a failed save calls. */
  discard(): Promise<void>;
}

/** The name the document is kept under, or a 400 when it is not a .docx name the server can store. */
function checkDocxName(rawName: string, kind: AuthoringDocumentKind): string {
  const filename = baseName(rawName);
  if (!/\.docx$/iu.test(filename) || filename.length === '.docx'.length) {
    throw badRequest(AUTHORING_DOCUMENT_MESSAGES.onlyDocx(kind));
  }
  const problem = uploadedFileNameProblem(filename);
  if (problem) throw badRequest(problem);
  return filename;
}

/**
 * Streams an uploaded file to a staging file (never holding it in memory), refusing it once it passes `maxBytes`,
 * then checks by its content that it is a real Word document and reads its text. The name is checked before a
 * byte is read. On any refusal nothing is left staged.
 */
export async function readDocxUpload(
  files: FileStore,
  part: MultipartFile,
  options: { kind: AuthoringDocumentKind; maxBytes: number },
): Promise<StagedDocx> {
  const filename = checkDocxName(part.filename ?? '', options.kind);
  const storageKey = newStorageKey();
  const staged = files.stage(storageKey);
  const discard = async () => {
    await staged.discard();
    await files.remove(storageKey);
  };
  try {
    await pipeline(part.file, createWriteStream(staged.path, { flags: 'wx' }));
    // The multipart reader stops at the limit and marks the stream: the rest of the file is never written.
    if (part.file.truncated) throw new HttpError(413, AUTHORING_DOCUMENT_MESSAGES.tooLarge);
    const fileSize = (await stat(staged.path)).size;
    const text = await readWordDocumentText(staged.path).catch((error: unknown) => {
      if (error instanceof DocumentLimitError)
        throw badRequest(DOCUMENT_MESSAGES.refused(filename, error.message));
      throw error;
    });
    if (text === null) throw badRequest(AUTHORING_DOCUMENT_MESSAGES.onlyDocx(options.kind));
    return {
      storageKey,
      filename,
      fileSize,
      text,
      wordCount: wordCountOf(text),
      commit: () => staged.commit(),
      discard,
    };
  } catch (error) {
    await discard();
    throw error;
  }
}
