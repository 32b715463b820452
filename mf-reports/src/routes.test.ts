import { patientLevelsUnderSpec } from '@ewrt/shared';
import { routes } from './routes';

test.each(routes.map((route) => [route.path, route] as const))(
  '%s is an authoring screen: the selected patient narrows it exactly as part 1 §5 says',
  (path, route) => {
    expect(route.patientLevels).toEqual(patientLevelsUnderSpec(path));
    expect(route.feature).toBe('advanced-tools');
  },
);

test('report templates stay open to a pagination-only patient; prompts, style and structured templates do not', () => {
  const levels = Object.fromEntries(routes.map((route) => [route.path, route.patientLevels]));
  expect(levels).toEqual({
    '/prompt-edit': [1],
    '/example-report': [1],
    '/report-templates': [1, 2],
    '/structured-templates': [1],
  });
});

test('every route has its own key and its own place in the Tools menu', () => {
  expect(new Set(routes.map((route) => route.key)).size).toBe(routes.length);
  expect(routes.every((route) => route.nav.section === 'tools')).toBe(true);
  expect(new Set(routes.map((route) => route.nav.order)).size).toBe(routes.length);
});
