import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import {
  JOB_TYPES,
  type DocumentDeleteResponse,
  type DocumentValidationRequest,
  type DocumentValidationResult,
  type DownloadLinkResponse,
  type PatientDocumentListResponse,
  type RebuildVectorsResponse,
} from '@ewrt/contract';
import { badRequest, HttpError, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import type { DownloadLinks } from '../../platform/files/createDownloadLinks.js';
import { newStorageKey } from '../../platform/files/FileStore.js';
import {
  createGeneratedFileRepository,
  type GeneratedFileOwner,
} from '../../platform/files/generatedFileRepository.js';
import { pageViewFileKeys } from '../page-views/pageViewFileKeys.js';
import { baseName, checkDocumentName } from './checkDocumentName.js';
import { detectDocumentType } from './detectDocumentType.js';
import { VECTOR_REBUILD_STEPS } from './documentJobSteps.js';
import { DOCUMENT_MESSAGES, formatEnGbDate } from './documentMessages.js';
import { checkPdfObjects } from './extraction/checkPdfObjects.js';
import { checkWordPackage } from './extraction/checkWordPackage.js';
import { UnreadableDocumentError, type DocumentFileType } from './extraction/ExtractedDocument.js';
import type { DocumentOwner } from './DocumentOwner.js';
import { createDocumentRepository, type StoredDocument } from './documentRepository.js';
import {
  storeStagedDocument,
  type DocumentDestination,
  type DocumentStoreDeps,
} from './storeStagedDocument.js';
import { toMegabytes, tooLargeMessage, validateDocumentFile } from './validateDocumentFile.js';

export interface DocumentPipelineDeps extends DocumentStoreDeps {
  links: DownloadLinks;
  /** The largest upload accepted (DOCUMENT_MAX_BYTES unless configured lower). */
  maxUploadBytes: number;
}

/** Counts bytes and hashes them as they stream past. */
function hashingCounter() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes, sha256: () => hash.digest('hex') };
}

const generatedFileOwnerOf = (owner: DocumentOwner): GeneratedFileOwner =>
  owner.kind === 'patient' ? { patientId: owner.patientId } : { ownerUserId: owner.userId };

/**
 * The document work shared by a patient's records and a user's opinion documents, for an owner the caller has
 * already been allowed to use: upload, listing, download links, deletion, rebuild of the index and the file list.
 * A storage key from the client is only ever looked up among that owner's documents, so anyone else's key answers
 * 404 like a made-up one.
 */
/**
 * The reading limits a file can be held to at upload without reading it (a Word archive's table of contents, a PDF's
 * declared object count): a bomb is refused before it is stored. What only reading shows fails the job instead.
 */
async function refuseOverLimits(stagedPath: string, type: DocumentFileType, filename: string): Promise<void> {
  try {
    if (type === 'docx') await checkWordPackage(stagedPath, { unpack: false });
    if (type === 'pdf') await checkPdfObjects(stagedPath);
  } catch (error) {
    if (error instanceof UnreadableDocumentError) {
      throw badRequest(DOCUMENT_MESSAGES.refused(filename, error.message));
    }
    throw error;
  }
}

export function createDocumentPipeline(deps: DocumentPipelineDeps) {
  const { db, clock, files, links, jobs } = deps;
  const documents = createDocumentRepository(db);

  function linkFor(
    user: AuthenticatedUser,
    origin: string,
    storageKey: string,
    filename: string,
  ): DownloadLinkResponse {
    const token = links.sign({ storageKey, userId: user.id });
    return { download_url: `${origin}/api/files/${token}`, filename };
  }

  async function documentOf(owner: DocumentOwner, storageKey: string): Promise<StoredDocument> {
    const document = await documents.findByKey(owner, storageKey);
    if (!document) throw notFound(DOCUMENT_MESSAGES.documentNotFound);
    return document;
  }

  return {
    /** The spec's validate call: the name's type and the size, before the file is sent. */
    validate(request: DocumentValidationRequest, audit: RequestAudit): DocumentValidationResult {
      const result = validateDocumentFile(baseName(request.filename), request.fileSize, deps.maxUploadBytes);
      audit.describe({
        details: { filename: request.filename, file_size: request.fileSize, valid: result.valid },
      });
      return result;
    },

    documentOf,

    /**
     * Streams an uploaded file to a staging file while hashing it, checks its size and that its content is the
     * type its name claims, then stores it (see storeStagedDocument). The name is checked before a byte is read.
     */
    async storeUpload(
      destination: DocumentDestination,
      part: MultipartFile,
      audit: RequestAudit,
    ): Promise<{ jobId: number; filename: string }> {
      const { filename, declared } = checkDocumentName(part.filename ?? '');
      audit.describe({ details: { filename } });
      const { jobId } = await storeStagedDocument(
        deps,
        destination,
        { filename, fileType: declared },
        async (stagedPath) => {
          const counter = hashingCounter();
          await pipeline(part.file, counter.stream, createWriteStream(stagedPath, { flags: 'wx' }));
          if (part.file.truncated) throw new HttpError(413, tooLargeMessage(deps.maxUploadBytes));
          if (counter.bytes() === 0) throw badRequest(DOCUMENT_MESSAGES.emptyFile(filename));
          const detected = await detectDocumentType(stagedPath);
          if (detected.type !== declared)
            throw badRequest(DOCUMENT_MESSAGES.notRealFile(filename, declared, detected));
          await refuseOverLimits(stagedPath, declared, filename);
          return { sizeBytes: counter.bytes(), sha256: counter.sha256() };
        },
        audit,
      );
      return { jobId, filename };
    },

    async list(owner: DocumentOwner, audit: RequestAudit): Promise<PatientDocumentListResponse> {
      await documents.settleAbandoned(owner);
      const list = await documents.listOf(owner);
      const vectorCount = await documents.chunkCountOf(owner);
      audit.describe({ details: { document_ids: list.map((document) => document.id) } });
      return {
        documents: list.map((document) => ({
          filename: document.filename,
          size_bytes: document.sizeBytes,
          processed_date: document.processedDate,
          process_id: document.jobId === null ? '' : String(document.jobId),
          s3_key: document.storageKey,
          file_type: document.fileType,
          chunk_count: document.chunkCount,
          page_count: document.pageCount,
          pages_without_text: document.pagesWithoutText,
          ocr_pages: document.ocrPages,
          ocr_confidence: document.ocrConfidence,
          low_confidence_pages: document.lowConfidencePages,
          unreadable_pages: document.unreadablePages,
          blank_pages: document.blankPages,
          status: document.status,
        })),
        total_documents: list.length,
        total_size_mb: toMegabytes(list.reduce((sum, document) => sum + document.sizeBytes, 0)),
        vector_count: vectorCount,
      };
    },

    async downloadLink(
      user: AuthenticatedUser,
      owner: DocumentOwner,
      storageKey: string,
      origin: string,
      audit: RequestAudit,
    ): Promise<DownloadLinkResponse> {
      const document = await documentOf(owner, storageKey);
      audit.describe({ details: { document_id: document.id, filename: document.filename } });
      return linkFor(user, origin, document.storageKey, document.filename);
    },

    /**
     * Removes the document's row, its passages and its file. The index is per passage, so removing them is the
     * whole update: the spec's automatic rebuild is reported as performed, in place, with what remains.
     */
    async delete(
      owner: DocumentOwner,
      storageKey: string,
      audit: RequestAudit,
    ): Promise<DocumentDeleteResponse> {
      const document = await documentOf(owner, storageKey);
      let drawn: string[] = [];
      const remaining = await db.transaction(async (tx) => {
        const repository = createDocumentRepository(tx);
        drawn = await pageViewFileKeys(tx, 'd.id = $1', document.id);
        await repository.delete(document.id);
        const left = await repository.chunkCountOf(owner);
        audit.describe({
          details: {
            document_id: document.id,
            filename: document.filename,
            chunks_removed: document.chunkCount,
          },
        });
        await audit.recordWithin(tx);
        return left;
      });
      await files.remove(document.storageKey);
      for (const key of drawn) await files.remove(key);
      return {
        success: true,
        message: DOCUMENT_MESSAGES.deleted(document.filename),
        auto_rebuild: {
          performed: true,
          success: true,
          vectors_rebuilt: remaining,
          repositories_processed: 1,
          message: DOCUMENT_MESSAGES.indexUpdated(remaining),
        },
        repositories_deleted: 1,
      };
    },

    /** Queues a job that re-reads every processed document of the owner and indexes it again. */
    async rebuildVectors(
      user: AuthenticatedUser,
      owner: DocumentOwner,
      groupId: number,
      title: string,
      audit: RequestAudit,
    ): Promise<RebuildVectorsResponse> {
      const documentIds = await documents.processedIdsOf(owner);
      const jobId = await db.transaction(async (tx) => {
        const job = await jobs.enqueue(
          {
            jobType: JOB_TYPES.VECTOR_REBUILD,
            userId: user.id,
            groupId,
            patientId: owner.kind === 'patient' ? owner.patientId : null,
            title,
            // A patient's rebuild names the patient in the job's own column; an opinion rebuild names its owner here.
            inputData: {
              document_count: documentIds.length,
              ...(owner.kind === 'opinions' ? { owner_user_id: owner.userId } : {}),
            },
            steps: VECTOR_REBUILD_STEPS,
          },
          tx,
        );
        audit.describe({ details: { job_id: job.id, document_count: documentIds.length } });
        await audit.recordWithin(tx);
        return job.id;
      });
      jobs.notify();
      return { success: true, message: DOCUMENT_MESSAGES.rebuildQueued, job_id: jobId };
    },

    /**
     * Writes the list as a text file in the store (replacing the owner's previous one of that name) and links to
     * it. `heading` comes first, then a line with the date and count, then the numbered names.
     */
    async generateFileList(
      user: AuthenticatedUser,
      owner: DocumentOwner,
      file: { filename: string; heading: string },
      fileList: readonly string[],
      origin: string,
      audit: RequestAudit,
    ): Promise<DownloadLinkResponse> {
      const { filename } = file;
      const now = clock();
      const text = [
        file.heading,
        `Listed on ${formatEnGbDate(now.toISOString())}: ${fileList.length} ${fileList.length === 1 ? 'document' : 'documents'}`,
        '',
        ...fileList.map((name, index) => `${index + 1}. ${name}`),
        '',
      ].join('\n');
      const storageKey = newStorageKey();
      await files.put(storageKey, Readable.from([Buffer.from(text, 'utf8')]));
      let replaced: string | null;
      try {
        replaced = await db.transaction(async (tx) => {
          const previous = await createGeneratedFileRepository(tx).replace({
            owner: generatedFileOwnerOf(owner),
            filename,
            storageKey,
            createdBy: user.id,
            at: now,
          });
          audit.describe({ details: { filename, entries: fileList.length } });
          await audit.recordWithin(tx);
          return previous;
        });
      } catch (error) {
        await files.remove(storageKey);
        throw error;
      }
      if (replaced) await files.remove(replaced);
      return linkFor(user, origin, storageKey, filename);
    },
  };
}

export type DocumentPipeline = ReturnType<typeof createDocumentPipeline>;
