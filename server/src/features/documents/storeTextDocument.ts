import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { badRequest } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import type { StoredPatient } from '../patients/StoredPatient.js';
import { checkDocumentName } from './checkDocumentName.js';
import { DOCUMENT_MESSAGES } from './documentMessages.js';
import { opinionDestinationOf } from './opinionDestinationOf.js';
import {
  storeStagedDocument,
  type DocumentDestination,
  type DocumentStoreDeps,
} from './storeStagedDocument.js';

/** Whose documents the text joins: a patient's records, or the signed-in user's own opinion documents. */
export type TextDocumentOwner =
  { kind: 'patient'; patient: StoredPatient } | { kind: 'opinions'; user: AuthenticatedUser };

/**
 * Stores `text` as a UTF-8 .txt document of the owner, exactly as if it had been uploaded: a new file in the store,
 * its row and its processing job in one transaction, so it is indexed and later questions find it. The same
 * content already stored for that owner answers 409 with the duplicate message. The caller checks access first.
 */
export async function storeTextDocument(
  deps: DocumentStoreDeps,
  owner: TextDocumentOwner,
  input: { filename: string; text: string; uploadedBy: number },
  audit?: RequestAudit,
): Promise<{ jobId: number; documentId: number; filename: string }> {
  const { filename, declared } = checkDocumentName(input.filename);
  if (declared !== 'txt') throw new Error(`storeTextDocument stores .txt files only, not ${filename}`);
  const content = Buffer.from(input.text, 'utf8');
  if (input.text.trim() === '') throw badRequest(DOCUMENT_MESSAGES.emptyFile(filename));
  const destination: DocumentDestination =
    owner.kind === 'patient'
      ? {
          owner: { kind: 'patient', patientId: owner.patient.ID_Patient, groupId: owner.patient.ID_Group },
          groupId: owner.patient.ID_Group,
          uploadedBy: input.uploadedBy,
        }
      : opinionDestinationOf(owner.user);
  audit?.describe({ details: { filename } });
  const stored = await storeStagedDocument(
    deps,
    destination,
    { filename, fileType: 'txt' },
    async (stagedPath) => {
      await writeFile(stagedPath, content, { flag: 'wx' });
      return { sizeBytes: content.length, sha256: createHash('sha256').update(content).digest('hex') };
    },
    audit,
  );
  return { ...stored, filename };
}
