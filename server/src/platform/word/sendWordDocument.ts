import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../files/attachmentDisposition.js';

export const WORD_DOCUMENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A Word document the server wrote, and the name the browser saves it under. */
export interface WrittenWordDocument {
  filename: string;
  content: Buffer;
}

/** Answers with the file itself, not the JSON that the call's declared error responses describe. */
export function sendWordDocument(reply: FastifyReply, document: WrittenWordDocument) {
  return reply
    .type(WORD_DOCUMENT_TYPE)
    .header('Content-Disposition', attachmentDisposition(document.filename))
    .send(document.content);
}
