import {
  StartTranscriptionPayloadSchema,
  TRANSCRIPTION_EVENTS,
  TRANSCRIPTION_PAUSED_RELEASE_MS,
  type StartTranscriptionPayload,
  type TranscriptionErrorPayload,
  type TranscriptionPayload,
  type TranscriptionStartedPayload,
  type TranscriptionStoppedPayload,
} from '@ewrt/contract';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { describeValidationFailure } from '../../http/validation/describeValidationFailure.js';
import { HttpError, badRequest, notFound, unauthorized } from '../../http/HttpError.js';
import type { AuditOrigin } from '../audit/recordAudit.js';
import { SESSION_MESSAGES } from '../auth/authenticateRequest.js';
import type { AuthenticatedUser, UserDirectory } from '../auth/userDirectory.js';
import { findPatientForTools } from '../patients/findPatientForTools.js';
import {
  RECOGNIZER_SAMPLE_RATE_HZ,
  SpeechUnavailableError,
  type LiveRecognition,
  type RecognizedSegment,
  type SpeechRecognizer,
} from '../../platform/speech/SpeechRecognizer.js';
import { createLiveAudioAllowance, type LiveAudioAllowance } from './liveAudioAllowance.js';
import { LIVE_AUDIO_MAX_CHUNK_BYTES, liveAudioSamples } from './liveAudioSamples.js';
import { LiveTranscriptionAudit } from './liveTranscriptionAudit.js';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages.js';
import { createMyWordsRepository } from './myWordsRepository.js';
import { TRANSCRIPTION_RULE } from './transcriptionAccess.js';
import { TRANSCRIPTION_MESSAGES } from './transcriptionMessages.js';
import { createTranscriptionRepository } from './transcriptionRepository.js';

export interface LiveTranscriptionSessionDeps {
  db: Database;
  clock: Clock;
  users: UserDirectory;
  speech: SpeechRecognizer;
  log: FastifyBaseLogger;
  /** How long a paused stream keeps its recogniser; TRANSCRIPTION_PAUSED_RELEASE_MS unless a test says. */
  pausedReleaseMs?: number;
}

/** The socket as a session sees it: who opened it, where from, and how to answer. */
export interface LiveTranscriptionSocket {
  userId: number;
  origin: AuditOrigin;
  emit(event: string, payload?: unknown): void;
}

/** The transcription a session's finals are stored in, until clear_transcription_tracking. */
interface TrackedDraft {
  id: number;
  patientId: number;
}

/** A running recogniser stream and what it stores into. */
interface ActiveStream {
  /** Null while a long pause has given the recogniser back; resuming takes one again. */
  recognition: LiveRecognition | null;
  draftId: number;
  allowance: LiveAudioAllowance;
  sampleRate: number;
  /** The user's own words, added to the recogniser's vocabulary (again when a long pause ends). */
  vocabulary: string[];
}

/** What a stream's listener reports to: its draft and the stream, both known once its start is stored. */
interface StreamTarget {
  draftId: number | null;
  stream: ActiveStream | null;
}

const startPayloadChecker = TypeCompiler.Compile(StartTranscriptionPayloadSchema);

/** The HTTP status a refusal of the same kind answers, for the audit row. */
const SPEECH_UNAVAILABLE_STATUS = 503;
const FAILED_STATUS = 500;

/**
 * One browser socket's live dictation (TRN-03, TRN-04): at most one
 * recogniser stream, fed audio_data while recording; every final segment is appended to the draft transcription
 * before the browser hears it, so a browser crash loses at most the utterance in progress. Control events run one
 * after another (a start's checks, a pause's flush); audio is handled as it arrives.
 */
export class LiveTranscriptionSession {
  private readonly repository;
  private draft: TrackedDraft | null = null;
  private stream: ActiveStream | null = null;
  /** Whether audio_data goes to the stream: false while paused, and from the moment a stop or pause arrives. */
  private feeding = false;
  private ended = false;
  private control: Promise<void> = Promise.resolve();
  /** Stores finals and emits recognised text in the order the recogniser produced it. */
  private output: Promise<void> = Promise.resolve();
  /** Gives a paused stream's recogniser back once the pause has lasted pausedReleaseMs. */
  private pausedRelease: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: LiveTranscriptionSessionDeps,
    private readonly socket: LiveTranscriptionSocket,
  ) {
    this.repository = createTranscriptionRepository(deps.db);
  }

  start(payload: unknown): Promise<void> {
    return this.enqueue(() => this.begin(payload));
  }

  pause(): Promise<void> {
    this.feeding = false;
    return this.enqueue(async () => {
      const stream = this.stream;
      if (!stream) return this.emitError(LIVE_TRANSCRIPTION_MESSAGES.notRunning);
      this.feeding = false;
      // What was said before the pause becomes a final segment now, not when speech resumes.
      await this.flushStream(stream);
      this.emit(TRANSCRIPTION_EVENTS.PAUSED, this.draftIdPayload());
      this.schedulePausedRelease(stream);
    });
  }

  resume(): Promise<void> {
    return this.enqueue(async () => {
      const stream = this.stream;
      if (!stream) return this.emitError(LIVE_TRANSCRIPTION_MESSAGES.notRunning);
      this.cancelPausedRelease();
      if (!stream.recognition) {
        try {
          stream.recognition = this.deps.speech.startLive(
            this.listenerFor({ draftId: stream.draftId, stream }),
            { sampleRate: stream.sampleRate, vocabulary: stream.vocabulary },
          );
        } catch (error) {
          // Still paused, the draft kept: the browser hears why (e.g. every recogniser is busy) and may try again.
          if (error instanceof SpeechUnavailableError)
            return this.emitError(error.message, error.installCommand);
          throw error;
        }
      }
      this.feeding = true;
      this.emit(TRANSCRIPTION_EVENTS.RESUMED, this.draftIdPayload());
    });
  }

  /**
   * A recogniser is a scarce place (SPEECH_MAX_STREAMS): a stream paused and forgotten (a typist correcting, a tab
   * left open) gives its place back after a bounded time. Its draft and the session stay; resume takes a new one.
   */
  private schedulePausedRelease(stream: ActiveStream): void {
    this.cancelPausedRelease();
    const timer = setTimeout(() => {
      void this.enqueue(async () => {
        if (this.pausedRelease !== timer || this.stream !== stream || this.feeding) return;
        this.pausedRelease = null;
        const recognition = stream.recognition;
        stream.recognition = null;
        await recognition?.close();
        await this.output;
      });
    }, this.deps.pausedReleaseMs ?? TRANSCRIPTION_PAUSED_RELEASE_MS);
    timer.unref();
    this.pausedRelease = timer;
  }

  private cancelPausedRelease(): void {
    if (this.pausedRelease) clearTimeout(this.pausedRelease);
    this.pausedRelease = null;
  }

  stop(): Promise<void> {
    this.feeding = false;
    return this.enqueue(async () => {
      await this.closeStream();
      this.emit(TRANSCRIPTION_EVENTS.STOPPED, this.draftIdPayload());
    });
  }

  /** Forgets the draft: the next start opens a new transcription unless it names one to continue. */
  clearTracking(): Promise<void> {
    return this.enqueue(async () => {
      this.draft = null;
    });
  }

  /**
   * The socket is gone (a disconnect, a sign-out) or the server is stopping: the utterance in progress is stored,
   * the recogniser released, and nothing more is done. `message` is told to a socket that is still open.
   */
  end(message: string | null = null): Promise<void> {
    this.feeding = false;
    return this.enqueue(async () => {
      this.ended = true;
      const hadStream = this.stream !== null;
      await this.closeStream();
      if (message !== null && hadStream) this.emitError(message);
    });
  }

  /** One audio_data message: written to the stream while recording, otherwise ignored. */
  receiveAudio(data: unknown): void {
    const stream = this.stream;
    if (!stream || !this.feeding) return;
    const byteLength = ArrayBuffer.isView(data) || data instanceof ArrayBuffer ? data.byteLength : null;
    if (byteLength !== null && byteLength > LIVE_AUDIO_MAX_CHUNK_BYTES) {
      return this.refuseAudio(stream, LIVE_TRANSCRIPTION_MESSAGES.audioChunkTooLarge);
    }
    const samples = liveAudioSamples(data);
    if (!samples) return this.refuseAudio(stream, LIVE_TRANSCRIPTION_MESSAGES.audioUnreadable);
    if (!stream.allowance.take(samples.length))
      return this.refuseAudio(stream, LIVE_TRANSCRIPTION_MESSAGES.audioTooFast);
    if (samples.length > 0) stream.recognition?.write(samples);
  }

  /** Audio the server will not take: the stream ends (what was heard is kept) and the browser is told why. */
  private refuseAudio(stream: ActiveStream, message: string): void {
    this.deps.log.warn({ userId: this.socket.userId }, `live transcription refused audio: ${message}`);
    this.emitError(message);
    this.abandon(stream);
  }

  /** Stops feeding the stream and closes it once the control events before have run. */
  private abandon(stream: ActiveStream): void {
    if (this.stream === stream) this.feeding = false;
    void this.enqueue(async () => {
      if (this.stream === stream) await this.closeStream();
    });
  }

  private enqueue(operation: () => Promise<void>): Promise<void> {
    const run = this.control.then(async () => {
      if (this.ended) return;
      try {
        await operation();
      } catch (error) {
        this.deps.log.error({ err: error, userId: this.socket.userId }, 'live transcription failed');
        this.emitError(LIVE_TRANSCRIPTION_MESSAGES.failed);
      }
    });
    this.control = run;
    return run;
  }

  private async begin(payload: unknown): Promise<void> {
    const audit = new LiveTranscriptionAudit(this.socket.origin, this.socket.userId);
    let recognition: LiveRecognition | null = null;
    try {
      // A second start while a stream runs ends the first, its last utterance stored in its own draft.
      this.feeding = false;
      await this.closeStream();
      if (!startPayloadChecker.Check(payload)) {
        throw badRequest(describeValidationFailure(StartTranscriptionPayloadSchema, payload, 'body').message);
      }
      const user = await this.currentUser();
      const patient = await findPatientForTools(
        this.deps.db,
        user,
        payload.patient_id,
        audit,
        TRANSCRIPTION_RULE,
      );
      if ((await this.repository.findTypeName(payload.transcription_type_id)) === null) {
        throw notFound(TRANSCRIPTION_MESSAGES.unknownType);
      }
      const continued = await this.draftToContinue(payload, patient.ID_Patient);
      const availability = this.deps.speech.availability();
      const vocabulary = await createMyWordsRepository(this.deps.db).vocabularyOf(user.id);
      // The recogniser first: when it cannot run, no empty draft is left behind.
      const target: StreamTarget = { draftId: continued, stream: null };
      recognition = this.deps.speech.startLive(this.listenerFor(target), {
        sampleRate: payload.sampleRate,
        vocabulary,
      });
      const draftId = await this.storeDraft(payload, user, patient.ID_Patient, continued, audit);
      target.draftId = draftId;
      target.stream = {
        recognition,
        draftId,
        allowance: createLiveAudioAllowance(payload.sampleRate),
        sampleRate: payload.sampleRate,
        vocabulary,
      };
      this.draft = { id: draftId, patientId: patient.ID_Patient };
      this.stream = target.stream;
      this.feeding = true;
      const started: TranscriptionStartedPayload = {
        transcription_id: draftId,
        recognizer: availability.name,
        recognizer_sample_rate: RECOGNIZER_SAMPLE_RATE_HZ,
      };
      this.emit(TRANSCRIPTION_EVENTS.STARTED, started);
    } catch (error) {
      if (recognition) await recognition.close().catch(() => undefined);
      await this.refuseStart(error, audit);
    }
  }

  /** The user of the socket as they are now: one deactivated or removed since connecting may not start. */
  private async currentUser(): Promise<AuthenticatedUser> {
    const { users } = this.deps;
    let user = await users.getCached(this.socket.userId);
    if (user && !user.active) user = await users.getFresh(this.socket.userId);
    if (!user?.active) throw unauthorized(SESSION_MESSAGES.invalid);
    return user;
  }

  /**
   * The Incomplete transcription of this patient the start continues: the one it names, else the one this socket
   * has been recording into (until clear_transcription_tracking). Null: a new draft is needed.
   */
  private async draftToContinue(
    payload: StartTranscriptionPayload,
    patientId: number,
  ): Promise<number | null> {
    const named = payload.transcription_id ?? null;
    if (named !== null) {
      const found = await this.repository.findOfPatient(patientId, named);
      if (!found) throw notFound(TRANSCRIPTION_MESSAGES.notFound);
      if (found.storageKey !== null) throw new HttpError(409, TRANSCRIPTION_MESSAGES.alreadyComplete);
      return found.id;
    }
    if (this.draft?.patientId !== patientId) return null;
    const tracked = await this.repository.findOfPatient(patientId, this.draft.id);
    return tracked && tracked.storageKey === null ? tracked.id : null;
  }

  /** Creates the draft when there is none to continue, with the audit row of the start in the same transaction. */
  private async storeDraft(
    payload: StartTranscriptionPayload,
    user: AuthenticatedUser,
    patientId: number,
    continued: number | null,
    audit: LiveTranscriptionAudit,
  ): Promise<number> {
    const details = { sample_rate: payload.sampleRate, transcription_type_id: payload.transcription_type_id };
    if (continued !== null) {
      audit.describe({ details: { ...details, transcription_id: continued, continued: true } });
      await audit.record(this.deps.db, 200);
      return continued;
    }
    return this.deps.db.transaction(async (tx) => {
      const id = await createTranscriptionRepository(tx).createDraft({
        patientId,
        typeId: payload.transcription_type_id,
        userId: user.id,
        source: 'live',
        now: this.deps.clock(),
      });
      audit.describe({ details: { ...details, transcription_id: id, continued: false } });
      await audit.record(tx, 200);
      return id;
    });
  }

  private async refuseStart(error: unknown, audit: LiveTranscriptionAudit): Promise<void> {
    let status: number;
    if (error instanceof HttpError) {
      status = error.statusCode;
      this.emitError(error.message);
    } else if (error instanceof SpeechUnavailableError) {
      status = SPEECH_UNAVAILABLE_STATUS;
      this.emitError(error.message, error.installCommand);
    } else {
      status = FAILED_STATUS;
      this.deps.log.error({ err: error, userId: this.socket.userId }, 'live transcription could not start');
      this.emitError(LIVE_TRANSCRIPTION_MESSAGES.couldNotStart);
    }
    await audit.record(this.deps.db, status).catch((auditError: unknown) => {
      this.deps.log.error(
        { err: auditError },
        'the audit row of a refused live transcription was not written',
      );
    });
  }

  /**
   * What the recogniser reports, in order: partials straight to the browser, finals first appended to the draft.
   * No speech can come before the draft is stored: no audio reaches the stream until its start is answered.
   */
  private listenerFor(target: StreamTarget) {
    return {
      onPartial: (text: string, confidence: number | null) => {
        this.queueOutput(async () => this.emitTranscript(text, true, confidence));
      },
      onFinal: (segment: RecognizedSegment) => {
        this.queueOutput(async () => {
          if (target.draftId !== null) await this.storeFinal(target.draftId, segment.text);
          this.emitTranscript(segment.text, false, segment.confidence);
        });
      },
      onError: (error: Error) => {
        this.deps.log.error({ err: error, userId: this.socket.userId }, 'live speech recognition failed');
        this.queueOutput(async () => this.emitError(error.message));
        if (target.stream) this.abandon(target.stream);
      },
    };
  }

  /**
   * Appends a final to its draft. A failure is told to the browser (which saves its copy) and recognition goes on;
   * a draft deleted or completed meanwhile is not written to.
   */
  private async storeFinal(draftId: number, text: string): Promise<void> {
    try {
      const draft = await this.repository.findById(draftId);
      if (!draft) return this.emitError(TRANSCRIPTION_MESSAGES.notFound);
      if (draft.storageKey !== null) return this.emitError(TRANSCRIPTION_MESSAGES.alreadyComplete);
      await this.repository.appendFinal(draftId, text, this.deps.clock());
    } catch (error) {
      this.deps.log.error({ err: error, transcriptionId: draftId }, 'a live final segment was not stored');
      this.emitError(LIVE_TRANSCRIPTION_MESSAGES.saveFailed);
    }
  }

  private queueOutput(step: () => Promise<void>): void {
    this.output = this.output.then(step).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'live transcription output failed');
    });
  }

  /** Ends the utterance in progress and waits until its final is stored and sent. */
  private async flushStream(stream: ActiveStream): Promise<void> {
    await stream.recognition?.flush();
    await this.output;
  }

  /** Flushes and releases the running stream, if any. */
  private async closeStream(): Promise<void> {
    const stream = this.stream;
    if (!stream) return;
    this.stream = null;
    this.feeding = false;
    this.cancelPausedRelease();
    try {
      await stream.recognition?.close();
    } catch (error) {
      this.deps.log.error(
        { err: error, transcriptionId: stream.draftId },
        'the live recogniser did not close',
      );
    }
    await this.output;
  }

  private draftIdPayload(): TranscriptionStoppedPayload {
    return { transcription_id: this.draft?.id ?? null };
  }

  private emitTranscript(transcript: string, isPartial: boolean, confidence: number | null): void {
    const payload: TranscriptionPayload = {
      transcript,
      isPartial,
      confidence: confidence === null ? null : Math.min(1, Math.max(0, confidence)),
      timestamp: this.deps.clock().toISOString(),
    };
    this.emit(TRANSCRIPTION_EVENTS.TRANSCRIPTION, payload);
  }

  private emitError(error: string, installCommand: string | null = null): void {
    const payload: TranscriptionErrorPayload = installCommand
      ? { error, install_command: installCommand }
      : { error };
    this.emit(TRANSCRIPTION_EVENTS.ERROR, payload);
  }

  private emit(event: string, payload?: unknown): void {
    this.socket.emit(event, payload);
  }
}
