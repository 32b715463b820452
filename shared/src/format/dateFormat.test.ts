import { formatDate, formatDateOrNotSpecified, formatDateTime, toDateInputValue } from './dateFormat';

// Jest gives tests a copy of process.env, so TZ cannot be switched inside a test file. Instead Date is
// replaced by one whose local-time getters run at a fixed offset from UTC: any code path that turned a
// plain date into an instant would then show the neighbouring day.
const RealDate = Date;

function withUtcOffset(hours: number, check: () => void) {
  const shift = hours * 3600 * 1000;
  class ShiftedDate extends RealDate {
    private shifted(): Date {
      return new RealDate(this.getTime() + shift);
    }
    override getFullYear() {
      return this.shifted().getUTCFullYear();
    }
    override getMonth() {
      return this.shifted().getUTCMonth();
    }
    override getDate() {
      return this.shifted().getUTCDate();
    }
    override getHours() {
      return this.shifted().getUTCHours();
    }
    override getMinutes() {
      return this.shifted().getUTCMinutes();
    }
  }
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
  try {
    check();
  } finally {
    globalThis.Date = RealDate;
  }
}

describe.each([
  ['Honolulu (UTC-10)', -10],
  ['Kiritimati (UTC+14)', 14],
  ['UTC', 0],
])('in %s', (_zone, offset) => {
  test('a plain date never shifts', () => {
    withUtcOffset(offset, () => {
      expect(formatDate('1980-05-12')).toBe('12/05/1980');
      expect(formatDate('2024-01-01')).toBe('01/01/2024');
      expect(toDateInputValue('1980-05-12')).toBe('1980-05-12');
      expect(formatDateOrNotSpecified('2024-12-31')).toBe('31/12/2024');
      expect(formatDateTime('2024-12-31')).toBe('31/12/2024');
    });
  });
});

test('the simulated zone really moves instants (the check above can fail)', () => {
  withUtcOffset(-10, () => {
    expect(formatDate('1980-05-12T00:00:00.000Z')).toBe('11/05/1980');
  });
});

test('date-times are shown in local time, en-GB, 24 hours', () => {
  withUtcOffset(0, () => {
    expect(formatDateTime('2026-01-04T14:05:00.000Z')).toBe('04/01/2026, 14:05');
  });
  // British Summer Time: one hour ahead of UTC.
  withUtcOffset(1, () => {
    expect(formatDateTime('2026-07-04T23:30:00.000Z')).toBe('05/07/2026, 00:30');
    expect(formatDate('2026-07-04T23:30:00.000Z')).toBe('05/07/2026');
    expect(toDateInputValue('2026-07-04T23:30:00.000Z')).toBe('2026-07-05');
  });
});

test("empty dates: '' or 'Not specified'", () => {
  expect(formatDate(null)).toBe('');
  expect(formatDate('')).toBe('');
  expect(formatDateTime(undefined)).toBe('');
  expect(formatDateOrNotSpecified(null)).toBe('Not specified');
  expect(formatDateOrNotSpecified('')).toBe('Not specified');
  expect(toDateInputValue(null)).toBe('');
});

test('text that is not a date is shown as it is, and gives no input value', () => {
  expect(formatDate('sometime')).toBe('sometime');
  expect(formatDateTime('sometime')).toBe('sometime');
  expect(toDateInputValue('sometime')).toBe('');
});
