import type { TranscriptionPayload } from '@ewrt/contract';
import {
  EMPTY_FINAL_TRANSCRIPT_CACHE,
  filterDuplicateFinal,
  type FinalTranscriptCache,
} from './filterDuplicateFinal';

/** A recognised piece of the dictation (part 3 §3 "Live segment"). */
export interface LiveSegment {
  id: string;
  text: string;
  isPartial: boolean;
  timestamp: string;
  /** 0–1, null when the recogniser gives none. */
  confidence: number | null;
}

/** What is on screen: the text of a continued transcription, this session's final segments, the live line. */
export interface LiveTranscript {
  /** The saved text a continued transcription started from ('' for a new one). */
  restoredText: string;
  segments: LiveSegment[];
  /** The utterance being recognised: replaced by each partial, emptied by its final. */
  partial: string;
  cache: FinalTranscriptCache;
  nextSegmentNumber: number;
}

export type LiveTranscriptAction =
  | { type: 'recognised'; payload: TranscriptionPayload }
  | { type: 'partialEnded' }
  | { type: 'reset'; restoredText: string };

export function emptyTranscript(restoredText = ''): LiveTranscript {
  return {
    restoredText,
    segments: [],
    partial: '',
    cache: EMPTY_FINAL_TRANSCRIPT_CACHE,
    nextSegmentNumber: 1,
  };
}

/** Partials replace the live line; finals are appended as segments unless they repeat one (part 3 §4). */
export function liveTranscriptReducer(state: LiveTranscript, action: LiveTranscriptAction): LiveTranscript {
  switch (action.type) {
    case 'recognised': {
      const { payload } = action;
      if (payload.isPartial) return { ...state, partial: payload.transcript };
      const decision = filterDuplicateFinal(state.cache, payload.transcript);
      if (!decision.accepted) return { ...state, partial: '' };
      const segment: LiveSegment = {
        id: `segment-${state.nextSegmentNumber}`,
        text: payload.transcript.trim(),
        isPartial: false,
        timestamp: payload.timestamp,
        confidence: payload.confidence,
      };
      return {
        ...state,
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
  }
}

/** The transcript as it is saved: the restored text, then each final segment, separated by a space. */
export function transcriptText(transcript: LiveTranscript): string {
  return [transcript.restoredText.trim(), ...transcript.segments.map((segment) => segment.text)]
    .filter((part) => part !== '')
    .join(' ');
}

/** Words of a text, as the summary counts them. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}
