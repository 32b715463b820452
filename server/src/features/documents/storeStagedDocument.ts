import { JOB_TYPES } from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { HttpError } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import { newStorageKey, type FileStore } from '../../platform/files/FileStore.js';
import type { JobQueue } from '../jobs/JobQueue.js';
import { DOCUMENT_MESSAGES } from './documentMessages.js';
import { DOCUMENT_PROCESSING_STEPS } from './documentJobSteps.js';
import type { DocumentOwner } from './DocumentOwner.js';
import { contentIndexOf, createDocumentRepository } from './documentRepository.js';
import type { DocumentFileType } from './extraction/ExtractedDocument.js';
import { toMegabytes } from './validateDocumentFile.js';

/** What storing a document needs: the database, the clock, the file store and the job queue. */
export interface DocumentStoreDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  jobs: JobQueue;
}

/** Whose documents a new one joins, the group its row records, and who is storing it. */
export interface DocumentDestination {
  owner: DocumentOwner;
  groupId: number;
  uploadedBy: number;
}

/** The staged content as written: its size and SHA-256, once it has passed the writer's own checks. */
export interface StagedContent {
  sizeBytes: number;
  sha256: string;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const failure = error as { code?: string; constraint?: string; message?: string };
  return (
    failure.code === '23505' && (failure.constraint === constraint || !!failure.message?.includes(constraint))
  );
}

/**
 * The one way a document enters the store, whatever its source (an upload, a saved conversation) and owner:
 * `write` fills a staging file and checks it; then a document with the same content for this owner is refused
 * (409); then the file goes into the store, and the row, its processing job and the audit row commit in one
 * transaction. On any refusal or failure nothing is kept (a stored file whose transaction failed is removed).
 */
export async function storeStagedDocument(
  deps: DocumentStoreDeps,
  destination: DocumentDestination,
  file: { filename: string; fileType: DocumentFileType },
  write: (stagedPath: string) => Promise<StagedContent>,
  audit?: RequestAudit,
): Promise<{ jobId: number; documentId: number }> {
  const { db, clock, files, jobs } = deps;
  const { owner } = destination;
  const { filename, fileType } = file;
  const documents = createDocumentRepository(db);
  const storageKey = newStorageKey();
  const staged = files.stage(storageKey);
  let stored = false;
  let sha256: string | null = null;
  try {
    const content = await write(staged.path);
    sha256 = content.sha256;
    await documents.settleAbandoned(owner);
    const sameContent = await documents.findSameContent(owner, content.sha256);
    if (sameContent) throw new HttpError(409, DOCUMENT_MESSAGES.duplicate(filename, sameContent, owner.kind));
    // Before the transaction, not inside it: with an object store the commit is an upload of up to 250 MB, which
    // must not hold a transaction (the embedded database's only connection) open. If the transaction then fails,
    // the stored file is removed below.
    await staged.commit();

    const result = await db.transaction(async (tx) => {
      const repository = createDocumentRepository(tx);
      const documentId = await repository.insert({
        owner,
        groupId: destination.groupId,
        uploadedBy: destination.uploadedBy,
        storageKey,
        filename,
        sizeBytes: content.sizeBytes,
        sha256: content.sha256,
        fileType,
        createdAt: clock(),
      });
      const job = await jobs.enqueue(
        {
          jobType: JOB_TYPES.DOCUMENT_PROCESSING,
          userId: destination.uploadedBy,
          groupId: destination.groupId,
          patientId: owner.kind === 'patient' ? owner.patientId : null,
          title: filename,
          inputData: {
            document_id: documentId,
            filename,
            file_size_mb: toMegabytes(content.sizeBytes),
            file_type: fileType,
          },
          steps: DOCUMENT_PROCESSING_STEPS,
        },
        tx,
      );
      await repository.setJob(documentId, job.id);
      if (audit) {
        audit.describe({
          details: {
            document_id: documentId,
            job_id: job.id,
            file_type: fileType,
            size_bytes: content.sizeBytes,
            sha256: content.sha256,
          },
        });
        await audit.recordWithin(tx);
      }
      return { jobId: job.id, documentId };
    });
    stored = true;
    jobs.notify();
    return result;
  } catch (error) {
    if (!stored) {
      await staged.discard();
      await files.remove(storageKey);
    }
    if (sha256 && isUniqueViolation(error, contentIndexOf(owner))) {
      // Another document with the same content committed between the check and the insert.
      const winner = await documents.findSameContent(owner, sha256);
      if (winner) throw new HttpError(409, DOCUMENT_MESSAGES.duplicate(filename, winner, owner.kind));
    }
    throw error;
  }
}
