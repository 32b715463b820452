import { patientLevelsUnderSpec } from '@ewrt/shared';
import { routes } from './routes';

test.each(routes.map((route) => [route.path, route] as const))(
  '%s: the selected patient narrows it exactly as ACC-03 says',
  (path, route) => {
    expect(route.patientLevels).toEqual(patientLevelsUnderSpec(path));
  },
);

test('the three screens of SHELL-01 are the transcription feature, each in its own place of the menu', () => {
  expect(routes.map((route) => [route.path, route.feature])).toEqual([
    ['/transcription/live', 'transcription'],
    ['/transcription/upload', 'transcription'],
    ['/transcription/manage', 'transcription'],
  ]);
  expect(new Set(routes.map((route) => route.nav.order)).size).toBe(routes.length);
  expect(routes.every((route) => route.nav.section === 'transcription' && route.nav.patientQuery)).toBe(true);
});
