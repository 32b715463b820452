import {
  ACTIVITY_RECORD_INTERVAL_MS,
  LAST_ACTIVITY_STORAGE_KEY,
  createActivityRecorder,
  forgetLastActivity,
  readLastActivity,
  writeLastActivity,
} from './idleActivity';

test('the last activity is shared through local storage', () => {
  expect(readLastActivity()).toBeNull();
  writeLastActivity(1_700_000_000_123.7);
  expect(window.localStorage.getItem(LAST_ACTIVITY_STORAGE_KEY)).toBe('1700000000123');
  expect(readLastActivity()).toBe(1_700_000_000_123);
  forgetLastActivity();
  expect(readLastActivity()).toBeNull();
});

test.each([['soon'], ['-5'], ['0'], ['']])('a stored value %p counts as no activity known', (stored) => {
  window.localStorage.setItem(LAST_ACTIVITY_STORAGE_KEY, stored);
  expect(readLastActivity()).toBeNull();
});

test('activity is written at most once per interval, unless asked to write at once', () => {
  let now = 10_000;
  const writes: number[] = [];
  const recorder = createActivityRecorder({ now: () => now, write: (at) => writes.push(at) });
  recorder.record();
  now += ACTIVITY_RECORD_INTERVAL_MS - 1;
  recorder.record();
  expect(writes).toEqual([10_000]);
  now += 1;
  recorder.record();
  expect(writes).toEqual([10_000, 10_000 + ACTIVITY_RECORD_INTERVAL_MS]);
  now += 1;
  recorder.record(true);
  expect(writes).toHaveLength(3);
});

test("the latest activity is another tab's when that is newer, this tab's own when storage fails", () => {
  let now = 50_000;
  let stored: number | null = null;
  const recorder = createActivityRecorder({
    now: () => now,
    read: () => stored,
    write: () => undefined, // storage that silently keeps nothing
  });
  expect(recorder.lastActivity()).toBeNull();
  recorder.record();
  expect(recorder.lastActivity()).toBe(50_000);
  stored = 60_000;
  expect(recorder.lastActivity()).toBe(60_000);
  now = 70_000;
  recorder.record();
  expect(recorder.lastActivity()).toBe(70_000);
});
