import { formatDayShortMonthYear } from './formatDayShortMonthYear';

test('shows a date of birth as day, short month and year', () => {
  expect(formatDayShortMonthYear('1980-05-12')).toBe('12 May 1980');
  expect(formatDayShortMonthYear('2001-01-03T00:00:00.000Z')).toBe('3 Jan 2001');
});

test("says 'Not specified' without a date", () => {
  expect(formatDayShortMonthYear(null)).toBe('Not specified');
  expect(formatDayShortMonthYear('')).toBe('Not specified');
});
