import { apiUrl, http, HttpResponse, setupApiServer } from '@ewrt/shared/testing';
import { makeManagedUser, NORTHGATE } from '../testing-support/makeManagedUser';
import {
  createGroup,
  createUser,
  deleteUser,
  getUser,
  listAccessLevels,
  listGroups,
  listUsers,
  resetUserTwoFactor,
  updateUser,
} from './usersApi';

const server = setupApiServer();

test('the lists come from the spec paths', async () => {
  server.use(
    http.get(apiUrl('/api/users'), () => HttpResponse.json({ users: [makeManagedUser({ ID_User: 9 })] })),
    http.get(apiUrl('/api/groups'), () => HttpResponse.json({ groups: [NORTHGATE] })),
    http.get(apiUrl('/api/access-levels'), () =>
      HttpResponse.json({ access_levels: [{ ID_Access_level: 1, txt_access_level: 'Full Access' }] }),
    ),
    http.get(apiUrl('/api/users/9'), () => HttpResponse.json({ user: makeManagedUser({ ID_User: 9 }) })),
  );
  expect((await listUsers()).map((user) => user.ID_User)).toEqual([9]);
  expect(await listGroups()).toEqual([NORTHGATE]);
  expect(await listAccessLevels()).toEqual([{ ID_Access_level: 1, txt_access_level: 'Full Access' }]);
  expect((await getUser(9)).ID_User).toBe(9);
});

test('the writes use the spec paths and send the bodies as given', async () => {
  const seen: string[] = [];
  const bodies: unknown[] = [];
  const saved = { message: 'ok', user: makeManagedUser({ ID_User: 9 }) };
  server.use(
    http.post(apiUrl('/api/users'), async ({ request }) => {
      seen.push('create');
      bodies.push(await request.json());
      return HttpResponse.json(saved, { status: 201 });
    }),
    http.put(apiUrl('/api/users/9'), async ({ request }) => {
      seen.push('update');
      bodies.push(await request.json());
      return HttpResponse.json(saved);
    }),
    http.delete(apiUrl('/api/users/9'), () => {
      seen.push('delete');
      return HttpResponse.json({ success: true, message: 'User deleted successfully' });
    }),
    http.post(apiUrl('/api/users/9/reset-2fa'), () => {
      seen.push('reset-2fa');
      return HttpResponse.json(saved);
    }),
    http.post(apiUrl('/api/groups'), async ({ request }) => {
      seen.push('group');
      bodies.push(await request.json());
      return HttpResponse.json({ message: 'Group created successfully', group: NORTHGATE }, { status: 201 });
    }),
  );
  const create = { Name: 'A', Email: 'a@b.test', Username: 'a', Password: 'p'.repeat(12), Group: 1 };
  await expect(createUser(create)).resolves.toEqual(saved);
  await expect(updateUser(9, { ...create, Password: undefined })).resolves.toEqual(saved);
  await expect(deleteUser(9)).resolves.toEqual({ success: true, message: 'User deleted successfully' });
  await expect(resetUserTwoFactor(9)).resolves.toEqual(saved);
  await expect(createGroup({ Group_Name: 'Eastside' })).resolves.toEqual({
    message: 'Group created successfully',
    group: NORTHGATE,
  });
  expect(seen).toEqual(['create', 'update', 'delete', 'reset-2fa', 'group']);
  const { Password: _omitted, ...withoutPassword } = create;
  expect(bodies).toEqual([create, withoutPassword, { Group_Name: 'Eastside' }]);
});
