import { initialsOf } from './initialsOf';

test.each([
  ['Dr Asha Patel', 'AP'],
  ['Dr. Morgan Admin', 'MA'],
  ['Sam Hughes', 'SH'],
  ['toni reid', 'TR'],
  ['Cher', 'C'],
  ['  Robin   Q.  Viewer ', 'RV'],
  ['Dr', 'D'],
  ['', ''],
  [null, ''],
])('initialsOf(%p) = %p', (name, initials) => {
  expect(initialsOf(name)).toBe(initials);
});
