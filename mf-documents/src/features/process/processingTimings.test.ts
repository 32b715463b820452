import {
  FIRST_POLL_DELAY_MS,
  hasTimedOut,
  isTakingLonger,
  jobProgressPercent,
  JOB_TIMEOUT_MS,
  pollDelayAfter,
  REDIRECT_DELAY_MS,
  uploadProgressPercent,
} from './processingTimings';

test('the spec constants: first poll at 5 s, time-out at 600000 ms, redirect after 3 s', () => {
  expect(FIRST_POLL_DELAY_MS).toBe(5_000);
  expect(JOB_TIMEOUT_MS).toBe(600_000);
  expect(REDIRECT_DELAY_MS).toBe(3_000);
});

test('polls every 5 s for the first 2 minutes, then every 10 s', () => {
  expect(pollDelayAfter(5_000)).toBe(5_000);
  expect(pollDelayAfter(119_999)).toBe(5_000);
  expect(pollDelayAfter(120_000)).toBe(10_000);
  expect(pollDelayAfter(400_000)).toBe(10_000);
});

test('the last wait ends exactly at the time-out', () => {
  expect(pollDelayAfter(595_000)).toBe(5_000);
  expect(pollDelayAfter(598_000)).toBe(2_000);
  expect(pollDelayAfter(600_000)).toBe(0);
});

test('timed out from 10 minutes; taking longer from 2 minutes', () => {
  expect(hasTimedOut(599_999)).toBe(false);
  expect(hasTimedOut(600_000)).toBe(true);
  expect(isTakingLonger(119_999)).toBe(false);
  expect(isTakingLonger(120_000)).toBe(true);
});

test('the upload fills at most 10 %, the job the remaining 90 %', () => {
  expect(uploadProgressPercent(0)).toBe(0);
  expect(uploadProgressPercent(0.5)).toBe(5);
  expect(uploadProgressPercent(1)).toBe(10);
  expect(uploadProgressPercent(3)).toBe(10);
  expect(jobProgressPercent(0)).toBe(10);
  expect(jobProgressPercent(50)).toBe(55);
  expect(jobProgressPercent(100)).toBe(100);
  expect(jobProgressPercent(140)).toBe(100);
});
