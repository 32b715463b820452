import { TRANSCRIPTION_DUPLICATE_CACHE_MAX } from '@ewrt/contract/limits';

/** The final transcripts already taken, newest last (so the last one is the previous segment). */
export type FinalTranscriptCache = readonly string[];

export const EMPTY_FINAL_TRANSCRIPT_CACHE: FinalTranscriptCache = [];

/** How two finals are compared: spacing and letter case are what a recogniser varies when it repeats itself. */
function comparable(transcript: string): string {
  return transcript.trim().replace(/\s+/g, ' ').toLowerCase();
}

export interface FinalTranscriptDecision {
  /** The final is new: append it as a segment. */
  accepted: boolean;
  /** The cache to keep for the next final. */
  cache: FinalTranscriptCache;
}

/**
 * The duplicate rule of TRN-03: a final transcript is dropped when it is empty, equal to the
 * previous segment, or already present among the finals taken. The cache keeps the newest
 * TRANSCRIPTION_DUPLICATE_CACHE_MAX finals: above that the oldest are forgotten (and could be taken again).
 */
export function filterDuplicateFinal(
  cache: FinalTranscriptCache,
  transcript: string,
): FinalTranscriptDecision {
  const key = comparable(transcript);
  if (key === '' || cache.includes(key)) return { accepted: false, cache };
  const grown = [...cache, key];
  const pruned =
    grown.length > TRANSCRIPTION_DUPLICATE_CACHE_MAX
      ? grown.slice(grown.length - TRANSCRIPTION_DUPLICATE_CACHE_MAX)
      : grown;
  return { accepted: true, cache: pruned };
}
