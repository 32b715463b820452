import { userToFormValues, type UserFormValues } from './userFormValues';
import { validateUserForm } from './validateUserForm';
import { makeManagedUser } from '../testing-support/makeManagedUser';

const filled: UserFormValues = {
  ...userToFormValues(null, null),
  Name: 'Ann Other',
  Email: 'ann@example.test',
  Username: 'a.other',
  Password: 'correct horse battery',
};

test('a complete new user passes', () => {
  expect(validateUserForm(filled, { adding: true })).toEqual({});
});

test('name, email, username, password and group are required to add a user (USR-04)', () => {
  expect(
    validateUserForm(
      { ...filled, Name: ' ', Email: '', Username: '\t', Password: '', Group: null },
      { adding: true },
    ),
  ).toEqual({
    Name: 'Name is required',
    Email: 'Email is required',
    Username: 'Username is required',
    Password: 'Password is required',
    Group: 'Group is required',
  });
});

test('the email must look like an email address', () => {
  for (const email of ['ann', 'ann@example', 'ann @example.test', '@example.test']) {
    expect(validateUserForm({ ...filled, Email: email }, { adding: true }).Email).toBe(
      'Enter a valid email address, for example name@example.com',
    );
  }
});

test('a new password meets the policy: 12 characters, not the username', () => {
  expect(validateUserForm({ ...filled, Password: 'elevenchars' }, { adding: true }).Password).toBe(
    'Password must be at least 12 characters',
  );
  expect(validateUserForm({ ...filled, Password: '😀'.repeat(11) }, { adding: true }).Password).toBe(
    'Password must be at least 12 characters',
  );
  expect(validateUserForm({ ...filled, Password: '😀'.repeat(12) }, { adding: true })).toEqual({});
  expect(
    validateUserForm({ ...filled, Username: 'ann.other.long', Password: 'ANN.OTHER.LONG' }, { adding: true })
      .Password,
  ).toBe('Password must not be the same as the username');
});

test('when editing, a blank password keeps the current one and a new one meets the policy', () => {
  const editing = userToFormValues(makeManagedUser(), null);
  expect(validateUserForm(editing, { adding: false })).toEqual({});
  expect(validateUserForm({ ...editing, Password: 'short' }, { adding: false }).Password).toBe(
    'Password must be at least 12 characters',
  );
});
