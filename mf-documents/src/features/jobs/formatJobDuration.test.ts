import { formatJobDuration, jobDuration } from './formatJobDuration';

test('durations are shown as seconds, minutes or hours', () => {
  expect(formatJobDuration(0)).toBe('0s');
  expect(formatJobDuration(45_900)).toBe('45s');
  expect(formatJobDuration(60_000)).toBe('1m 0s');
  expect(formatJobDuration(192_000)).toBe('3m 12s');
  expect(formatJobDuration(3_600_000)).toBe('1h 0m');
  expect(formatJobDuration(7_500_000)).toBe('2h 5m');
  expect(formatJobDuration(Number.NaN)).toBe('0s');
});

test('a job runs from its start to its completion, or to now while it runs', () => {
  const now = Date.parse('2026-01-06T10:20:00.000Z');
  const started = { created_at: '2026-01-06T10:15:00.000Z', started_at: '2026-01-06T10:15:30.000Z' };
  expect(jobDuration({ ...started, completed_at: '2026-01-06T10:16:00.000Z' }, now)).toBe(30_000);
  expect(jobDuration({ ...started, completed_at: null }, now)).toBe(270_000);
  expect(
    jobDuration({ created_at: '2026-01-06T10:19:00.000Z', started_at: null, completed_at: null }, now),
  ).toBe(60_000);
  expect(jobDuration({ created_at: 'not a date', started_at: null, completed_at: null }, now)).toBeNull();
});
