import { patientLevelsUnderSpec } from '@ewrt/shared';
import { ADMIN_REMOTE } from '@ewrt/shared/testing';
import { area, areaLabel, routes } from './routes';

test.each(routes.map((route) => [route.path, route] as const))(
  '%s may be opened at the selected-patient levels ACC-03 gives',
  (path, route) => {
    expect(route.patientLevels).toEqual(patientLevelsUnderSpec(path));
  },
);

test('every route has its own key', () => {
  expect(new Set(routes.map((route) => route.key)).size).toBe(routes.length);
});

test('the declarations match what the suite expects of the Users area', () => {
  expect({ area, areaLabel }).toEqual({ area: ADMIN_REMOTE.area, areaLabel: ADMIN_REMOTE.areaLabel });
  const essentials = (route: (typeof ADMIN_REMOTE.routes)[number]) => ({
    key: route.key,
    path: route.path,
    adminOnly: route.adminOnly ?? false,
    patientLevels: route.patientLevels,
    nav: route.nav,
  });
  expect(routes.map(essentials)).toEqual(ADMIN_REMOTE.routes.map(essentials));
});
