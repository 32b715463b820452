import { makeUser } from '@ewrt/shared/testing';
import { makeManagedUser } from '../testing-support/makeManagedUser';
import { formValuesToUserCreate, formValuesToUserUpdate, userToFormValues } from './userFormValues';

const administrator = makeUser({ ID_User: 1, Administrator: 'yes', Group: 2 });
const groupAdmin = makeUser({ ID_User: 2, group_admin: 'yes', Group: 1 });

test("a new user defaults to the adder's group, else group 1, level 1, active, no flags (USR-05)", () => {
  expect(userToFormValues(null, administrator)).toMatchObject({
    Group: 2,
    access_level: 1,
    active: true,
    Administrator: false,
    group_admin: false,
  });
  expect(userToFormValues(null, makeUser({ Group: null })).Group).toBe(1);
});

test("a group admin's new user goes to their group and carries no flags, level or status", () => {
  const values = {
    ...userToFormValues(null, groupAdmin),
    Name: ' Ann ',
    Email: 'a@b.test',
    Username: 'ann',
    Password: 'p'.repeat(12),
    Group: 2,
    Administrator: true,
  };
  expect(formValuesToUserCreate(values, groupAdmin)).toEqual({
    Name: 'Ann',
    Email: 'a@b.test',
    ContactNumber: null,
    Username: 'ann',
    Password: 'p'.repeat(12),
    Group: 1,
  });
});

test('an update without a new password does not send one', () => {
  const target = makeManagedUser({ ID_User: 5 });
  const update = formValuesToUserUpdate(userToFormValues(target, administrator), administrator, target);
  expect(update).not.toHaveProperty('Password');
  expect(update).toMatchObject({ user_active: 1, Administrator: 'no', group_admin: 'no', access_level: 1 });
});

test("a group admin's update keeps the user's group and sends neither flags nor level", () => {
  const target = makeManagedUser({ ID_User: 5, Group: 1 });
  const values = {
    ...userToFormValues(target, groupAdmin),
    Group: 2,
    Password: 'a new long password',
    active: false,
  };
  expect(formValuesToUserUpdate(values, groupAdmin, target)).toEqual({
    Name: target.Name,
    Email: target.Email,
    ContactNumber: null,
    Username: target.Username,
    Group: 1,
    Password: 'a new long password',
    user_active: 0,
  });
});

test('nobody sends a status for their own account', () => {
  const self = makeManagedUser({ ID_User: 1, Administrator: 'yes' });
  expect(
    formValuesToUserUpdate(userToFormValues(self, administrator), administrator, self),
  ).not.toHaveProperty('user_active');
  const ownAccount = makeManagedUser({ ID_User: 2, group_admin: 'yes' });
  expect(formValuesToUserUpdate(userToFormValues(ownAccount, groupAdmin), groupAdmin, ownAccount)).toEqual({
    Name: ownAccount.Name,
    Email: ownAccount.Email,
    ContactNumber: null,
    Username: ownAccount.Username,
    Group: 1,
  });
});
