import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { JOB_TYPES, MAX_ID, type AudioUploadResponse } from '@ewrt/contract';
import type { Database } from '../../db/Database.js';
import { badRequest, forbidden, HttpError } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { baseName } from '../documents/checkDocumentName.js';
import { toMegabytes } from '../documents/validateDocumentFile.js';
import { newStorageKey, type FileStore } from '../../platform/files/FileStore.js';
import { uploadedFileNameProblem } from '../../platform/files/uploadedFileNameProblem.js';
import type { JobQueue } from '../jobs/JobQueue.js';
import { PATIENT_MESSAGES } from '../patients/createPatientService.js';
import { findPatientForTools } from '../patients/findPatientForTools.js';
import { hasUserFeature } from '../patients/patientPermissions.js';
import type { StoredPatient } from '../patients/StoredPatient.js';
import type { SpeechRecognizer } from '../../platform/speech/SpeechRecognizer.js';
import { detectAudioType } from './detectAudioType.js';
import {
  AUDIO_TRANSCRIPTION_STEPS,
  type AudioTranscriptionInput,
} from './registerTranscriptionJobHandler.js';
import { TRANSCRIPTION_RULE } from './transcriptionAccess.js';
import { TRANSCRIPTION_MESSAGES } from './transcriptionMessages.js';
import { createTranscriptionRepository } from './transcriptionRepository.js';

export interface AudioUploadDeps {
  db: Database;
  files: FileStore;
  jobs: JobQueue;
  speech: SpeechRecognizer;
  /** The largest audio file accepted (AUDIO_UPLOAD_MAX_BYTES). */
  maxUploadBytes: number;
}

/** What the upload route calls: storeAudioUpload with the feature's dependencies bound. */
export interface AudioUploads {
  store(
    user: AuthenticatedUser,
    parts: AsyncIterable<Multipart>,
    audit: RequestAudit,
  ): Promise<AudioUploadResponse>;
}

/** The name the job list shows: without folders, and plain (no control characters, not overlong). */
function displayName(rawName: string | undefined): string {
  const name = baseName(rawName ?? '');
  if (name === '') return 'audio';
  const problem = uploadedFileNameProblem(name);
  if (problem) throw badRequest(problem);
  return name;
}

function parseId(value: unknown, message: string): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw badRequest(message);
  return id;
}

function countingStream() {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, bytes: () => bytes };
}

/**
 * An audio upload (TRN-06): multipart `patient_id`, `transcription_type_id`, then
 * `audio_file`. The patient and type are checked before a byte of audio is read; the file streams to a staging
 * file, must be audio by its content, goes into the store, and its transcription job and the audit row commit
 * together. On any refusal nothing is kept. Without a working recogniser nothing is read at all (503).
 */
export async function storeAudioUpload(
  deps: AudioUploadDeps,
  user: AuthenticatedUser,
  parts: AsyncIterable<Multipart>,
  audit: RequestAudit,
): Promise<AudioUploadResponse> {
  const { db, files, jobs } = deps;
  if (user.groupId === null) throw forbidden(PATIENT_MESSAGES.noGroup);
  if (!hasUserFeature(user, 'transcription')) throw forbidden(TRANSCRIPTION_MESSAGES.noTranscriptionFeature);
  const recognizer = deps.speech.availability();
  // Refused before a byte is stored: a file nothing here can read would only fail later, as a job.
  if (!recognizer.available || !recognizer.readsFiles) {
    throw new HttpError(503, recognizer.message, { install_command: recognizer.installCommand });
  }
  let patient: StoredPatient | null = null;
  let typeId: number | null = null;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'patient_id') {
        patient = await findPatientForTools(
          db,
          user,
          parseId(part.value, TRANSCRIPTION_MESSAGES.noPatient),
          audit,
          TRANSCRIPTION_RULE,
        );
      } else if (part.fieldname === 'transcription_type_id') {
        typeId = parseId(part.value, TRANSCRIPTION_MESSAGES.noType);
        if ((await createTranscriptionRepository(db).findTypeName(typeId)) === null)
          throw badRequest(TRANSCRIPTION_MESSAGES.unknownType);
      }
      continue;
    }
    if (part.fieldname !== 'audio_file' || !patient || typeId === null) {
      throw badRequest(TRANSCRIPTION_MESSAGES.missingUploadParts);
    }
    const filename = displayName(part.filename);
    audit.describe({ details: { filename } });
    const storageKey = newStorageKey();
    const staged = files.stage(storageKey);
    let committed = false;
    try {
      const counter = countingStream();
      await pipeline(part.file, counter.stream, createWriteStream(staged.path, { flags: 'wx' }));
      if (part.file.truncated) throw new HttpError(413, TRANSCRIPTION_MESSAGES.audioTooLarge);
      if (counter.bytes() === 0) throw badRequest(TRANSCRIPTION_MESSAGES.emptyAudio);
      const audioType = await detectAudioType(staged.path);
      if (!audioType) throw new HttpError(415, TRANSCRIPTION_MESSAGES.invalidAudio);
      await staged.commit();
      committed = true;
      const input: AudioTranscriptionInput = {
        filename,
        file_size_mb: toMegabytes(counter.bytes()),
        patient_id: patient.ID_Patient,
        transcription_type_id: typeId,
        storage_key: storageKey,
      };
      const jobId = await db.transaction(async (tx) => {
        const job = await jobs.enqueue(
          {
            jobType: JOB_TYPES.AUDIO_TRANSCRIPTION,
            userId: user.id,
            groupId: patient!.ID_Group,
            patientId: patient!.ID_Patient,
            title: filename,
            inputData: { ...input },
            steps: AUDIO_TRANSCRIPTION_STEPS,
          },
          tx,
        );
        audit.describe({
          details: { job_id: job.id, audio_type: audioType, size_bytes: counter.bytes() },
        });
        await audit.recordWithin(tx);
        return job.id;
      });
      jobs.notify();
      return {
        success: true,
        message: TRANSCRIPTION_MESSAGES.audioQueued,
        // The jobs page needs the documents feature; a transcription-only user follows it on the manage screen.
        redirect_to: hasUserFeature(user, 'documents')
          ? `/patient/${patient.ID_Patient}/jobs`
          : `/transcription/manage?patientId=${patient.ID_Patient}`,
        error: null,
        job_id: jobId,
      };
    } catch (error) {
      await staged.discard();
      if (committed) await files.remove(storageKey);
      throw error;
    }
  }
  throw badRequest(TRANSCRIPTION_MESSAGES.missingUploadParts);
}
