import type { Group, ManagedUser } from '@ewrt/contract';

/** Test data: a user as GET /api/users answers it (override any field). */
export function makeManagedUser(overrides: Partial<ManagedUser> = {}): ManagedUser {
  return {
    ID_User: 3,
    Name: 'Dr Asha Patel',
    Email: 'asha.patel@example.test',
    ContactNumber: null,
    Username: 'dr.patel',
    Group: 1,
    Group_Name: 'Northgate Medico-Legal (demo)',
    user_active: 1,
    Administrator: 'no',
    group_admin: 'no',
    access_level: 1,
    txt_access_level: 'Full Access',
    date_added: '2025-06-01T09:00:00.000Z',
    is_2fa_enabled: true,
    created_at: '2025-06-01T09:00:00.000Z',
    last_login: '2026-01-05T09:30:00.000Z',
    ...overrides,
  };
}

export const NORTHGATE: Group = { ID_Group: 1, Group_Name: 'Northgate Medico-Legal (demo)', user_count: 6 };
export const RIVERSIDE: Group = {
  ID_Group: 2,
  Group_Name: 'Riverside Expert Practice (demo)',
  user_count: 2,
};

/** The demo organisation of the README, as the administrator's list shows it. */
export const DEMO_USERS: ManagedUser[] = [
  makeManagedUser({
    ID_User: 1,
    Name: 'Dr Morgan Admin',
    Username: 'admin',
    Email: 'admin@example.test',
    Administrator: 'yes',
    date_added: '2025-01-10T09:00:00.000Z',
  }),
  makeManagedUser({
    ID_User: 2,
    Name: 'Dr Grace Lead',
    Username: 'groupadmin',
    Email: 'grace@example.test',
    group_admin: 'yes',
    date_added: '2025-02-10T09:00:00.000Z',
  }),
  makeManagedUser({ ID_User: 3, date_added: '2025-03-10T09:00:00.000Z' }),
  makeManagedUser({
    ID_User: 4,
    Name: 'Sam Hughes',
    Username: 's.hughes',
    Email: 'sam@example.test',
    access_level: 2,
    txt_access_level: 'Standard',
    date_added: null,
  }),
  makeManagedUser({
    ID_User: 5,
    Name: 'Toni Reid',
    Username: 't.reid',
    Email: 'toni@example.test',
    access_level: 3,
    txt_access_level: 'Transcription Only',
    date_added: '2025-05-10T09:00:00.000Z',
  }),
  makeManagedUser({
    ID_User: 6,
    Name: 'Robin Viewer',
    Username: 'r.viewer',
    Email: 'robin@example.test',
    access_level: 4,
    txt_access_level: 'Read Only',
    date_added: '2025-06-10T09:00:00.000Z',
  }),
  makeManagedUser({
    ID_User: 7,
    Name: 'Dr Chidi Okafor',
    Username: 'dr.okafor',
    Email: 'chidi@example.test',
    Group: 2,
    Group_Name: 'Riverside Expert Practice (demo)',
    date_added: '2025-07-10T09:00:00.000Z',
  }),
  makeManagedUser({
    ID_User: 8,
    Name: 'Blair Inactive',
    Username: 'b.inactive',
    Email: 'blair@example.test',
    Group: 2,
    Group_Name: 'Riverside Expert Practice (demo)',
    user_active: 0,
    access_level: 2,
    txt_access_level: 'Standard',
    is_2fa_enabled: false,
    last_login: null,
    date_added: '2025-08-10T09:00:00.000Z',
  }),
];
