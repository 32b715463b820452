import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  DOCUMENT_FILENAME_MAX_LENGTH,
  isStorableText,
  JOB_TYPES,
  MAX_ID,
  UPLOAD_REDIRECT_JOB_LIST,
  type DocumentDeleteResponse,
  type DocumentUploadResponse,
  type DocumentValidationRequest,
  type DownloadLinkResponse,
  type PatientDocumentListResponse,
  type RebuildVectorsResponse,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import type { DownloadLinks } from '../files/createDownloadLinks.js';
import { newStorageKey, type FileStore } from '../files/FileStore.js';
import { createGeneratedFileRepository } from '../files/generatedFileRepository.js';
import type { JobQueue, JobStepDeclaration } from '../jobs/JobQueue.js';
import { PATIENT_MESSAGES } from '../patients/createPatientService.js';
import { createPatientRepository, type Caller, type StoredPatient } from '../patients/patientRepository.js';
import { canUsePatientTools, hasUserFeature } from '../patients/patientPermissions.js';
import {
  createDocumentRepository,
  PATIENT_CONTENT_INDEX,
  type StoredDocument,
} from './documentRepository.js';
import { detectDocumentType, type DetectedContent } from './detectDocumentType.js';
import type { DocumentFileType } from './extraction/ExtractedDocument.js';
import {
  declaredTypeOf,
  toMegabytes,
  tooLargeMessage,
  validateDocumentFile,
} from './validateDocumentFile.js';

const TYPE_LABELS: Record<DocumentFileType, string> = { pdf: 'PDF', docx: 'DOCX', doc: 'DOC', txt: 'text' };
const CONTENT_DESCRIPTIONS: Record<DocumentFileType, string> = {
  pdf: 'a PDF document',
  docx: 'a Word (DOCX) document',
  doc: 'a Word 97-2003 (DOC) document',
  txt: 'plain text',
};

const enGbDate = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** The date a person reads in a message: dd/mm/yyyy. */
export function formatEnGbDate(isoDateTime: string): string {
  return enGbDate.format(new Date(isoDateTime));
}

export const DOCUMENT_MESSAGES = {
  noDocumentsFeature: 'Your access level does not allow working with patient documents',
  notFullAccess: 'Document tools are available only for patients you have full access to',
  documentNotFound: 'Document not found',
  invalidPatientId: 'Invalid patient id',
  patientIdFirst: 'Send the patient_id field before the file',
  noFile: 'Choose a file to upload',
  noFileName: 'The file has no name',
  fileNameTooLong: `The file name is too long (at most ${DOCUMENT_FILENAME_MAX_LENGTH} characters)`,
  fileNameUnstorable: 'The file name contains characters that cannot be stored',
  emptyFile: (name: string) => `${name} is empty`,
  notRealFile: (name: string, declared: DocumentFileType, detected: DetectedContent) =>
    `${name} is not a real ${TYPE_LABELS[declared]} file: its content looks like ${
      detected.type ? CONTENT_DESCRIPTIONS[detected.type] : detected.description
    }.`,
  duplicate: (name: string, existing: StoredDocument) =>
    `${name} is already in this patient\u2019s records (uploaded as ${existing.filename} on ${formatEnGbDate(existing.createdAt)})`,
  uploaded: (name: string) => `${name} was uploaded and is being processed in the background`,
  deleted: (name: string) => `${name} was deleted`,
  indexUpdated: (remaining: number) =>
    `The search index was updated in place: the document\u2019s passages were removed and ${remaining} remain.`,
  rebuildQueued: 'The search index is being rebuilt from the stored documents in the background',
  noDocumentsToList: 'No documents available to download',
} as const;

/** The steps of a document's processing job, in order (the job engine stores each one's result). */
export const DOCUMENT_PROCESSING_STEPS: JobStepDeclaration[] = [
  { name: 'extract', description: 'Reading the text of each page', weight: 3 },
  { name: 'index', description: 'Cutting the text into passages and indexing them', weight: 1 },
  { name: 'finish', description: 'Recording the result', weight: 0.2 },
];

export const VECTOR_REBUILD_STEPS: JobStepDeclaration[] = [
  { name: 'reindex', description: 'Reading and indexing each stored document again' },
];

/** The name the generated file list is saved under (part 2 §7). */
export const fileListName = (patientId: number) => `patient_${patientId}_document_list.txt`;

function callerOf(user: AuthenticatedUser): Caller {
  if (user.groupId === null) throw forbidden(PATIENT_MESSAGES.noGroup);
  return { userId: user.id, groupId: user.groupId };
}

function parsePatientId(value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw badRequest(DOCUMENT_MESSAGES.invalidPatientId);
  return id;
}

/** The name without any folder a browser or tool put in front of it. */
function baseName(filename: string): string {
  return filename.split(/[/\\]/).pop()?.trim() ?? '';
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const failure = error as { code?: string; constraint?: string; message?: string };
  return (
    failure.code === '23505' && (failure.constraint === constraint || !!failure.message?.includes(constraint))
  );
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

export interface DocumentServiceDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  links: DownloadLinks;
  jobs: JobQueue;
  /** The largest upload accepted (DOCUMENT_MAX_BYTES unless configured lower). */
  maxUploadBytes: number;
}

/**
 * The document calls of part 2 §7. Every call first finds the patient in the caller's group (another group's
 * patient answers 404), then checks that the user's level has the documents feature and that the patient is one
 * the user has full access to (Administrators: any patient of their group). A storage key from the client is only
 * ever looked up among that patient's documents, so another patient's key answers 404 like a made-up one.
 */
export function createDocumentService(deps: DocumentServiceDeps) {
  const { db, clock, files, links, jobs } = deps;
  const documents = createDocumentRepository(db);
  const patients = createPatientRepository(db);

  async function patientForDocuments(
    user: AuthenticatedUser,
    patientId: number,
    audit: RequestAudit,
  ): Promise<StoredPatient> {
    audit.describe({ patientId });
    const patient = await patients.findById(callerOf(user), patientId);
    if (!patient) throw notFound(PATIENT_MESSAGES.notFound);
    if (!hasUserFeature(user, 'documents')) throw forbidden(DOCUMENT_MESSAGES.noDocumentsFeature);
    if (!canUsePatientTools(user, patient.access_level)) throw forbidden(DOCUMENT_MESSAGES.notFullAccess);
    return patient;
  }

  async function documentOf(patient: StoredPatient, storageKey: string): Promise<StoredDocument> {
    const document = await documents.findOfPatientByKey(patient.ID_Patient, patient.ID_Group, storageKey);
    if (!document) throw notFound(DOCUMENT_MESSAGES.documentNotFound);
    return document;
  }

  function linkFor(
    user: AuthenticatedUser,
    origin: string,
    storageKey: string,
    filename: string,
  ): DownloadLinkResponse {
    const token = links.sign({ storageKey, userId: user.id });
    return { download_url: `${origin}/api/files/${token}`, filename };
  }

  async function storeUpload(
    user: AuthenticatedUser,
    patient: StoredPatient,
    part: MultipartFile,
    audit: RequestAudit,
  ): Promise<DocumentUploadResponse> {
    const filename = baseName(part.filename ?? '');
    if (!filename) throw badRequest(DOCUMENT_MESSAGES.noFileName);
    if (filename.length > DOCUMENT_FILENAME_MAX_LENGTH) throw badRequest(DOCUMENT_MESSAGES.fileNameTooLong);
    // Control characters would reach every list, log line and download header that shows the name.
    if (!isStorableText(filename) || /\p{Cc}/u.test(filename)) {
      throw badRequest(DOCUMENT_MESSAGES.fileNameUnstorable);
    }
    const declared = declaredTypeOf(filename);
    const nameCheck = validateDocumentFile(filename, 1, deps.maxUploadBytes);
    if (!declared || !nameCheck.valid)
      throw badRequest(nameCheck.errors.join(' '), { errors: nameCheck.errors });
    audit.describe({ details: { filename } });

    const storageKey = newStorageKey();
    const staged = files.stage(storageKey);
    let stored = false;
    let sha256: string | null = null;
    try {
      const counter = hashingCounter();
      await pipeline(part.file, counter.stream, createWriteStream(staged.path, { flags: 'wx' }));
      if (part.file.truncated) throw new HttpError(413, tooLargeMessage(deps.maxUploadBytes));
      if (counter.bytes() === 0) throw badRequest(DOCUMENT_MESSAGES.emptyFile(filename));
      const detected = await detectDocumentType(staged.path);
      if (detected.type !== declared)
        throw badRequest(DOCUMENT_MESSAGES.notRealFile(filename, declared, detected));
      const contentHash = counter.sha256();
      sha256 = contentHash;
      await documents.settleAbandoned(patient.ID_Patient);
      const sameContent = await documents.findSameContent(patient.ID_Patient, contentHash);
      if (sameContent) throw new HttpError(409, DOCUMENT_MESSAGES.duplicate(filename, sameContent));

      const sizeBytes = counter.bytes();
      const { jobId } = await db.transaction(async (tx) => {
        const repository = createDocumentRepository(tx);
        const documentId = await repository.insert({
          patientId: patient.ID_Patient,
          groupId: patient.ID_Group,
          uploadedBy: user.id,
          storageKey,
          filename,
          sizeBytes,
          sha256: contentHash,
          fileType: declared,
          createdAt: clock(),
        });
        const job = await jobs.enqueue(
          {
            jobType: JOB_TYPES.DOCUMENT_PROCESSING,
            userId: user.id,
            groupId: patient.ID_Group,
            patientId: patient.ID_Patient,
            title: filename,
            inputData: {
              document_id: documentId,
              filename,
              file_size_mb: toMegabytes(sizeBytes),
              file_type: declared,
            },
            steps: DOCUMENT_PROCESSING_STEPS,
          },
          tx,
        );
        await repository.setJob(documentId, job.id);
        audit.describe({
          details: {
            document_id: documentId,
            job_id: job.id,
            file_type: declared,
            size_bytes: sizeBytes,
            sha256: contentHash,
          },
        });
        await audit.recordWithin(tx);
        // Last, so that a failure above leaves nothing in the store; if the commit itself fails, it is removed below.
        await staged.commit();
        return { jobId: job.id };
      });
      stored = true;
      jobs.notify();
      return {
        redirect_to: UPLOAD_REDIRECT_JOB_LIST,
        job_id: jobId,
        message: DOCUMENT_MESSAGES.uploaded(filename),
      };
    } catch (error) {
      if (!stored) {
        await staged.discard();
        await files.remove(storageKey);
      }
      if (sha256 && isUniqueViolation(error, PATIENT_CONTENT_INDEX)) {
        // Another upload of the same content committed between the check and the insert.
        const winner = await documents.findSameContent(patient.ID_Patient, sha256);
        if (winner) throw new HttpError(409, DOCUMENT_MESSAGES.duplicate(filename, winner));
      }
      throw error;
    }
  }

  return {
    async validate(user: AuthenticatedUser, request: DocumentValidationRequest, audit: RequestAudit) {
      callerOf(user);
      if (!hasUserFeature(user, 'documents')) throw forbidden(DOCUMENT_MESSAGES.noDocumentsFeature);
      const result = validateDocumentFile(baseName(request.filename), request.fileSize, deps.maxUploadBytes);
      audit.describe({
        details: { filename: request.filename, file_size: request.fileSize, valid: result.valid },
      });
      return result;
    },

    /**
     * multipart: `patient_id`, then `file`. The patient is checked before a byte of the file is read; the file is
     * streamed to a staging file while it is hashed, checked (size, content type, duplicate), then moved into the
     * store with its row and its processing job in one transaction. On any refusal nothing is kept.
     */
    async upload(
      user: AuthenticatedUser,
      parts: AsyncIterable<Multipart>,
      audit: RequestAudit,
    ): Promise<DocumentUploadResponse> {
      callerOf(user);
      if (!hasUserFeature(user, 'documents')) throw forbidden(DOCUMENT_MESSAGES.noDocumentsFeature);
      let patient: StoredPatient | null = null;
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'patient_id')
            patient = await patientForDocuments(user, parsePatientId(part.value), audit);
          continue;
        }
        if (!patient) throw badRequest(DOCUMENT_MESSAGES.patientIdFirst);
        return storeUpload(user, patient, part, audit);
      }
      throw badRequest(patient ? DOCUMENT_MESSAGES.noFile : DOCUMENT_MESSAGES.invalidPatientId);
    },

    async list(
      user: AuthenticatedUser,
      patientId: number,
      audit: RequestAudit,
    ): Promise<PatientDocumentListResponse> {
      const patient = await patientForDocuments(user, patientId, audit);
      await documents.settleAbandoned(patient.ID_Patient);
      const list = await documents.listOfPatient(patient.ID_Patient, patient.ID_Group);
      const vectorCount = await documents.chunkCountOfPatient(patient.ID_Patient);
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
          status: document.status,
        })),
        total_documents: list.length,
        total_size_mb: toMegabytes(list.reduce((sum, document) => sum + document.sizeBytes, 0)),
        vector_count: vectorCount,
      };
    },

    async downloadLink(
      user: AuthenticatedUser,
      patientId: number,
      storageKey: string,
      origin: string,
      audit: RequestAudit,
    ): Promise<DownloadLinkResponse> {
      const patient = await patientForDocuments(user, patientId, audit);
      const document = await documentOf(patient, storageKey);
      audit.describe({ details: { document_id: document.id, filename: document.filename } });
      return linkFor(user, origin, document.storageKey, document.filename);
    },

    /**
     * Removes the document's row, its passages and its file. The index is per passage, so removing them is the
     * whole update: the spec's automatic rebuild is reported as performed, in place, with what remains.
     */
    async delete(
      user: AuthenticatedUser,
      patientId: number,
      storageKey: string,
      audit: RequestAudit,
    ): Promise<DocumentDeleteResponse> {
      const patient = await patientForDocuments(user, patientId, audit);
      const document = await documentOf(patient, storageKey);
      const remaining = await db.transaction(async (tx) => {
        const repository = createDocumentRepository(tx);
        await repository.delete(document.id);
        const left = await repository.chunkCountOfPatient(patient.ID_Patient);
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

    async rebuildVectors(
      user: AuthenticatedUser,
      patientId: number,
      audit: RequestAudit,
    ): Promise<RebuildVectorsResponse> {
      const patient = await patientForDocuments(user, patientId, audit);
      const documentIds = await documents.processedIdsOfPatient(patient.ID_Patient);
      const jobId = await db.transaction(async (tx) => {
        const job = await jobs.enqueue(
          {
            jobType: JOB_TYPES.VECTOR_REBUILD,
            userId: user.id,
            groupId: patient.ID_Group,
            patientId: patient.ID_Patient,
            title: 'Rebuild of the search index',
            inputData: { document_count: documentIds.length },
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

    /** Writes the list as a text file in the store (replacing the patient's previous one) and links to it. */
    async generateFileList(
      user: AuthenticatedUser,
      patientId: number,
      fileList: readonly string[],
      origin: string,
      audit: RequestAudit,
    ): Promise<DownloadLinkResponse> {
      const patient = await patientForDocuments(user, patientId, audit);
      if (fileList.length === 0) throw badRequest(DOCUMENT_MESSAGES.noDocumentsToList);
      const filename = fileListName(patient.ID_Patient);
      const now = clock();
      const text = [
        `Documents of ${patient.FirstName} ${patient.Surname} (MRN ${patient.MRN}), patient ${patient.ID_Patient}`,
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
          const previous = await createGeneratedFileRepository(tx).replaceForPatient({
            patientId: patient.ID_Patient,
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

export type DocumentService = ReturnType<typeof createDocumentService>;
