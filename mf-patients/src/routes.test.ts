import { patientLevelsUnderSpec } from '@ewrt/shared';
import { routes } from './routes';

test.each(routes.map((route) => [route.path, route] as const))(
  '%s may be opened at the selected-patient levels ACC-03 gives',
  (path, route) => {
    expect(route.patientLevels).toEqual(patientLevelsUnderSpec(path));
  },
);

test('every route has its own key', () => {
  expect(new Set(routes.map((route) => route.key)).size).toBe(routes.length);
});
