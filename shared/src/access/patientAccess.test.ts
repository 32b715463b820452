import { makePatient, makeUser } from '../testing/factories';
import type { Patient, PatientAccessLevel } from '../api/types';
import {
  canAddPatient,
  canDeletePatientData,
  canEditPatient,
  canUseResource,
  patientAccessLevel,
  patientFeatures,
} from './patientAccess';

describe('patientAccessLevel', () => {
  test('undefined or no patient counts as full access', () => {
    expect(patientAccessLevel(makePatient({ access_level: undefined }))).toBe(1);
    expect(patientAccessLevel(null)).toBe(1);
  });

  test.each([1, 2, 3] as const)('level %p is kept', (level) => {
    expect(patientAccessLevel(makePatient({ access_level: level }))).toBe(level);
  });

  test('an unexpected value is treated as view only', () => {
    expect(patientAccessLevel({ ...makePatient(), access_level: 9 } as unknown as Patient)).toBe(3);
  });
});

describe('patientFeatures (ACC-06)', () => {
  const FULL = [
    'process-documents',
    'query-records',
    'vector-management',
    'background-jobs',
    'search-documents',
    'draft-reports',
  ];
  const user = makeUser();
  const admin = makeUser({ Administrator: 'yes' });

  test.each([
    [undefined, FULL],
    [1, FULL],
    [2, ['pagination']],
    [3, []],
  ] as Array<[PatientAccessLevel | undefined, string[]]>)('patient level %p', (level, features) => {
    expect(patientFeatures(user, makePatient({ access_level: level }))).toEqual(features);
  });

  test.each([1, 2, 3] as const)('an administrator gets the full list at patient level %p', (level) => {
    expect(patientFeatures(admin, makePatient({ access_level: level }))).toEqual(FULL);
  });

  test('a group admin is not an administrator here', () => {
    expect(patientFeatures(makeUser({ group_admin: 'yes' }), makePatient({ access_level: 2 }))).toEqual([
      'pagination',
    ]);
  });
});

describe('canUseResource', () => {
  const user = makeUser();

  test.each([undefined, 1] as const)('patient level %p may use every resource type', (level) => {
    expect(canUseResource(user, makePatient({ access_level: level }), 'document')).toBe(true);
    expect(canUseResource(user, makePatient({ access_level: level }), 'patient')).toBe(true);
  });

  test.each([2, 3] as const)('patient level %p may use only "patient"', (level) => {
    expect(canUseResource(user, makePatient({ access_level: level }), 'patient')).toBe(true);
    expect(canUseResource(user, makePatient({ access_level: level }), 'document')).toBe(false);
    expect(canUseResource(user, makePatient({ access_level: level }), 'report')).toBe(false);
  });

  test('an administrator may use every resource type at any level', () => {
    expect(
      canUseResource(makeUser({ Administrator: 'yes' }), makePatient({ access_level: 3 }), 'document'),
    ).toBe(true);
  });
});

describe('canEditPatient (Edit Patient / Delete Patient Data)', () => {
  test.each(['Full Access', 'Standard', 'Transcription Only'])('a "%s" user may edit', (label) => {
    expect(canEditPatient(makeUser({ txt_access_level: label }), makePatient())).toBe(true);
  });

  test.each(['Read Only', 'Nonsense', null])('a user with level %p may not', (label) => {
    expect(canEditPatient(makeUser({ txt_access_level: label }), makePatient())).toBe(false);
  });

  test('nobody may edit a view-only patient, administrators included', () => {
    expect(canEditPatient(makeUser(), makePatient({ access_level: 3 }))).toBe(false);
    expect(canEditPatient(makeUser({ Administrator: 'yes' }), makePatient({ access_level: 3 }))).toBe(false);
  });

  test('a pagination-only patient may be edited', () => {
    expect(canEditPatient(makeUser(), makePatient({ access_level: 2 }))).toBe(true);
  });

  test('an administrator with a Read Only label may edit', () => {
    expect(
      canEditPatient(makeUser({ Administrator: 'yes', txt_access_level: 'Read Only' }), makePatient()),
    ).toBe(true);
  });
});

describe('canDeletePatientData (Delete Patient Data)', () => {
  test.each(['Full Access', 'Standard', 'Transcription Only'])(
    'a "%s" user may delete a full-access patient\'s data',
    (label) => {
      expect(
        canDeletePatientData(makeUser({ txt_access_level: label }), makePatient({ access_level: 1 })),
      ).toBe(true);
    },
  );

  test('a Read Only user may not, whatever the patient', () => {
    expect(canDeletePatientData(makeUser({ txt_access_level: 'Read Only' }), makePatient())).toBe(false);
  });

  test('pagination-only access is not enough, except for an administrator', () => {
    expect(canDeletePatientData(makeUser(), makePatient({ access_level: 2 }))).toBe(false);
    expect(canDeletePatientData(makeUser({ Administrator: 'yes' }), makePatient({ access_level: 2 }))).toBe(
      true,
    );
  });

  test("nobody may delete a view-only patient's data, administrators included", () => {
    expect(canDeletePatientData(makeUser({ Administrator: 'yes' }), makePatient({ access_level: 3 }))).toBe(
      false,
    );
  });
});

describe('canAddPatient (Add New Patient)', () => {
  test.each(['Full Access', 'Standard', 'Transcription Only'])('a "%s" user may add patients', (label) => {
    expect(canAddPatient(makeUser({ txt_access_level: label }))).toBe(true);
  });

  test.each(['Read Only', 'Nonsense', null])('a user with level %p may not', (label) => {
    expect(canAddPatient(makeUser({ txt_access_level: label }))).toBe(false);
  });

  test('an administrator may, whatever the level label', () => {
    expect(canAddPatient(makeUser({ Administrator: 'yes', txt_access_level: 'Read Only' }))).toBe(true);
  });
});
