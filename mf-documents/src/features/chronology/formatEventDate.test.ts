import { describeEventDate, formatEventDate } from './formatEventDate';

describe('formatEventDate', () => {
  it('shows a day as dd/mm/yyyy, a month by name and a year alone', () => {
    expect(formatEventDate('2023-04-03', 'day')).toBe('03/04/2023');
    expect(formatEventDate('2023-04-01', 'month')).toBe('April 2023');
    expect(formatEventDate('2023-12-01', 'month')).toBe('December 2023');
    expect(formatEventDate('2023-01-01', 'year')).toBe('2023');
  });

  it('shows a value that is not a date as it is', () => {
    expect(formatEventDate('sometime in 2023', 'day')).toBe('sometime in 2023');
  });
});

describe('describeEventDate', () => {
  it('adds the precision in words', () => {
    expect(describeEventDate({ date: '2023-04-01', precision: 'month' })).toBe('April 2023 (month)');
    expect(describeEventDate({ date: '2023-04-03', precision: 'day' })).toBe('03/04/2023 (day)');
    expect(describeEventDate({ date: '2021-01-01', precision: 'year' })).toBe('2021 (year)');
  });
});
