import {
  QUERY_DEFAULT_K,
  QUERY_USE_CACHE_DEFAULT,
  type ConversationMetadata,
  type ConversationResponse,
  type ClearConversationResponse,
  type DocumentPageResponse,
  type QueryRequest,
  type QueryResponse,
  type SaveConversationResponse,
  type SourceLocation,
  type UpdateDateOfEventResponse,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/HttpError.js';
import { LanguageModelError, type AiProvider } from '../../platform/ai/AiProvider.js';
import { answerQuestion, type ComposedAnswer } from '../answers/answerQuestion.js';
import { bundlePagesFor } from '../answers/bundlePagesFor.js';
import { indexFingerprint } from '../answers/indexFingerprint.js';
import type { RetrievalScope } from '../answers/RetrievalScope.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import type { EmbeddingProvider } from '../../platform/ai/EmbeddingProvider.js';
import { storeTextDocument, type TextDocumentOwner } from '../documents/storeTextDocument.js';
import type { FileStore } from '../../platform/files/FileStore.js';
import type { JobQueue } from '../jobs/JobQueue.js';
import { OPINION_MESSAGES } from '../opinions/createOpinionService.js';
import { PATIENT_MESSAGES } from '../patients/createPatientService.js';
import { findPatientForTools } from '../patients/findPatientForTools.js';
import { canEditPatient, hasUserFeature } from '../patients/patientPermissions.js';
import type { StoredPatient } from '../patients/StoredPatient.js';
import { updatePatientDateOfEvent } from '../patients/updatePatientDateOfEvent.js';
import { createAnswerCacheRepository } from './answerCacheRepository.js';
import { buildConversationDocx } from './buildConversationDocx.js';
import {
  formatClockTime,
  formatEnGbDateTime,
  formatEnGbDay,
  opinionConversationFileName,
  patientConversationFileName,
  savedConversationFileName,
} from './conversationNames.js';
import { createConversationRepository, type ConversationOwner } from './conversationRepository.js';
import { conversationTranscript } from './conversationTranscript.js';
import { createDocumentPageReader } from './createDocumentPageReader.js';
import { rebuildPageText } from './rebuildPageText.js';

/** The longest an answer may take without a configured AI time-out: the spec's request time-out (PROD-03). */
export const DEFAULT_ANSWER_TIMEOUT_MS = 120_000;

/** How many earlier exchanges of the conversation the model is reminded of. */
export const HISTORY_EXCHANGES = 3;

export const CONVERSATION_MESSAGES = {
  queryFailed: { patient: 'Failed to process query', opinions: 'Failed to process opinion query' },
  clientGone: 'The request was closed before its answer was ready',
  cleared: 'Conversation cleared successfully',
  nothingToExport: 'There is no conversation to export',
  nothingToSave: 'There is no conversation to save',
  saved: (entries: number, filename: string, kind: RetrievalScope['kind']) =>
    `${entries} ${entries === 1 ? 'entry was' : 'entries were'} saved as ${filename}, which is being indexed with ${
      kind === 'patient' ? 'the patient\u2019s records' : 'your opinion documents'
    }`,
  dateOfEventUpdated: 'Date of event updated successfully',
  documentNotFound: 'Document not found',
  pageNotFound: 'Page not found',
} as const;

/** Which conversation a call is about: the caller's about one patient, or the caller's about their opinions. */
export type ConversationTarget = { kind: 'patient'; patientId: number } | { kind: 'opinions' };

/** The checked subject of a call: whose index it reads and whose entries it keeps. */
interface ConversationSubject {
  scope: RetrievalScope;
  owner: ConversationOwner;
  /** The patient, for a patient's records; null for opinion documents. */
  patient: StoredPatient | null;
}

export interface ConversationExport {
  filename: string;
  content: Buffer;
}

export interface ConversationServiceDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  jobs: JobQueue;
  /** The configured language model; null answers from retrieval alone. */
  ai: AiProvider | null;
  embeddings: EmbeddingProvider | null;
  /** How long one answer may take (the AI time-out); past it the query answers 502. */
  answerTimeoutMs: number;
}

const patientName = (patient: StoredPatient) => `${patient.FirstName} ${patient.Surname}`;

/** Where each cited passage came from, for the audit row (never the question or the answer's text). */
const citedPlaces = (sources: readonly SourceLocation[]) =>
  sources.map((source) => ({ s3_key: source.s3_key, filename: source.filename, page: source.page }));

/**
 * Questions about a patient's records and about the user's own opinion documents (QRY-03, OPN-03):
 * the same conversation, cache, export and save for both. A patient's conversation is
 * the caller's own about a patient of their group they may use the document tools for; the opinion conversation is
 * the caller's own, needing the advanced-tools feature, and nobody else's (an administrator's included) is ever read.
 */
export function createConversationService(deps: ConversationServiceDeps) {
  const { db, clock, ai, embeddings } = deps;
  const conversations = createConversationRepository(db);
  const cache = createAnswerCacheRepository(db);
  const pages = createDocumentPageReader(db);
  const modelIdentity = ai ? `${ai.provider}/${ai.model}` : 'retrieval-only';

  async function subjectOf(
    user: AuthenticatedUser,
    target: ConversationTarget,
    audit: RequestAudit,
  ): Promise<ConversationSubject> {
    if (target.kind === 'patient') {
      const patient = await findPatientForTools(db, user, target.patientId, audit);
      return {
        patient,
        scope: { kind: 'patient', patientId: patient.ID_Patient },
        owner: { userId: user.id, patientId: patient.ID_Patient },
      };
    }
    audit.describe({ details: { scope: 'opinions' } });
    if (!hasUserFeature(user, 'advanced-tools')) throw forbidden(OPINION_MESSAGES.noAdvancedTools);
    return {
      patient: null,
      scope: { kind: 'opinions', userId: user.id },
      owner: { userId: user.id, patientId: null },
    };
  }

  async function compose(subject: ConversationSubject, question: string, k: number, signal: AbortSignal) {
    const history = await conversations.recentExchanges(subject.owner, HISTORY_EXCHANGES);
    const timeout = AbortSignal.timeout(deps.answerTimeoutMs);
    try {
      return await answerQuestion({ db, ai, embeddings }, subject.scope, question, {
        k,
        signal: AbortSignal.any([signal, timeout]),
        history,
        dateOfEvent: subject.patient?.DateofEvent ?? null,
        subjectLabel: subject.patient
          ? `the records of ${patientName(subject.patient)}`
          : 'your opinion documents',
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (signal.aborted) throw new HttpError(499, CONVERSATION_MESSAGES.clientGone);
      // Only the model's own failures are explained to the user; anything else is the server's (a generic 500).
      if (!timeout.aborted && !(error instanceof LanguageModelError)) throw error;
      const reason = timeout.aborted
        ? `no answer within ${Math.round(deps.answerTimeoutMs / 1000)} s`
        : (error as Error).message;
      throw new HttpError(502, `${CONVERSATION_MESSAGES.queryFailed[subject.scope.kind]}: ${reason}`);
    }
  }

  return {
    async conversation(
      user: AuthenticatedUser,
      target: ConversationTarget,
      audit: RequestAudit,
    ): Promise<ConversationResponse> {
      const subject = await subjectOf(user, target, audit);
      const entries = await conversations.list(subject.owner);
      audit.describe({ details: { entries: entries.length } });
      return { entries };
    },

    /**
     * Answers the question over the subject's index, from the cache when the same question was answered over the
     * same index by the same model, and records the question and its answer as a new exchange.
     */
    async query(
      user: AuthenticatedUser,
      target: ConversationTarget,
      request: QueryRequest,
      signal: AbortSignal,
      audit: RequestAudit,
    ): Promise<QueryResponse> {
      const subject = await subjectOf(user, target, audit);
      const question = request.query.trim();
      const k = request.k ?? QUERY_DEFAULT_K;
      const useCache = request.use_cache ?? QUERY_USE_CACHE_DEFAULT;
      const askedAt = clock();
      const fingerprint = await indexFingerprint(db, subject.scope);
      const cacheKey = { scope: subject.scope, question, k, modelIdentity, fingerprint };

      // The fingerprint covers the documents, the index and the record bundle, so a cached answer is never stale.
      const cached = useCache ? await cache.find(cacheKey) : null;
      let answer: ComposedAnswer;
      if (cached) {
        answer = cached;
      } else {
        answer = await compose(subject, question, k, signal);
        await cache.store(cacheKey, answer, clock());
        await cache.pruneStale(subject.scope, fingerprint);
      }
      const fromCache = cached !== null;
      const answeredAt = clock();
      const metadata: ConversationMetadata = {
        model_info: answer.model_info,
        context_documents_count: answer.context_documents,
        source_locations: answer.source_locations,
        location_summary: answer.location_summary,
        sentences: answer.sentences,
        from_cache: fromCache,
      };
      const entryIds = await db.transaction(async (tx) => {
        const repository = createConversationRepository(tx);
        const questionId = await repository.append(subject.owner, {
          type: 'user',
          content: question,
          metadata: null,
          at: askedAt,
        });
        const answerId = await repository.append(subject.owner, {
          type: 'assistant',
          content: answer.response,
          metadata,
          at: answeredAt,
        });
        // The question is patient data: the row says that one was asked, how long and what it cited, not its text.
        audit.describe({
          details: {
            question_length: question.length,
            k,
            use_cache: useCache,
            from_cache: fromCache,
            mode: answer.model_info.mode,
            model: answer.model_info.model,
            sources: citedPlaces(answer.source_locations),
            question_entry_id: questionId,
            answer_entry_id: answerId,
          },
        });
        await audit.recordWithin(tx);
        return { questionId, answerId };
      });
      return {
        response: answer.response,
        timestamp: answeredAt.toISOString(),
        model_info: answer.model_info,
        context_documents: answer.context_documents,
        source_locations: answer.source_locations,
        location_summary: answer.location_summary,
        sentences: answer.sentences,
        from_cache: fromCache,
        question_entry_id: entryIds.questionId,
        answer_entry_id: entryIds.answerId,
      };
    },

    async clear(
      user: AuthenticatedUser,
      target: ConversationTarget,
      audit: RequestAudit,
    ): Promise<ClearConversationResponse> {
      const subject = await subjectOf(user, target, audit);
      const removed = await db.transaction(async (tx) => {
        const count = await createConversationRepository(tx).clear(subject.owner);
        audit.describe({ details: { entries_removed: count } });
        await audit.recordWithin(tx);
        return count;
      });
      return { success: true, message: CONVERSATION_MESSAGES.cleared, entries_removed: removed };
    },

    /** The conversation as a Word document named by the patient (or the user) and the date. */
    async export(
      user: AuthenticatedUser,
      target: ConversationTarget,
      audit: RequestAudit,
    ): Promise<ConversationExport> {
      const subject = await subjectOf(user, target, audit);
      const entries = await conversations.list(subject.owner);
      if (entries.length === 0) throw badRequest(CONVERSATION_MESSAGES.nothingToExport);
      const now = clock();
      const { patient } = subject;
      const filename = patient
        ? patientConversationFileName(patient.FirstName, patient.Surname, now)
        : opinionConversationFileName(user.name, now);
      const content = await buildConversationDocx({
        title: patient
          ? `Conversation about ${patientName(patient)} (MRN ${patient.MRN})`
          : `Opinion documents of ${user.name}`,
        exportedOn: `Exported on ${formatEnGbDay(now)}`,
        entries,
        formatTimestamp: (iso) => formatEnGbDateTime(new Date(iso)),
      });
      audit.describe({ details: { filename, entries: entries.length } });
      return { filename, content };
    },

    /**
     * The conversation becomes a dated text document of the subject's records (or opinion documents), processed and
     * indexed like an upload, so later questions find it.
     */
    async saveToVectors(
      user: AuthenticatedUser,
      target: ConversationTarget,
      includeQueries: boolean,
      audit: RequestAudit,
    ): Promise<SaveConversationResponse> {
      const subject = await subjectOf(user, target, audit);
      const entries = await conversations.list(subject.owner);
      if (entries.length === 0) throw badRequest(CONVERSATION_MESSAGES.nothingToSave);
      const now = clock();
      const { patient } = subject;
      const transcript = conversationTranscript({
        heading: patient
          ? `Questions about the records of ${patientName(patient)} (MRN ${patient.MRN})`
          : `Questions about the opinion documents of ${user.name}`,
        savedLine: `Saved on ${formatEnGbDay(now)} at ${formatClockTime(now)} by ${user.name}`,
        entries,
        includeQueries,
      });
      const owner: TextDocumentOwner = patient ? { kind: 'patient', patient } : { kind: 'opinions', user };
      audit.describe({
        details: { include_queries: includeQueries, entries_saved: transcript.entriesSaved },
      });
      const stored = await storeTextDocument(
        { db, clock, files: deps.files, jobs: deps.jobs },
        owner,
        { filename: savedConversationFileName(now), text: transcript.text, uploadedBy: user.id },
        audit,
      );
      return {
        success: true,
        entries_saved: transcript.entriesSaved,
        message: CONVERSATION_MESSAGES.saved(transcript.entriesSaved, stored.filename, subject.scope.kind),
        filename: stored.filename,
        job_id: stored.jobId,
      };
    },

    /** The patient's Date of Event, as the record questions screen edits it; a blank value clears it. */
    async updateDateOfEvent(
      user: AuthenticatedUser,
      patientId: number,
      dateOfEvent: string | null | undefined,
      audit: RequestAudit,
    ): Promise<UpdateDateOfEventResponse> {
      const patient = await findPatientForTools(db, user, patientId, audit);
      if (!canEditPatient(user, patient.access_level)) throw forbidden(PATIENT_MESSAGES.cannotEdit);
      const updated = await updatePatientDateOfEvent(
        db,
        { userId: user.id, groupId: patient.ID_Group },
        patient.ID_Patient,
        dateOfEvent?.trim() || null,
        audit,
      );
      return { patient: updated, message: CONVERSATION_MESSAGES.dateOfEventUpdated };
    },

    /** One page of one of the subject's documents as indexed, with its passages, for the citation view. */
    async page(
      user: AuthenticatedUser,
      target: ConversationTarget,
      storageKey: string,
      page: number,
      audit: RequestAudit,
    ): Promise<DocumentPageResponse> {
      const subject = await subjectOf(user, target, audit);
      const { patient } = subject;
      const document = patient
        ? await pages.findOfPatient(patient.ID_Patient, patient.ID_Group, storageKey)
        : await pages.findOfOwner(user.id, storageKey);
      if (!document) throw notFound(CONVERSATION_MESSAGES.documentNotFound);
      audit.describe({ details: { document_id: document.id, filename: document.filename, page } });
      if (document.pageCount === null || page > document.pageCount) {
        throw notFound(CONVERSATION_MESSAGES.pageNotFound);
      }
      const rebuilt = rebuildPageText(await pages.passagesOfPage(document.id, page));
      const bundlePage = patient
        ? ((await bundlePagesFor(db, patient.ID_Patient, [document.id])).get(document.id)?.[page - 1] ?? null)
        : null;
      return {
        filename: document.filename,
        s3_key: document.storageKey,
        page,
        page_count: document.pageCount,
        bundle_page: bundlePage,
        text: rebuilt.text,
        passages: rebuilt.passages,
      };
    },
  };
}

export type ConversationService = ReturnType<typeof createConversationService>;
