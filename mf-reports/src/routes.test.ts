import { patientLevelsUnderSpec } from '@ewrt/shared';
import { routes } from './routes';

test.each(routes.map((route) => [route.path, route] as const))(
  '%s is an authoring screen: a pagination-only or view-only patient keeps it closed, as part 1 §5 says',
  (path, route) => {
    expect(route.patientLevels).toEqual([1]);
    expect(patientLevelsUnderSpec(path)).toEqual([1]);
    expect(route.feature).toBe('generative-ai');
  },
);

test('every route has its own key and its own place in the Generative AI menu', () => {
  expect(new Set(routes.map((route) => route.key)).size).toBe(routes.length);
  expect(routes.every((route) => route.nav.section === 'generative-ai')).toBe(true);
  expect(new Set(routes.map((route) => route.nav.order)).size).toBe(routes.length);
});
