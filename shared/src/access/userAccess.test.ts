import { makeUser } from '../testing/factories';
import { FEATURES } from './accessLevels';
import { hasFeature, isAdmin, isAdministrator, isReadOnlyUser, userFeatures } from './userAccess';

test.each([
  ['Full Access', ['documents', 'transcription', 'generative-ai', 'tools', 'advanced-tools']],
  ['Standard', ['documents', 'transcription', 'generative-ai', 'tools']],
  ['Transcription Only', ['transcription']],
  ['Read Only', []],
  ['Unknown level', []],
  [null, []],
])('a "%s" user has the features %p', (label, features) => {
  expect(userFeatures(makeUser({ txt_access_level: label }))).toEqual(features);
});

test('an Administrator has every feature whatever the level', () => {
  const admin = makeUser({ Administrator: 'yes', txt_access_level: 'Read Only' });
  expect(userFeatures(admin)).toEqual([...FEATURES]);
  for (const feature of FEATURES) expect(hasFeature(admin, feature)).toBe(true);
});

test("a group admin's features come from the level", () => {
  const groupAdmin = makeUser({ group_admin: 'yes', txt_access_level: 'Transcription Only' });
  expect(hasFeature(groupAdmin, 'transcription')).toBe(true);
  expect(hasFeature(groupAdmin, 'documents')).toBe(false);
});

test('no user has no features', () => {
  expect(userFeatures(null)).toEqual([]);
  expect(hasFeature(undefined, 'documents')).toBe(false);
});

test('admin checks: Administrator and group admin count as admins, only Administrator is an Administrator', () => {
  expect(isAdmin(makeUser({ Administrator: 'yes' }))).toBe(true);
  expect(isAdmin(makeUser({ group_admin: 'yes' }))).toBe(true);
  expect(isAdmin(makeUser())).toBe(false);
  expect(isAdmin(null)).toBe(false);
  expect(isAdministrator(makeUser({ Administrator: 'yes' }))).toBe(true);
  expect(isAdministrator(makeUser({ group_admin: 'yes' }))).toBe(false);
});

test('the read-only kind: Read Only or unknown level, never an Administrator', () => {
  expect(isReadOnlyUser(makeUser({ txt_access_level: 'Read Only' }))).toBe(true);
  expect(isReadOnlyUser(makeUser({ txt_access_level: 'Mystery' }))).toBe(true);
  expect(isReadOnlyUser(makeUser({ txt_access_level: 'Standard' }))).toBe(false);
  expect(isReadOnlyUser(makeUser({ txt_access_level: 'Read Only', Administrator: 'yes' }))).toBe(false);
  expect(isReadOnlyUser(makeUser({ txt_access_level: 'Read Only', group_admin: 'yes' }))).toBe(true);
});
