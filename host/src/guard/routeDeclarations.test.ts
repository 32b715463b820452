// For every route a remote declares and every kind of user and selected patient, the generated runtime
// configuration, the guard and the navbar agree with the declaration (issue 8). The declarations are
// read the way the generator reads them, from each `mf-*/src/routes.ts`: data, not a remote's code.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  declaredRoutes,
  patientLink,
  type DeclaredRoute,
  type Feature,
  type Patient,
  type RouteDeclaration,
  type RuntimeConfig,
  type SessionState,
  type User,
} from '@ewrt/shared';
import {
  generatedRuntimeConfig,
  makePatient,
  makeRuntimeConfig,
  makeUser,
  SUITE_REMOTES,
} from '@ewrt/shared/testing';
import { NAV_SECTIONS, visibleNavSections } from '../navbar/navSections';
import { resolveGuard } from './resolveGuard';

interface RemoteDeclarationModule {
  area: string;
  areaLabel: string;
  routes: readonly RouteDeclaration[];
}

const ROOT = path.resolve(__dirname, '..', '..', '..');
const REMOTE_FOLDERS = readdirSync(ROOT).filter(
  (name) => name.startsWith('mf-') && existsSync(path.join(ROOT, name, 'package.json')),
);

// The user levels of ACC-04 and the features each grants, written out by hand.
const LEVEL_FEATURES: Record<string, readonly Feature[]> = {
  'Full Access': ['documents', 'transcription', 'generative-ai', 'tools', 'advanced-tools'],
  Standard: ['documents', 'transcription', 'generative-ai', 'tools'],
  'Transcription Only': ['transcription'],
  'Read Only': [],
};
const ROLES = ['administrator', 'group admin', 'ordinary'] as const;
type Role = (typeof ROLES)[number];
type PatientAccessLevel = 1 | 2 | 3;
const PATIENT_LEVELS: readonly (PatientAccessLevel | undefined)[] = [undefined, 1, 2, 3];

function userOf(level: string, role: Role): User {
  return makeUser({
    txt_access_level: level,
    Administrator: role === 'administrator' ? 'yes' : 'no',
    group_admin: role === 'group admin' ? 'yes' : 'no',
  });
}

type Expected = 'allowed' | 'denied' | 'needs-patient';

/** What the declaration says should happen, worked out here from its fields alone. */
function expectedFor(route: RouteDeclaration, level: string, role: Role, patient: Patient | null): Expected {
  const needsPatient = route.needsPatient === true && patient === null;
  if (role === 'administrator') return needsPatient ? 'needs-patient' : 'allowed';
  if (route.adminOnly && role !== 'group admin') return 'denied';
  if (route.feature && !LEVEL_FEATURES[level]?.includes(route.feature)) return 'denied';
  if (!route.patientLevels.includes(patient?.access_level ?? 1)) return 'denied';
  return needsPatient ? 'needs-patient' : 'allowed';
}

function sectionShown(sectionKey: string, level: string, role: Role): boolean {
  const feature = NAV_SECTIONS.find((section) => section.key === sectionKey)?.feature;
  return !feature || role === 'administrator' || (LEVEL_FEATURES[level]?.includes(feature) ?? false);
}

const concrete = (pattern: string) => pattern.replace(/:[^/]+/g, '7');

let generated: RuntimeConfig;
const declarations = new Map<string, RemoteDeclarationModule>();

beforeAll(async () => {
  generated = generatedRuntimeConfig();
  for (const folder of REMOTE_FOLDERS) {
    const module = (await import(path.join(ROOT, folder, 'src', 'routes.ts'))) as RemoteDeclarationModule;
    declarations.set(folder.replace(/-/g, '_'), module);
  }
});

test('the generated runtime configuration lists every remote folder, with its declarations as written', () => {
  expect(REMOTE_FOLDERS.length).toBeGreaterThan(0);
  expect(generated.remotes.map((remote) => remote.name).sort()).toEqual([...declarations.keys()].sort());
  for (const remote of generated.remotes) {
    const declared = declarations.get(remote.name);
    expect({ area: remote.area, areaLabel: remote.areaLabel }).toEqual({
      area: declared?.area,
      areaLabel: declared?.areaLabel,
    });
    expect(remote.routes).toEqual(JSON.parse(JSON.stringify(declared?.routes)));
    expect(remote.manifestUrl).toMatch(/^http:\/\/localhost:\d+\/mf-manifest\.json$/);
  }
});

/**
 * Opens every declared route of one remote as the given user with the given patient selected, and checks the
 * guard's decision, single-spa's owner and the navbar item against what the declaration says.
 */
function expectAgreement(
  remoteName: string,
  declared: readonly RouteDeclaration[],
  routes: readonly DeclaredRoute[],
  { level, role, patientLevel }: { level: string; role: Role; patientLevel: PatientAccessLevel | undefined },
): void {
  const user = userOf(level, role);
  const session: SessionState = { status: 'signed-in', user, token: 't' };
  const patient =
    patientLevel === undefined ? null : makePatient({ ID_Patient: 7, access_level: patientLevel });
  const navItems = visibleNavSections(user, patient, routes).flatMap((section) => section.items);
  expect(declared.length).toBeGreaterThan(0);

  for (const route of declared) {
    const expected = expectedFor(route, level, role, patient);
    const decision = resolveGuard(concrete(route.path), session, patient, routes);
    expect({ path: route.path, kind: decision.kind }).toEqual({ path: route.path, kind: expected });
    if (decision.kind === 'allowed') {
      // single-spa mounts the remote that declares the route, nothing else.
      expect(decision.route.remote.name).toBe(remoteName);
      expect(decision.route.key).toBe(route.key);
    }

    const item = navItems.find((candidate) => candidate.key === `${remoteName}:${route.key}`);
    const shown =
      route.nav !== undefined && expected !== 'denied' && sectionShown(route.nav.section, level, role);
    expect({ path: route.path, inNavbar: item !== undefined }).toEqual({ path: route.path, inNavbar: shown });
    if (item && route.nav) {
      expect(item.label).toBe(route.nav.label);
      const namesPatient = route.path.includes(':patientId');
      const href = patient
        ? patientLink(route.path, 7, { patientQuery: route.nav.patientQuery })
        : namesPatient || route.needsPatient
          ? null
          : route.path;
      expect(item.href).toBe(href);
    }
  }
}

const accessCases = Object.keys(LEVEL_FEATURES).flatMap((level) =>
  ROLES.flatMap((role) => PATIENT_LEVELS.map((patientLevel) => ({ level, role, patientLevel }))),
);
const caseName = '$role at level "$level", patient level $patientLevel (undefined = none selected)';

describe.each(REMOTE_FOLDERS.map((folder) => folder.replace(/-/g, '_')))(
  'the routes %s declares, from the generated configuration',
  (remoteName) => {
    test.each(accessCases)(caseName, (access) => {
      expectAgreement(
        remoteName,
        declarations.get(remoteName)?.routes ?? [],
        declaredRoutes(generated),
        access,
      );
    });
  },
);

// The test kit's fixture declarations exercise rules that today's routes may not use (features, admin-only,
// patient levels 2 and 3, needsPatient, patientQuery).
describe.each(SUITE_REMOTES.map((remote) => [remote.name, remote] as const))(
  'the routes of %s in the test kit suite',
  (remoteName, remote) => {
    test.each(accessCases)(caseName, (access) => {
      expectAgreement(remoteName, remote.routes, declaredRoutes(makeRuntimeConfig()), access);
    });
  },
);
