import { TRANSCRIPTION_DUPLICATE_CACHE_MAX } from '@ewrt/contract/limits';
import {
  EMPTY_FINAL_TRANSCRIPT_CACHE,
  filterDuplicateFinal,
  type FinalTranscriptCache,
} from './filterDuplicateFinal';

/** Feeds finals in order and answers which were taken. */
function takenOf(finals: string[], cache: FinalTranscriptCache = EMPTY_FINAL_TRANSCRIPT_CACHE) {
  const taken: string[] = [];
  let current = cache;
  for (const final of finals) {
    const decision = filterDuplicateFinal(current, final);
    if (decision.accepted) taken.push(final);
    current = decision.cache;
  }
  return { taken, cache: current };
}

test('takes new finals in order', () => {
  expect(takenOf(['go forward', 'ten meters']).taken).toEqual(['go forward', 'ten meters']);
});

test('drops a final equal to the previous segment, ignoring spacing and case', () => {
  expect(takenOf(['go forward ten meters', '  Go  forward ten METERS ']).taken).toEqual([
    'go forward ten meters',
  ]);
});

test('drops a final already present earlier in the transcript', () => {
  expect(takenOf(['the patient is well', 'no allergies', 'the patient is well']).taken).toEqual([
    'the patient is well',
    'no allergies',
  ]);
});

test('drops empty and blank finals', () => {
  expect(takenOf(['', '   ', 'plan reviewed']).taken).toEqual(['plan reviewed']);
});

test(`keeps only the newest ${TRANSCRIPTION_DUPLICATE_CACHE_MAX} finals: above that the oldest is forgotten`, () => {
  const finals = Array.from(
    { length: TRANSCRIPTION_DUPLICATE_CACHE_MAX + 1 },
    (_, index) => `sentence ${index}`,
  );
  const { cache } = takenOf(finals);
  expect(cache).toHaveLength(TRANSCRIPTION_DUPLICATE_CACHE_MAX);
  // The first was pruned, so it is new again; the second is still remembered.
  expect(filterDuplicateFinal(cache, 'sentence 0').accepted).toBe(true);
  expect(filterDuplicateFinal(cache, 'sentence 1').accepted).toBe(false);
});

test('leaves the cache it was given unchanged', () => {
  const cache: FinalTranscriptCache = ['first'];
  filterDuplicateFinal(cache, 'second');
  expect(cache).toEqual(['first']);
});
