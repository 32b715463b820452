import type { Transcription } from '@ewrt/contract';

export interface SplitTranscriptions {
  completed: Transcription[];
  incomplete: Transcription[];
}

/** The patient's transcriptions by status (Complete or Incomplete, as the server says), newest first in each. */
export function splitTranscriptions(transcriptions: readonly Transcription[]): SplitTranscriptions {
  const newestFirst = [...transcriptions].sort(
    (a, b) => Date.parse(b.DateOfTranscription) - Date.parse(a.DateOfTranscription),
  );
  return {
    completed: newestFirst.filter((transcription) => transcription.Status === 'Complete'),
    incomplete: newestFirst.filter((transcription) => transcription.Status !== 'Complete'),
  };
}
