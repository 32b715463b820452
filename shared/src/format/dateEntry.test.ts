import { parseDateEntry } from './dateEntry';

test.each([
  ['12/04/1980', '1980-04-12'],
  ['7/4/1980', '1980-04-07'],
  [' 07-04-1980 ', '1980-04-07'],
  ['07.04.1980', '1980-04-07'],
  ['07 04 1980', '1980-04-07'],
  ['07041980', '1980-04-07'],
  ['29/02/2024', '2024-02-29'],
  ['1980-04-12', '1980-04-12'],
])('reads %j day first as %s', (typed, iso) => {
  expect(parseDateEntry(typed)).toBe(iso);
});

test.each([
  '',
  '   ',
  '31/02/1980',
  '29/02/2023',
  '12/13/1980',
  '00/04/1980',
  '12/04/80',
  '1980/04/12',
  'soon',
  '1980-02-30',
])('refuses %j, which is not a real dd/mm/yyyy date', (typed) => {
  expect(parseDateEntry(typed)).toBeNull();
});

test('an en-US reading of the same digits is never taken: 04/12/1980 is 4 December', () => {
  expect(parseDateEntry('04/12/1980')).toBe('1980-12-04');
});
