import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  mergeEditedText,
  type CompleteTranscriptionRequest,
  type CompleteTranscriptionResponse,
  type MessageResponse,
  type GroupWordsResponse,
  type MyWordsResponse,
  type SaveTranscriptionRequest,
  type SaveTranscriptionResponse,
  type TranscriptionResponse,
  type TranscriptionsResponse,
  type TranscriptionStatusResponse,
  type TranscriptionTypesResponse,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database, Queryable } from '../../db/Database.js';
import { forbidden, HttpError, notFound } from '../../http/HttpError.js';
import type { AiProvider } from '../../platform/ai/AiProvider.js';
import { languageModelInfo } from '../../platform/ai/languageModelInfo.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { fileNameDay, formatEnGbDay, safeNamePart } from '../conversations/conversationNames.js';
import { newStorageKey, StoredFileMissingError, type FileStore } from '../../platform/files/FileStore.js';
import { findPatientForTools } from '../patients/findPatientForTools.js';
import { hasUserFeature } from '../patients/patientPermissions.js';
import type { StoredPatient } from '../patients/StoredPatient.js';
import type { SpeechRecognizer } from '../../platform/speech/SpeechRecognizer.js';
import type { WrittenWordDocument } from '../../platform/word/sendWordDocument.js';
import { buildTranscriptionDocx } from './buildTranscriptionDocx.js';
import { createMyWordsRepository, tidyMyWords } from './myWordsRepository.js';
import { TRANSCRIPTION_RULE } from './transcriptionAccess.js';
import { TRANSCRIPTION_MESSAGES } from './transcriptionMessages.js';
import { createTranscriptionRepository, type StoredTranscription } from './transcriptionRepository.js';

export interface TranscriptionServiceDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  ai: AiProvider | null;
  speech: SpeechRecognizer;
}

const enGbBirthDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A date of birth (YYYY-MM-DD) as the screens show it: "14 Mar 1968"; 'Not specified' when missing. */
export function formatBirthDate(isoDate: string | null | undefined): string {
  if (!isoDate) return 'Not specified';
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : enGbBirthDate.format(date);
}

/** `Transcription_<Surname>_<YYYY-MM-DD>.docx`, of safe characters only. */
export function transcriptionFileName(surname: string, at: Date): string {
  return `Transcription_${safeNamePart(surname) || 'patient'}_${fileNameDay(at)}.docx`;
}

/**
 * What an audit row says of a save's or completion's text, never the text itself: whether the typist changed what
 * was recognised (`edited`: the text does not simply continue the stored one) and how many characters of finals
 * the server kept after the edit (`merged_characters`).
 */
function textChanges(
  basedOn: string | null,
  sent: string,
  stored: string,
): { edited: boolean; merged_characters: number } {
  return {
    edited: basedOn !== null && !sent.startsWith(basedOn.trimEnd()),
    merged_characters: stored.length - sent.length,
  };
}

/**
 * A patient's transcriptions (TRN-08): types, status, lists, one transcription, save, the Word
 * document (complete, downloads) and delete. Every call that names a patient or a transcription needs the
 * 'transcription' feature and full access to the patient (Administrators: any patient of their group); another
 * group's patient or transcription is not found. Transcriptions of a patient are visible to every user allowed on
 * that patient. Audit rows name the patient and transcription, never the text.
 */
export function createTranscriptionService(deps: TranscriptionServiceDeps) {
  const { db, clock, files, ai, speech } = deps;
  const transcriptions = createTranscriptionRepository(db);

  /** A group's list of words is its group administrators' to keep (and any administrator's). */
  const mayEditGroupWords = (user: AuthenticatedUser) =>
    user.groupId !== null && (user.isAdministrator || user.isGroupAdmin);

  function requireFeature(user: AuthenticatedUser): void {
    if (!hasUserFeature(user, 'transcription'))
      throw forbidden(TRANSCRIPTION_MESSAGES.noTranscriptionFeature);
  }

  const patientFor = (user: AuthenticatedUser, patientId: number, audit: RequestAudit) =>
    findPatientForTools(db, user, patientId, audit, TRANSCRIPTION_RULE);

  /**
   * The transcription and its patient, when the user may use that patient. A transcription of a patient they
   * cannot see at all is answered `notFoundMessage`, as if it did not exist.
   */
  async function transcriptionFor(
    user: AuthenticatedUser,
    found: StoredTranscription | null,
    audit: RequestAudit,
    notFoundMessage: string = TRANSCRIPTION_MESSAGES.notFound,
  ): Promise<{ transcription: StoredTranscription; patient: StoredPatient }> {
    requireFeature(user);
    if (!found) throw notFound(notFoundMessage);
    audit.describe({ details: { transcription_id: found.id } });
    try {
      return { transcription: found, patient: await patientFor(user, found.patientId, audit) };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) throw notFound(notFoundMessage);
      throw error;
    }
  }

  async function requireType(typeId: number): Promise<string> {
    const name = await transcriptions.findTypeName(typeId);
    if (name === null) throw new HttpError(400, TRANSCRIPTION_MESSAGES.unknownType);
    return name;
  }

  async function creatorName(userId: number | null): Promise<string | null> {
    if (userId === null) return null;
    const { rows } = await db.query<{ name: string }>(`SELECT name FROM users WHERE id = $1`, [userId]);
    return rows[0]?.name ?? null;
  }

  /** Adds a transcription typed or dictated live, with the text the request carries, and answers its id. */
  function insertLive(
    repository: ReturnType<typeof createTranscriptionRepository>,
    request: { transcription_type_id: number; transcription_text: string },
    patient: StoredPatient,
    user: AuthenticatedUser,
    now: Date,
  ): Promise<number> {
    return repository.insert({
      patientId: patient.ID_Patient,
      typeId: request.transcription_type_id,
      userId: user.id,
      source: 'live',
      text: request.transcription_text,
      now,
    });
  }

  return {
    async types(user: AuthenticatedUser): Promise<TranscriptionTypesResponse> {
      requireFeature(user);
      return { success: true, transcription_types: await transcriptions.listTypes() };
    },

    status(user: AuthenticatedUser): TranscriptionStatusResponse {
      requireFeature(user);
      const recognizer = speech.availability();
      return {
        speech: {
          available: recognizer.available,
          name: recognizer.name,
          message: recognizer.message,
          install_command: recognizer.installCommand,
          on_server: recognizer.onServer,
          reads_files: recognizer.readsFiles,
        },
        formatting: ai
          ? {
              available: true,
              message: TRANSCRIPTION_MESSAGES.formattingReady,
              model_info: languageModelInfo(ai.model, ai.provider),
            }
          : { available: false, message: TRANSCRIPTION_MESSAGES.formattingNotConfigured, model_info: null },
      };
    },

    /** The patient's transcriptions newest first; only the Incomplete ones when `incompleteOnly`. */
    async list(
      user: AuthenticatedUser,
      patientId: number,
      options: { incompleteOnly: boolean },
      audit: RequestAudit,
    ): Promise<TranscriptionsResponse> {
      const patient = await patientFor(user, patientId, audit);
      const list = await transcriptions.listOfPatient(patient.ID_Patient, options);
      audit.describe({ details: { transcription_ids: list.map((entry) => entry.ID_Transcription) } });
      return { success: true, transcriptions: list };
    },

    async get(user: AuthenticatedUser, id: number, audit: RequestAudit): Promise<TranscriptionResponse> {
      const { transcription } = await transcriptionFor(user, await transcriptions.findById(id), audit);
      const described = await transcriptions.describe(transcription.id);
      if (!described) throw notFound(TRANSCRIPTION_MESSAGES.notFound);
      return { success: true, transcription: described };
    },

    /**
     * Saves the editor's text: over the given transcription when it is an Incomplete one of that patient (a
     * continued or auto-saved draft), else as a new one. It stays Incomplete whatever `is_complete` says: a
     * transcription is Complete only once its Word document is stored (complete-llm).
     */
    async save(
      user: AuthenticatedUser,
      request: SaveTranscriptionRequest,
      audit: RequestAudit,
    ): Promise<SaveTranscriptionResponse> {
      const patient = await patientFor(user, request.patient_id, audit);
      await requireType(request.transcription_type_id);
      const now = clock();
      const id = await db.transaction(async (tx) => {
        const repository = createTranscriptionRepository(tx);
        let savedId: number;
        let stored = request.transcription_text;
        let previous: string | null = null;
        if (request.transcription_id) {
          const existing = await repository.findOfPatientForUpdate(
            patient.ID_Patient,
            request.transcription_id,
          );
          if (!existing) throw notFound(TRANSCRIPTION_MESSAGES.notFound);
          if (existing.storageKey !== null) throw new HttpError(409, TRANSCRIPTION_MESSAGES.alreadyComplete);
          previous = existing.text;
          if (request.based_on_text !== undefined) {
            const merged = mergeEditedText(existing.text, request.based_on_text, request.transcription_text);
            if (merged === null) throw new HttpError(409, TRANSCRIPTION_MESSAGES.changedElsewhere);
            stored = merged;
          }
          await repository.saveText(existing.id, stored, request.transcription_type_id, now);
          savedId = existing.id;
        } else {
          savedId = await insertLive(repository, request, patient, user, now);
        }
        audit.describe({
          details: {
            transcription_id: savedId,
            text_length: stored.length,
            is_complete: request.is_complete,
            ...textChanges(request.based_on_text ?? previous, request.transcription_text, stored),
          },
        });
        await audit.recordWithin(tx);
        return savedId;
      });
      return { success: true, transcription_id: id, message: TRANSCRIPTION_MESSAGES.saved };
    },

    /**
     * Writes the Word document (the formatted result, or the transcript as it stands), stores it and records it
     * with the text and type: the transcription becomes Complete. The file is stored before the transaction (an
     * object-store upload must not hold it open) and removed again if the transaction fails; a document it
     * replaces goes once the transaction has committed.
     */
    async complete(
      user: AuthenticatedUser,
      request: CompleteTranscriptionRequest,
      audit: RequestAudit,
    ): Promise<CompleteTranscriptionResponse> {
      const patient = await patientFor(user, request.patient_id, audit);
      const typeName = await requireType(request.transcription_type_id);
      const existing = request.transcription_id
        ? await transcriptions.findOfPatient(patient.ID_Patient, request.transcription_id)
        : null;
      if (request.transcription_id && !existing) throw notFound(TRANSCRIPTION_MESSAGES.notFound);
      const now = clock();
      const model = request.llm_response === null ? null : request.llm_model?.trim() || null;
      const content = await buildTranscriptionDocx({
        typeName,
        patient: {
          name: `${patient.FirstName} ${patient.Surname}`,
          mrn: patient.MRN,
          dateOfBirth: formatBirthDate(patient.DateOfBirth),
        },
        date: formatEnGbDay(now),
        dictatedBy: (await creatorName(existing?.createdBy ?? null)) ?? user.name,
        formatted: request.llm_response,
        model,
        transcript: request.transcription_text,
      });
      const filename = transcriptionFileName(patient.Surname, now);
      const storageKey = newStorageKey();
      await files.put(storageKey, Readable.from([content]));
      let transcriptionId: number;
      try {
        transcriptionId = await db.transaction(async (tx: Queryable) => {
          const repository = createTranscriptionRepository(tx);
          const id = existing?.id ?? (await insertLive(repository, request, patient, user, now));
          await repository.complete(id, {
            text: request.transcription_text,
            typeId: request.transcription_type_id,
            storageKey,
            filename,
            now,
          });
          audit.describe({
            details: {
              transcription_id: id,
              consultation_type: request.consultation_type,
              formatted: request.llm_response !== null,
              model,
              filename,
              text_length: request.transcription_text.length,
              ...textChanges(existing?.text ?? null, request.transcription_text, request.transcription_text),
            },
          });
          await audit.recordWithin(tx);
          return id;
        });
      } catch (error) {
        await files.remove(storageKey);
        throw error;
      }
      if (existing?.storageKey) await files.remove(existing.storageKey);
      return { success: true, s3_link: storageKey, filename, error: null, transcription_id: transcriptionId };
    },

    /** The stored Word document behind a key, found in the database and scoped to the user before it is read. */
    async documentByKey(
      user: AuthenticatedUser,
      storageKey: string,
      audit: RequestAudit,
    ): Promise<WrittenWordDocument> {
      const { transcription } = await transcriptionFor(
        user,
        await transcriptions.findByStorageKey(storageKey),
        audit,
        TRANSCRIPTION_MESSAGES.noDocument,
      );
      const filename = transcription.filename ?? `Transcription_${transcription.id}.docx`;
      audit.describe({ details: { filename } });
      try {
        // A transcription's document is a few pages: read whole, it is sent like every written Word document.
        return { filename, content: await buffer(await files.open(storageKey)) };
      } catch (error) {
        if (error instanceof StoredFileMissingError) throw notFound(TRANSCRIPTION_MESSAGES.noDocument);
        throw error;
      }
    },

    /** The transcription as a Word document written now from its text as it stands (not formatted). */
    async documentOfText(
      user: AuthenticatedUser,
      id: number,
      audit: RequestAudit,
    ): Promise<WrittenWordDocument> {
      const { transcription, patient } = await transcriptionFor(
        user,
        await transcriptions.findById(id),
        audit,
      );
      const described = await transcriptions.describe(transcription.id);
      if (!described) throw notFound(TRANSCRIPTION_MESSAGES.notFound);
      const filename = `Transcription_${transcription.id}.docx`;
      const content = await buildTranscriptionDocx({
        typeName: described.text_transcription_type,
        patient: {
          name: `${patient.FirstName} ${patient.Surname}`,
          mrn: patient.MRN,
          dateOfBirth: formatBirthDate(patient.DateOfBirth),
        },
        date: formatEnGbDay(new Date(described.DateOfTranscription)),
        dictatedBy: described.CreatedBy,
        formatted: null,
        model: null,
        transcript: transcription.text,
      });
      audit.describe({ details: { filename } });
      return { filename, content };
    },

    /** The user's own words for the recogniser: theirs alone, used for their dictation only. */
    async myWords(user: AuthenticatedUser): Promise<MyWordsResponse> {
      requireFeature(user);
      return { success: true, words: await createMyWordsRepository(db).wordsOf(user.id) };
    },

    /** Replaces the user's own words (tidied); the audit row counts them. */
    async saveMyWords(
      user: AuthenticatedUser,
      words: readonly string[],
      audit: RequestAudit,
    ): Promise<MyWordsResponse> {
      requireFeature(user);
      const tidy = tidyMyWords(words);
      await db.transaction(async (tx) => {
        await createMyWordsRepository(tx).save(user.id, tidy, clock());
        audit.describe({ details: { word_count: tidy.length } });
        await audit.recordWithin(tx);
      });
      return { success: true, words: tidy };
    },

    /** The words of the user's group for the recogniser, and whether the user may change them. */
    async groupWords(user: AuthenticatedUser): Promise<GroupWordsResponse> {
      requireFeature(user);
      return {
        success: true,
        words: user.groupId === null ? [] : await createMyWordsRepository(db).groupWordsOf(user.groupId),
        group_name: user.groupId === null ? null : user.response.Group_Name,
        can_edit: mayEditGroupWords(user),
      };
    },

    /** Replaces the group's words (tidied): its group administrators and administrators only. */
    async saveGroupWords(
      user: AuthenticatedUser,
      words: readonly string[],
      audit: RequestAudit,
    ): Promise<GroupWordsResponse> {
      requireFeature(user);
      const groupId = user.groupId;
      if (groupId === null) throw new HttpError(400, TRANSCRIPTION_MESSAGES.noGroupForWords);
      if (!mayEditGroupWords(user)) throw forbidden(TRANSCRIPTION_MESSAGES.groupWordsNotYours);
      const tidy = tidyMyWords(words);
      await db.transaction(async (tx) => {
        await createMyWordsRepository(tx).saveGroupWords(groupId, tidy, user.id, clock());
        audit.describe({ details: { group_id: groupId, word_count: tidy.length } });
        await audit.recordWithin(tx);
      });
      return { success: true, words: tidy, group_name: user.response.Group_Name, can_edit: true };
    },

    /** Removes the transcription; its stored document goes once the deletion has committed. */
    async delete(user: AuthenticatedUser, id: number, audit: RequestAudit): Promise<MessageResponse> {
      const { transcription } = await transcriptionFor(user, await transcriptions.findById(id), audit);
      const deleted = await db.transaction(async (tx) => {
        const removed = await createTranscriptionRepository(tx).delete(transcription.id);
        if (!removed) throw notFound(TRANSCRIPTION_MESSAGES.notFound);
        audit.describe({ details: { had_document: removed.storageKey !== null } });
        await audit.recordWithin(tx);
        return removed;
      });
      if (deleted.storageKey) await files.remove(deleted.storageKey);
      return { message: TRANSCRIPTION_MESSAGES.deleted };
    },
  };
}

export type TranscriptionService = ReturnType<typeof createTranscriptionService>;
