import type { Patient, User } from '../api/types';

/** A signed-in practitioner with full access (override any field). */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    ID_User: 3,
    Name: 'Dr Asha Patel',
    Username: 'dr.patel',
    Email: 'asha.patel@example.test',
    Group: 1,
    Group_Name: 'Northgate Medico-Legal (demo)',
    Administrator: 'no',
    group_admin: 'no',
    access_level: 1,
    txt_access_level: 'Full Access',
    is_2fa_enabled: true,
    last_login: '2026-01-05T09:30:00.000Z',
    user_active: 1,
    ...overrides,
  };
}

/** A fictional patient of group 1 with full access (override any field). */
export function makePatient(overrides: Partial<Patient> = {}): Patient {
  return {
    ID_Patient: 101,
    FirstName: 'Alex',
    Surname: 'Example',
    DateOfBirth: '1980-05-12',
    MRN: 'DEMO-0101',
    DateofEvent: '2024-03-01',
    Solicitorname: null,
    Solicitorcompany: null,
    Solicitorreference: null,
    Ourreference: null,
    last_accessed: '2026-01-04T14:05:00.000Z',
    created_by_name: 'Dr Asha Patel',
    created_at: '2025-11-02T10:15:00.000Z',
    ID_Group: 1,
    ...overrides,
  };
}
