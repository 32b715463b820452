import { patientLevelsUnderSpec } from '@ewrt/shared';
import { routes } from './routes';

test.each(routes.map((route) => [route.path, route] as const))(
  '%s: the selected patient narrows it exactly as ACC-03 says',
  (path, route) => {
    expect(route.patientLevels).toEqual(patientLevelsUnderSpec(path));
  },
);

test('drafting is generative AI, the chatbot and research are tools, authoring is the advanced tools', () => {
  const features = Object.fromEntries(routes.map((route) => [route.path, route.feature]));
  expect(features).toEqual({
    '/draft-report': 'generative-ai',
    '/generative-docs': 'generative-ai',
    '/secure-chatbot': 'tools',
    '/research-assistant': 'tools',
    '/prompt-edit': 'advanced-tools',
    '/example-report': 'advanced-tools',
    '/report-templates': 'advanced-tools',
    '/structured-templates': 'advanced-tools',
  });
});

test('only report templates stay open to a pagination-only patient', () => {
  const open = routes.filter((route) => (route.patientLevels as readonly number[]).includes(2));
  expect(open.map((route) => route.path)).toEqual(['/report-templates']);
});

test('every route has its own key and its own place in its menu', () => {
  expect(new Set(routes.map((route) => route.key)).size).toBe(routes.length);
  const places = routes.map((route) => `${route.nav.section}:${route.nav.order}`);
  expect(new Set(places).size).toBe(routes.length);
});

test('the patient dashboard offers the generated reports of the patient', () => {
  const card = routes.find((route) => route.path === '/generative-docs');
  expect(card && 'actionCard' in card ? card.actionCard : null).toMatchObject({
    title: 'View Draft Reports',
    patientFeature: 'draft-reports',
    patientQuery: true,
  });
});
