import type { TranscriptionPayload } from '@ewrt/contract';
import { appendFinalText, TRANSCRIPTION_LOW_CONFIDENCE } from '@ewrt/contract/limits';
import {
  EMPTY_FINAL_TRANSCRIPT_CACHE,
  filterDuplicateFinal,
  type FinalTranscriptCache,
} from './filterDuplicateFinal';

/** A recognised piece of the dictation (TRN-01). */
export interface LiveSegment {
  id: string;
  text: string;
  isPartial: boolean;
  timestamp: string;
  /** 0–1, null when the recogniser gives none. */
  confidence: number | null;
}

/** A save on its way: the text it sent and the finals heard since, which the server keeps after that text. */
interface PendingSave {
  id: number;
  sentText: string;
  heardSince: string[];
}

/** What is on screen: the final text (as corrected), this session's final segments, the live line. */
export interface LiveTranscript {
  /** The final text as the typist sees and corrects it: a continued transcription's, then each final appended. */
  text: string;
  /**
   * The text the server holds, as far as this screen knows: as loaded or saved, grown by every final heard (the
   * server stores each before sending it). A save names it (based_on_text) so that the server keeps finals this
   * screen has not heard yet instead of overwriting them.
   */
  storedText: string;
  segments: LiveSegment[];
  /** The utterance being recognised: replaced by each partial, emptied by its final. */
  partial: string;
  cache: FinalTranscriptCache;
  nextSegmentNumber: number;
  pendingSaves: PendingSave[];
}

export type LiveTranscriptAction =
  | { type: 'recognised'; payload: TranscriptionPayload }
  | { type: 'partialEnded' }
  | { type: 'reset'; restoredText: string }
  | { type: 'edited'; text: string }
  | { type: 'saveSent'; id: number; text: string }
  | { type: 'saveAnswered'; id: number; saved: boolean };

export function emptyTranscript(restoredText = ''): LiveTranscript {
  return {
    text: restoredText,
    storedText: restoredText,
    segments: [],
    partial: '',
    cache: EMPTY_FINAL_TRANSCRIPT_CACHE,
    nextSegmentNumber: 1,
    pendingSaves: [],
  };
}

/** A final as the server stores it, whatever the screen shows: the stored text and every save on its way grow. */
function heard(state: LiveTranscript, final: string): LiveTranscript {
  return {
    ...state,
    storedText: appendFinalText(state.storedText, final),
    pendingSaves: state.pendingSaves.map((save) => ({ ...save, heardSince: [...save.heardSince, final] })),
  };
}

/**
 * Partials replace the live line; finals are appended after the text, corrections and all, unless they repeat one
 * (TRN-03). A save that succeeded leaves the server holding the text it sent with the finals heard since.
 */
export function liveTranscriptReducer(state: LiveTranscript, action: LiveTranscriptAction): LiveTranscript {
  switch (action.type) {
    case 'recognised': {
      const { payload } = action;
      if (payload.isPartial) return { ...state, partial: payload.transcript };
      const stored = heard(state, payload.transcript);
      const decision = filterDuplicateFinal(state.cache, payload.transcript);
      if (!decision.accepted) return { ...stored, partial: '' };
      const segment: LiveSegment = {
        id: `segment-${state.nextSegmentNumber}`,
        text: payload.transcript.trim(),
        isPartial: false,
        timestamp: payload.timestamp,
        confidence: payload.confidence,
      };
      return {
        ...stored,
        text: appendFinalText(state.text, segment.text),
        segments: [...state.segments, segment],
        partial: '',
        cache: decision.cache,
        nextSegmentNumber: state.nextSegmentNumber + 1,
      };
    }
    case 'partialEnded':
      return { ...state, partial: '' };
    case 'reset':
      return emptyTranscript(action.restoredText);
    case 'edited':
      return { ...state, text: action.text };
    case 'saveSent':
      return {
        ...state,
        pendingSaves: [...state.pendingSaves, { id: action.id, sentText: action.text, heardSince: [] }],
      };
    case 'saveAnswered': {
      const save = state.pendingSaves.find((pending) => pending.id === action.id);
      const pendingSaves = state.pendingSaves.filter((pending) => pending.id !== action.id);
      if (!save || !action.saved) return { ...state, pendingSaves };
      return { ...state, pendingSaves, storedText: save.heardSince.reduce(appendFinalText, save.sentText) };
    }
  }
}

/** This session's finals recognised with low confidence and still in the text: what the typist should check. */
export function segmentsToCheck(transcript: LiveTranscript): LiveSegment[] {
  return transcript.segments.filter(
    (segment) =>
      segment.confidence !== null &&
      segment.confidence < TRANSCRIPTION_LOW_CONFIDENCE &&
      transcript.text.includes(segment.text),
  );
}

/** Words of a text, as the summary counts them. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}
