import { patientLevelsUnderSpec } from '@ewrt/shared';
import { routes } from './routes';

test.each(routes.map((route) => [route.path, route] as const))(
  '%s is a patient-scoped tool: only full-access patients open it (part 2 §6), within part 1 §5',
  (path, route) => {
    expect(route.patientLevels).toEqual([1]);
    expect(patientLevelsUnderSpec(path)).toEqual(expect.arrayContaining([...route.patientLevels]));
  },
);

test('every route needs the documents feature and has its own key', () => {
  expect(routes.every((route) => route.feature === 'documents')).toBe(true);
  expect(new Set(routes.map((route) => route.key)).size).toBe(routes.length);
});
