import { DEMO_USERS } from '../testing-support/makeManagedUser';
import { filterUsers, nextSort, NO_USER_FILTERS, sortUsers } from './filterUsers';

const names = (users: { Name: string }[]) => users.map((user) => user.Name);

test('no filter lets everybody through, in the order given', () => {
  expect(filterUsers(DEMO_USERS, NO_USER_FILTERS)).toEqual(DEMO_USERS);
});

test('the search matches part of a name or username, in any case, ignoring surrounding spaces', () => {
  expect(names(filterUsers(DEMO_USERS, { ...NO_USER_FILTERS, search: '  PATEL ' }))).toEqual([
    'Dr Asha Patel',
  ]);
  expect(names(filterUsers(DEMO_USERS, { ...NO_USER_FILTERS, search: 'dr.' }))).toEqual([
    'Dr Asha Patel',
    'Dr Chidi Okafor',
  ]);
});

test('status and group filters combine with the search', () => {
  expect(names(filterUsers(DEMO_USERS, { ...NO_USER_FILTERS, status: 'inactive' }))).toEqual([
    'Blair Inactive',
  ]);
  expect(filterUsers(DEMO_USERS, { ...NO_USER_FILTERS, status: 'active' })).toHaveLength(7);
  expect(names(filterUsers(DEMO_USERS, { search: 'dr', status: 'active', groupId: 2 }))).toEqual([
    'Dr Chidi Okafor',
  ]);
});

test('sorting by date added puts users without a date last in both directions', () => {
  const ascending = sortUsers(DEMO_USERS, { field: 'date_added', direction: 'ascend' });
  const descending = sortUsers(DEMO_USERS, { field: 'date_added', direction: 'descend' });
  expect(ascending[0]?.Name).toBe('Dr Morgan Admin');
  expect(descending[0]?.Name).toBe('Blair Inactive');
  expect(ascending.at(-1)?.Name).toBe('Sam Hughes');
  expect(descending.at(-1)?.Name).toBe('Sam Hughes');
});

test('sorting by name ignores case and never changes the input', () => {
  const input = [...DEMO_USERS];
  expect(names(sortUsers(input, { field: 'Name', direction: 'ascend' })).slice(0, 2)).toEqual([
    'Blair Inactive',
    'Dr Asha Patel',
  ]);
  expect(input).toEqual(DEMO_USERS);
  expect(sortUsers(input, null)).toEqual(DEMO_USERS);
});

test('a new column sorts ascending first, the same column flips', () => {
  expect(nextSort(null, 'Name')).toEqual({ field: 'Name', direction: 'ascend' });
  expect(nextSort({ field: 'Name', direction: 'ascend' }, 'Name')).toEqual({
    field: 'Name',
    direction: 'descend',
  });
  expect(nextSort({ field: 'Name', direction: 'descend' }, 'Name')).toEqual({
    field: 'Name',
    direction: 'ascend',
  });
  expect(nextSort({ field: 'Name', direction: 'descend' }, 'date_added')).toEqual({
    field: 'date_added',
    direction: 'ascend',
  });
});
