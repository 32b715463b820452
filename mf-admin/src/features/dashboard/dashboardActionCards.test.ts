import {
  ADMIN_REMOTE,
  PATIENTS_REMOTE,
  makeRuntimeConfig,
  makeUser,
  provideRuntimeConfig,
} from '@ewrt/shared/testing';
import { dashboardActionCards } from './dashboardActionCards';

beforeEach(() => {
  provideRuntimeConfig();
});

const ADVANCED = [
  'Edit Prompts',
  'Style Document',
  'Structured Templates',
  'Opinion Upload',
  'Opinion Query',
  'Opinion Documents',
];

const titles = (user: ReturnType<typeof makeUser>, ownDashboard = true) =>
  dashboardActionCards(user, { ownDashboard }).map((card) => card.title);

test.each([
  [
    'an administrator, whatever the level',
    makeUser({ Administrator: 'yes', txt_access_level: 'Read Only' }),
    ['Manage Users', ...ADVANCED, 'My Profile'],
  ],
  [
    'a group admin with Full Access',
    makeUser({ group_admin: 'yes' }),
    ['Manage Users', ...ADVANCED, 'My Profile'],
  ],
  [
    'a group admin with Standard',
    makeUser({ group_admin: 'yes', txt_access_level: 'Standard' }),
    ['Manage Users', 'My Profile'],
  ],
  ['a Full Access user', makeUser(), [...ADVANCED, 'My Profile']],
  ['a Standard user', makeUser({ txt_access_level: 'Standard' }), ['My Profile']],
  ['a Transcription Only user', makeUser({ txt_access_level: 'Transcription Only' }), ['My Profile']],
  ['a Read Only user', makeUser({ txt_access_level: 'Read Only' }), ['My Profile']],
  ['a user of an unknown level', makeUser({ txt_access_level: 'Something else' }), ['My Profile']],
])('%s', (_who, user, expected) => {
  expect(titles(user)).toEqual(expected);
});

test("My Profile is offered on one's own dashboard only", () => {
  expect(titles(makeUser({ Administrator: 'yes' }), false)).not.toContain('My Profile');
});

test('the cards link to the screens of the route table', () => {
  const links = dashboardActionCards(makeUser({ Administrator: 'yes' }), { ownDashboard: true }).map(
    (card) => card.href,
  );
  expect(links).toEqual([
    '/users',
    '/prompt-edit',
    '/example-report',
    '/structured-templates',
    '/opinions/upload',
    '/opinions/query',
    '/opinion-documents',
    null,
  ]);
});

test('a tool whose area this deployment does not serve is not offered', () => {
  provideRuntimeConfig(makeRuntimeConfig([PATIENTS_REMOTE, ADMIN_REMOTE]));
  expect(titles(makeUser({ Administrator: 'yes' }))).toEqual(['Manage Users', 'My Profile']);
});
