import { patientLevelsUnderSpec } from '@ewrt/shared';
import { routes } from './routes';

const PATIENT_TOOLS = routes.filter(
  (route) => route.feature === 'documents' && route.key !== 'record-bundle',
);
const OPINION_SCREENS = routes.filter((route) => route.feature === 'advanced-tools');

test.each(PATIENT_TOOLS.map((route) => [route.path, route] as const))(
  '%s is a patient-scoped tool: only full-access patients open it (ACC-06), within ACC-03',
  (path, route) => {
    expect(route.patientLevels).toEqual([1]);
    expect(patientLevelsUnderSpec(path)).toEqual(expect.arrayContaining([...route.patientLevels]));
  },
);

test('the record bundle is what a pagination-only patient may open', () => {
  const bundle = routes.find((route) => route.key === 'record-bundle')!;
  expect(bundle.patientLevels).toEqual([1, 2]);
  expect(patientLevelsUnderSpec(bundle.path)).toEqual(expect.arrayContaining([1, 2]));
  expect(bundle.actionCard.patientFeature).toBe('pagination');
});

test.each(OPINION_SCREENS.map((route) => [route.path, route] as const))(
  '%s is an opinion screen: the selected patient limits it exactly as ACC-03 says',
  (path, route) => {
    expect(route.patientLevels).toEqual(patientLevelsUnderSpec(path));
  },
);

test('every route needs the documents or the advanced-tools feature and has its own key', () => {
  expect(OPINION_SCREENS.map((route) => route.key)).toEqual([
    'opinions-upload',
    'opinions-query',
    'opinion-documents',
  ]);
  expect(PATIENT_TOOLS.length + OPINION_SCREENS.length + 1).toBe(routes.length);
  expect(new Set(routes.map((route) => route.key)).size).toBe(routes.length);
});
