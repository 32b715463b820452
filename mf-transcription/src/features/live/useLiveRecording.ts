import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type {
  SaveTranscriptionResponse,
  TranscriptionErrorPayload,
  TranscriptionPayload,
  TranscriptionStartedPayload,
  TranscriptionStoppedPayload,
} from '@ewrt/contract';
import { TRANSCRIPTION_AUTOSAVE_INTERVAL_MS, TRANSCRIPTION_EVENTS } from '@ewrt/contract/limits';
import { saveTranscription } from '../api/transcriptionApi';
import { emptyTranscript, liveTranscriptReducer, type LiveTranscript } from './liveTranscript';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages';
import { startMicrophoneCapture, type MicrophoneCapture } from './startMicrophoneCapture';
import { startRefusal } from './startRefusal';
import { useTranscriptionSocket, type TranscriptionSocket } from './useTranscriptionSocket';

/** TRN-03: idle, then recording, paused and recording again, then stopped. */
export type RecordingPhase = 'idle' | 'starting' | 'recording' | 'paused' | 'stopped';

/** What went wrong last, shown until the next attempt; the recogniser's install command when it is missing. */
export interface RecordingProblem {
  text: string;
  installCommand: string | null;
}

/** A saved transcription to continue: its text and the draft its new segments go to. */
export interface RestoredTranscription {
  text: string;
  transcriptionId: number;
  /** An uploaded recording's length and stretches of speech, counted in the summary; 0 for live dictation. */
  durationSeconds?: number;
  segmentCount?: number;
}

/** Whether the typist may correct the text: not while words are arriving (recording, or about to). */
export const isEditable = (phase: RecordingPhase): boolean => phase !== 'recording' && phase !== 'starting';

/** Audio held while the server opens the stream: a few seconds at most, then the oldest is dropped. */
const MAX_QUEUED_CHUNKS = 64;
const DURATION_TICK_MS = 1000;

// Declared boolean, not inferred as a type guard: the phase is read from a ref that changes across awaits.
const isActive = (phase: RecordingPhase): boolean =>
  phase === 'starting' || phase === 'recording' || phase === 'paused';

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export interface LiveRecording {
  connection: Pick<TranscriptionSocket, 'status' | 'connectError' | 'reconnect'>;
  phase: RecordingPhase;
  transcript: LiveTranscript;
  /** The whole transcript as it is saved, corrections included. */
  text: string;
  /** The typist's correction of the text (while not recording). */
  edit: (text: string) => void;
  /** The saved draft the recording goes to: from the server's transcription_started, a save, or a loaded one. */
  draftId: number | null;
  /** When this page last saved the draft (ISO), null before. */
  lastSavedAt: string | null;
  /** The recogniser the server named when the stream started. */
  recognizer: string | null;
  /** Time spent recording, pauses excluded (with a restored recording's length). */
  durationMs: number;
  /** The segments a restored uploaded recording was recognised as, before this session's. */
  restoredSegments: number;
  problem: RecordingProblem | null;
  reportProblem: (text: string) => void;
  start: () => Promise<void>;
  pause: () => void;
  resume: () => void;
  stop: () => void;
  /**
   * Stops any recording and starts over: empty, or continuing a saved transcription. The server forgets the draft
   * it was appending to (clear_transcription_tracking), so the next start opens a new one or the restored one.
   */
  startOver: (restored?: RestoredTranscription) => void;
  /** Saves the transcript over the draft as Incomplete (the Save Incomplete action and the auto-save). */
  saveDraft: () => Promise<SaveTranscriptionResponse>;
}

/**
 * A live dictation for one patient (TRN-02, TRN-03): the microphone's audio streamed over the socket, the
 * recognised text, the draft it is stored in, auto-saved every TRANSCRIPTION_AUTOSAVE_INTERVAL_MS while recording.
 */
export function useLiveRecording({
  patientId,
  typeId,
}: {
  patientId: number;
  typeId: number | null;
}): LiveRecording {
  const [phase, setPhaseState] = useState<RecordingPhase>('idle');
  const phaseRef = useRef<RecordingPhase>('idle');
  const [transcript, dispatch] = useReducer(liveTranscriptReducer, undefined, () => emptyTranscript());
  const [draftId, setDraftIdState] = useState<number | null>(null);
  const draftIdRef = useRef<number | null>(null);
  const [lastSavedAt, setLastSavedAt] = useState<string | null>(null);
  const [recognizer, setRecognizer] = useState<string | null>(null);
  const [problem, setProblem] = useState<RecordingProblem | null>(null);
  const [restoredSegments, setRestoredSegments] = useState(0);
  // Time recorded before the current stretch, and when the current stretch began (null while not recording).
  const [timing, setTiming] = useState<{ recordedMs: number; since: number | null }>({
    recordedMs: 0,
    since: null,
  });
  const recordingSinceRef = useRef<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const captureRef = useRef<MicrophoneCapture | null>(null);
  const queuedChunks = useRef<ArrayBuffer[]>([]);
  const saveNumber = useRef(0);
  const { text } = transcript;

  const setPhase = useCallback((next: RecordingPhase) => {
    phaseRef.current = next;
    setPhaseState(next);
  }, []);
  const setDraftId = useCallback((id: number | null) => {
    draftIdRef.current = id;
    setDraftIdState(id);
  }, []);
  const startClock = useCallback(() => {
    const since = Date.now();
    recordingSinceRef.current = since;
    setNow(since);
    setTiming((previous) => ({ ...previous, since }));
  }, []);
  const stopClock = useCallback(() => {
    const since = recordingSinceRef.current;
    recordingSinceRef.current = null;
    if (since === null) return;
    const stretch = Date.now() - since;
    setTiming((previous) => ({ recordedMs: previous.recordedMs + stretch, since: null }));
  }, []);

  // What the auto-save and the socket's listeners read: always the latest render's.
  const latest = useRef({ text, storedText: transcript.storedText, typeId, patientId });
  useEffect(() => {
    latest.current = { text, storedText: transcript.storedText, typeId, patientId };
  });

  const saveDraft = useCallback(async () => {
    const current = latest.current;
    if (current.text.trim() === '') throw new Error(LIVE_TRANSCRIPTION_MESSAGES.nothingToSave);
    if (current.typeId === null) throw new Error(LIVE_TRANSCRIPTION_MESSAGES.noTypeToProcess);
    const draft = draftIdRef.current;
    saveNumber.current += 1;
    const id = saveNumber.current;
    dispatch({ type: 'saveSent', id, text: current.text });
    let saved = false;
    try {
      const answer = await saveTranscription({
        patient_id: current.patientId,
        transcription_text: current.text,
        transcription_type_id: current.typeId,
        is_complete: false,
        transcription_id: draft,
        // Over a draft, the server keeps the finals it stored after this text rather than overwriting them.
        ...(draft === null ? {} : { based_on_text: current.storedText }),
      });
      saved = true;
      setDraftId(answer.transcription_id);
      setLastSavedAt(new Date().toISOString());
      return answer;
    } finally {
      dispatch({ type: 'saveAnswered', id, saved });
    }
  }, [setDraftId]);

  /** TRN-03: an auto-save that fails is only logged; the next one (or Save Incomplete) tries again. */
  const autoSave = useCallback(() => {
    const current = latest.current;
    if (current.text.trim() === '' || current.typeId === null) return;
    saveDraft().catch((error: unknown) => console.error('Auto-save of the live transcription failed', error));
  }, [saveDraft]);

  /** Ends the capture and the time count; the caller decides what the server is told. */
  const endCapture = useCallback(
    (next: RecordingPhase) => {
      const capture = captureRef.current;
      captureRef.current = null;
      queuedChunks.current = [];
      if (capture) {
        capture
          .stop()
          .catch((error: unknown) => console.error('The microphone could not be released', error));
      }
      stopClock();
      setPhase(next);
    },
    [stopClock, setPhase],
  );

  const socket = useTranscriptionSocket({
    onStarted: (payload: TranscriptionStartedPayload) => {
      setDraftId(payload.transcription_id);
      setRecognizer(payload.recognizer);
      if (phaseRef.current !== 'starting') return;
      setPhase('recording');
      startClock();
      const held = queuedChunks.current;
      queuedChunks.current = [];
      held.forEach((chunk) => socket.send(TRANSCRIPTION_EVENTS.AUDIO, chunk));
    },
    onTranscription: (payload: TranscriptionPayload) => dispatch({ type: 'recognised', payload }),
    onStopped: (payload: TranscriptionStoppedPayload) => {
      if (payload.transcription_id !== null) setDraftId(payload.transcription_id);
      dispatch({ type: 'partialEnded' });
    },
    onError: (payload: TranscriptionErrorPayload) => {
      if (isActive(phaseRef.current)) {
        socket.send(TRANSCRIPTION_EVENTS.STOP);
        endCapture('stopped');
      }
      setProblem({
        text: payload.error || LIVE_TRANSCRIPTION_MESSAGES.serviceError,
        installCommand: payload.install_command ?? null,
      });
      autoSave();
    },
    onConnectionLost: () => {
      if (!isActive(phaseRef.current)) return;
      endCapture('stopped');
      setProblem({ text: LIVE_TRANSCRIPTION_MESSAGES.connectionLost, installCommand: null });
      autoSave();
    },
  });
  const { send } = socket;

  const sendChunk = useCallback(
    (chunk: ArrayBuffer) => {
      if (phaseRef.current === 'recording') {
        send(TRANSCRIPTION_EVENTS.AUDIO, chunk);
      } else if (phaseRef.current === 'starting') {
        queuedChunks.current.push(chunk);
        if (queuedChunks.current.length > MAX_QUEUED_CHUNKS) queuedChunks.current.shift();
      }
    },
    [send],
  );

  const start = useCallback(async () => {
    if (isActive(phaseRef.current)) return;
    const refusal = startRefusal({ typeId, patientId, connected: socket.status === 'connected' });
    if (refusal !== null || typeId === null) {
      setProblem({ text: refusal ?? LIVE_TRANSCRIPTION_MESSAGES.noTypeToStart, installCommand: null });
      return;
    }
    setProblem(null);
    const before = phaseRef.current;
    setPhase('starting');
    let capture: MicrophoneCapture;
    try {
      capture = await startMicrophoneCapture(sendChunk);
    } catch (error) {
      if (phaseRef.current === 'starting') setPhase(before);
      setProblem({
        text: LIVE_TRANSCRIPTION_MESSAGES.microphoneFailed(describeError(error)),
        installCommand: null,
      });
      return;
    }
    // The connection dropped, or the user started over, while the browser asked for the microphone.
    if (phaseRef.current !== 'starting') {
      void capture.stop();
      return;
    }
    captureRef.current = capture;
    const sent = send(TRANSCRIPTION_EVENTS.START, {
      sampleRate: Math.round(capture.sampleRate),
      patient_id: patientId,
      transcription_type_id: typeId,
      transcription_id: draftIdRef.current,
    });
    if (!sent) {
      endCapture(before);
      setProblem({ text: LIVE_TRANSCRIPTION_MESSAGES.notConnected, installCommand: null });
    }
  }, [typeId, patientId, socket.status, send, sendChunk, setPhase, endCapture]);

  const pause = useCallback(() => {
    if (phaseRef.current !== 'recording') return;
    send(TRANSCRIPTION_EVENTS.PAUSE);
    void captureRef.current?.pause();
    stopClock();
    setPhase('paused');
  }, [send, stopClock, setPhase]);

  const resume = useCallback(() => {
    if (phaseRef.current !== 'paused') return;
    send(TRANSCRIPTION_EVENTS.RESUME);
    void captureRef.current?.resume();
    startClock();
    setPhase('recording');
  }, [send, startClock, setPhase]);

  const stop = useCallback(() => {
    if (!isActive(phaseRef.current)) return;
    send(TRANSCRIPTION_EVENTS.STOP);
    endCapture('stopped');
  }, [send, endCapture]);

  const startOver = useCallback(
    (restored?: RestoredTranscription) => {
      if (isActive(phaseRef.current)) {
        send(TRANSCRIPTION_EVENTS.STOP);
        endCapture('idle');
      }
      send(TRANSCRIPTION_EVENTS.CLEAR_TRACKING);
      setPhase('idle');
      dispatch({ type: 'reset', restoredText: restored?.text ?? '' });
      setDraftId(restored?.transcriptionId ?? null);
      setLastSavedAt(null);
      setRecognizer(null);
      setProblem(null);
      recordingSinceRef.current = null;
      setTiming({ recordedMs: (restored?.durationSeconds ?? 0) * 1000, since: null });
      setRestoredSegments(restored?.segmentCount ?? 0);
    },
    [send, endCapture, setPhase, setDraftId],
  );

  const reportProblem = useCallback((problemText: string) => {
    setProblem({ text: problemText, installCommand: null });
  }, []);

  // Auto-save while recording (TRN-03), and while a draft has corrections not yet saved.
  const unsavedCorrections = draftId !== null && text !== transcript.storedText;
  useEffect(() => {
    if (phase !== 'recording' && !unsavedCorrections) return;
    const timer = setInterval(autoSave, TRANSCRIPTION_AUTOSAVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [phase, unsavedCorrections, autoSave]);

  const edit = useCallback((edited: string) => {
    if (isEditable(phaseRef.current)) dispatch({ type: 'edited', text: edited });
  }, []);

  // The duration shown moves on each second while recording.
  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = setInterval(() => setNow(Date.now()), DURATION_TICK_MS);
    return () => clearInterval(timer);
  }, [phase]);

  // Leaving the screen releases the microphone; the socket closes with it and the server keeps the last final.
  useEffect(
    () => () => {
      const capture = captureRef.current;
      captureRef.current = null;
      if (capture) void capture.stop();
    },
    [],
  );

  const durationMs = timing.recordedMs + (timing.since !== null ? Math.max(0, now - timing.since) : 0);
  return {
    connection: { status: socket.status, connectError: socket.connectError, reconnect: socket.reconnect },
    phase,
    transcript,
    text,
    edit,
    draftId,
    lastSavedAt,
    recognizer,
    durationMs,
    restoredSegments,
    problem,
    reportProblem,
    start,
    pause,
    resume,
    stop,
    startOver,
    saveDraft,
  };
}
