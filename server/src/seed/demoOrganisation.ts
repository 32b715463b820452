/**
 * The demo organisation seeded on the first start of an empty data directory. Every person and patient is
 * fictional; every patient MRN starts with DEMO-. Every account's password is DEMO_PASSWORD and none has
 * two-factor yet, so the first sign-in goes through its set-up.
 */
export const DEMO_PASSWORD = 'DemoPass!2026';

export const DEMO_GROUPS = [
  { key: 'northgate', name: 'Northgate Medico-Legal (demo)', createdDaysAgo: 420 },
  { key: 'riverside', name: 'Riverside Expert Practice (demo)', createdDaysAgo: 380 },
] as const;

export type DemoGroupKey = (typeof DEMO_GROUPS)[number]['key'];

export type AccessLevelLabel = 'Full Access' | 'Standard' | 'Transcription Only' | 'Read Only';

export interface DemoUser {
  username: string;
  name: string;
  email: string;
  contactNumber: string | null;
  group: DemoGroupKey;
  administrator: boolean;
  groupAdmin: boolean;
  level: AccessLevelLabel;
  active: boolean;
  createdDaysAgo: number;
  createdBy: string | null;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'admin',
    name: 'Dr Morgan Admin',
    email: 'morgan.admin@northgate.example',
    contactNumber: '01632 960001',
    group: 'northgate',
    administrator: true,
    groupAdmin: false,
    level: 'Full Access',
    active: true,
    createdDaysAgo: 420,
    createdBy: null,
  },
  {
    username: 'groupadmin',
    name: 'Dr Grace Lead',
    email: 'grace.lead@northgate.example',
    contactNumber: '01632 960002',
    group: 'northgate',
    administrator: false,
    groupAdmin: true,
    level: 'Full Access',
    active: true,
    createdDaysAgo: 410,
    createdBy: 'admin',
  },
  {
    username: 'dr.patel',
    name: 'Dr Asha Patel',
    email: 'asha.patel@northgate.example',
    contactNumber: '01632 960003',
    group: 'northgate',
    administrator: false,
    groupAdmin: false,
    level: 'Full Access',
    active: true,
    createdDaysAgo: 400,
    createdBy: 'groupadmin',
  },
  {
    username: 's.hughes',
    name: 'Sam Hughes',
    email: 'sam.hughes@northgate.example',
    contactNumber: null,
    group: 'northgate',
    administrator: false,
    groupAdmin: false,
    level: 'Standard',
    active: true,
    createdDaysAgo: 300,
    createdBy: 'groupadmin',
  },
  {
    username: 't.reid',
    name: 'Toni Reid',
    email: 'toni.reid@northgate.example',
    contactNumber: null,
    group: 'northgate',
    administrator: false,
    groupAdmin: false,
    level: 'Transcription Only',
    active: true,
    createdDaysAgo: 250,
    createdBy: 'groupadmin',
  },
  {
    username: 'r.viewer',
    name: 'Robin Viewer',
    email: 'robin.viewer@northgate.example',
    contactNumber: null,
    group: 'northgate',
    administrator: false,
    groupAdmin: false,
    level: 'Read Only',
    active: true,
    createdDaysAgo: 120,
    createdBy: 'groupadmin',
  },
  {
    username: 'dr.okafor',
    name: 'Dr Chidi Okafor',
    email: 'chidi.okafor@riverside.example',
    contactNumber: '01632 960101',
    group: 'riverside',
    administrator: false,
    groupAdmin: false,
    level: 'Full Access',
    active: true,
    createdDaysAgo: 370,
    createdBy: 'admin',
  },
  {
    username: 'b.inactive',
    name: 'Blair Inactive',
    email: 'blair.inactive@riverside.example',
    contactNumber: null,
    group: 'riverside',
    administrator: false,
    groupAdmin: false,
    level: 'Standard',
    active: false,
    createdDaysAgo: 360,
    createdBy: 'admin',
  },
];

export interface DemoPatient {
  key: string;
  group: DemoGroupKey;
  firstName: string;
  surname: string;
  dateOfBirth: string;
  mrn: string;
  dateOfEvent: string | null;
  solicitorName: string | null;
  solicitorCompany: string | null;
  solicitorReference: string | null;
  ourReference: string | null;
  createdBy: string;
  createdDaysAgo: number;
}

export const DEMO_PATIENTS: readonly DemoPatient[] = [
  {
    key: 'whitfield',
    group: 'northgate',
    firstName: 'Eleanor',
    surname: 'Whitfield',
    dateOfBirth: '1968-03-14',
    mrn: 'DEMO-1001',
    dateOfEvent: '2023-06-02',
    solicitorName: 'Hannah Cole',
    solicitorCompany: 'Cole & Partners LLP (demo)',
    solicitorReference: 'HC/2231',
    ourReference: 'NML-0001',
    createdBy: 'dr.patel',
    createdDaysAgo: 240,
  },
  {
    key: 'bennett',
    group: 'northgate',
    firstName: 'Oliver',
    surname: 'Bennett',
    dateOfBirth: '1975-11-30',
    mrn: 'DEMO-1002',
    dateOfEvent: '2022-09-17',
    solicitorName: 'James Porter',
    solicitorCompany: 'Porter Legal (demo)',
    solicitorReference: 'JP-5512',
    ourReference: 'NML-0002',
    createdBy: 'groupadmin',
    createdDaysAgo: 220,
  },
  {
    key: 'raman',
    group: 'northgate',
    firstName: 'Priya',
    surname: 'Raman',
    dateOfBirth: '1989-07-08',
    mrn: 'DEMO-1003',
    dateOfEvent: '2024-01-23',
    solicitorName: null,
    solicitorCompany: null,
    solicitorReference: null,
    ourReference: 'NML-0003',
    createdBy: 'groupadmin',
    createdDaysAgo: 200,
  },
  {
    key: 'ashworth',
    group: 'northgate',
    firstName: 'Thomas',
    surname: 'Ashworth',
    dateOfBirth: '1952-01-22',
    mrn: 'DEMO-1004',
    dateOfEvent: null,
    solicitorName: 'Fiona Grant',
    solicitorCompany: 'Grant Solicitors (demo)',
    solicitorReference: 'FG/0091',
    ourReference: null,
    createdBy: 'dr.patel',
    createdDaysAgo: 180,
  },
  {
    key: 'oneill',
    group: 'northgate',
    firstName: 'Margaret',
    surname: "O'Neill",
    dateOfBirth: '1944-05-09',
    mrn: 'DEMO-1005',
    dateOfEvent: '2021-11-04',
    solicitorName: 'Hannah Cole',
    solicitorCompany: 'Cole & Partners LLP (demo)',
    solicitorReference: 'HC/2307',
    ourReference: 'NML-0005',
    createdBy: 's.hughes',
    createdDaysAgo: 150,
  },
  {
    key: 'kowalski',
    group: 'northgate',
    firstName: 'Daniel',
    surname: 'Kowalski',
    dateOfBirth: '1991-12-03',
    mrn: 'DEMO-1006',
    dateOfEvent: '2024-08-30',
    solicitorName: null,
    solicitorCompany: null,
    solicitorReference: null,
    ourReference: null,
    createdBy: 'dr.patel',
    createdDaysAgo: 120,
  },
  {
    key: 'marchetti',
    group: 'northgate',
    firstName: 'Sophie',
    surname: 'Marchetti',
    dateOfBirth: '2001-02-27',
    mrn: 'DEMO-1007',
    dateOfEvent: '2025-03-12',
    solicitorName: 'Ravi Shah',
    solicitorCompany: 'Shah Law (demo)',
    solicitorReference: 'RS-77',
    ourReference: 'NML-0007',
    createdBy: 's.hughes',
    createdDaysAgo: 90,
  },
  {
    key: 'fairbairn',
    group: 'northgate',
    firstName: 'George',
    surname: 'Fairbairn',
    dateOfBirth: '1960-08-19',
    mrn: 'DEMO-1008',
    dateOfEvent: null,
    solicitorName: null,
    solicitorCompany: null,
    solicitorReference: null,
    ourReference: 'NML-0008',
    createdBy: 'groupadmin',
    createdDaysAgo: 60,
  },
  {
    key: 'mensah',
    group: 'northgate',
    firstName: 'Aisha',
    surname: 'Mensah',
    dateOfBirth: '1983-04-11',
    mrn: 'DEMO-1009',
    dateOfEvent: '2025-07-19',
    solicitorName: 'James Porter',
    solicitorCompany: 'Porter Legal (demo)',
    solicitorReference: 'JP-6020',
    ourReference: 'NML-0009',
    createdBy: 'dr.patel',
    createdDaysAgo: 30,
  },
  {
    key: 'h-whitfield',
    group: 'northgate',
    firstName: 'Harriet',
    surname: 'Whitfield',
    dateOfBirth: '1970-10-02',
    mrn: 'DEMO-1010',
    dateOfEvent: null,
    solicitorName: null,
    solicitorCompany: null,
    solicitorReference: null,
    ourReference: null,
    createdBy: 'dr.patel',
    createdDaysAgo: 14,
  },
  {
    key: 'doherty',
    group: 'riverside',
    firstName: 'Liam',
    surname: 'Doherty',
    dateOfBirth: '1979-06-21',
    mrn: 'DEMO-2001',
    dateOfEvent: '2023-02-14',
    solicitorName: 'Nadia Rahman',
    solicitorCompany: 'Rahman & Co (demo)',
    solicitorReference: 'NR-310',
    ourReference: 'REP-0001',
    createdBy: 'dr.okafor',
    createdDaysAgo: 260,
  },
  {
    key: 'adeyemi',
    group: 'riverside',
    firstName: 'Grace',
    surname: 'Adeyemi',
    dateOfBirth: '1986-10-05',
    mrn: 'DEMO-2002',
    dateOfEvent: null,
    solicitorName: null,
    solicitorCompany: null,
    solicitorReference: null,
    ourReference: 'REP-0002',
    createdBy: 'dr.okafor',
    createdDaysAgo: 190,
  },
  {
    key: 'lockwood',
    group: 'riverside',
    firstName: 'Henry',
    surname: 'Lockwood',
    dateOfBirth: '1958-03-30',
    mrn: 'DEMO-2003',
    dateOfEvent: '2024-05-06',
    solicitorName: 'Nadia Rahman',
    solicitorCompany: 'Rahman & Co (demo)',
    solicitorReference: 'NR-355',
    ourReference: null,
    createdBy: 'dr.okafor',
    createdDaysAgo: 100,
  },
  // Same name and date of birth as a Northgate patient: a duplicate check never looks across groups.
  {
    key: 'r-whitfield',
    group: 'riverside',
    firstName: 'Eleanor',
    surname: 'Whitfield',
    dateOfBirth: '1968-03-14',
    mrn: 'DEMO-2004',
    dateOfEvent: null,
    solicitorName: null,
    solicitorCompany: null,
    solicitorReference: null,
    ourReference: 'REP-0004',
    createdBy: 'dr.okafor',
    createdDaysAgo: 45,
  },
];

/** dr.patel's restricted patients: pagination only (2) on Oliver Bennett, view only (3) on Priya Raman. */
export const DEMO_PATIENT_ACCESS: readonly { username: string; patient: string; level: 2 | 3 }[] = [
  { username: 'dr.patel', patient: 'bennett', level: 2 },
  { username: 'dr.patel', patient: 'raman', level: 3 },
];
