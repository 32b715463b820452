import { jobFailureMessage } from './jobFailureMessage';

test.each([
  ['Worker crashed while extracting page 3', 'Processing crashed (worker error)'],
  ['Job stopped: no activity for 120 s', 'Processing crashed (worker error)'],
  ['Worker CRASHED', 'Processing crashed (worker error)'],
  ['The file is encrypted', 'Background processing failed'],
  [null, 'Background processing failed'],
])('%s -> %s', (error, expected) => {
  expect(jobFailureMessage(error)).toBe(expected);
});
