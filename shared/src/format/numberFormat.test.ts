import { formatDuration, formatFileSize } from './numberFormat';

test.each([
  [0, '0 B'],
  [-5, '0 B'],
  [Number.NaN, '0 B'],
  [512, '512 B'],
  [1023, '1023 B'],
  [1024, '1 KB'],
  [1536, '1.5 KB'],
  [1024 * 1024, '1 MB'],
  [5.25 * 1024 * 1024, '5.25 MB'],
  [3 * 1024 ** 3, '3 GB'],
  [2048 * 1024 ** 3, '2048 GB'],
])('formatFileSize(%p) = %p', (bytes, text) => {
  expect(formatFileSize(bytes)).toBe(text);
});

test.each([
  [0, '0:00'],
  [5, '0:05'],
  [65, '1:05'],
  [599.9, '9:59'],
  [3600, '1:00:00'],
  [3661, '1:01:01'],
  [-3, '0:00'],
])('formatDuration(%p) = %p', (seconds, text) => {
  expect(formatDuration(seconds)).toBe(text);
});
