// Pure validation of the runtime configuration, also run by the generator at build time
// (scripts/generateRuntimeConfig.mjs): a wrong declaration fails the build with the same message.
import { FEATURES, PATIENT_FEATURES } from '../access/accessLevels';
import type { Feature, PatientFeature } from '../access/types';
import type { PatientAccessLevel } from '../api/types';
import { namesPatientInPath } from '../routing/patientLink';
import { patternShape } from '../routing/findRoute';
import type { ActionCardEntry, NavEntry, RouteDeclaration } from '../routing/types';
import {
  DEFAULT_IDLE_TIMEOUT_MINUTES,
  IDLE_WARNING_MS,
  MAX_IDLE_TIMEOUT_MINUTES,
} from '../session/idleTimer';
import type { RemoteConfig, RuntimeConfig } from './types';

const PATIENT_LEVELS: readonly PatientAccessLevel[] = [1, 2, 3];
const ROUTE_FIELDS = [
  'key',
  'path',
  'title',
  'feature',
  'adminOnly',
  'needsPatient',
  'patientLevels',
  'nav',
  'actionCard',
];
const NAV_FIELDS = ['section', 'label', 'order', 'patientQuery'];
const CARD_FIELDS = ['title', 'description', 'patientFeature', 'order', 'patientQuery'];

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(record: Record<string, unknown>, field: string, where: string): string {
  const value = record[field];
  if (!isNonEmptyString(value)) throw new Error(`${where}.${field} must be a non-empty string`);
  return value;
}

function optionalBoolean(record: Record<string, unknown>, field: string, where: string): boolean | undefined {
  const value = record[field];
  if (value !== undefined && typeof value !== 'boolean')
    throw new Error(`${where}.${field} must be true or false`);
  return value;
}

function requireOrder(record: Record<string, unknown>, where: string): number {
  const { order } = record;
  if (typeof order !== 'number' || !Number.isFinite(order))
    throw new Error(`${where}.order must be a number`);
  return order;
}

/** An unknown field is refused: a misspelt `adminOnly` must not open a route to everybody. */
function refuseUnknownFields(record: Record<string, unknown>, known: readonly string[], where: string): void {
  const unknown = Object.keys(record).find((field) => !known.includes(field));
  if (unknown) throw new Error(`${where} has an unknown field "${unknown}" (known: ${known.join(', ')})`);
}

/** A link to the route can be made only when the patient is its one parameter. */
function requireLinkablePath(path: string, where: string): void {
  const parameters = path.split('/').filter((segment) => segment.startsWith(':'));
  if (parameters.some((parameter) => parameter !== ':patientId')) {
    throw new Error(`${where} needs a path whose only parameter is ":patientId" (the path is "${path}")`);
  }
}

function parseNav(value: unknown, path: string, where: string): NavEntry {
  if (!isRecord(value)) throw new Error(`${where} must be an object`);
  refuseUnknownFields(value, NAV_FIELDS, where);
  requireLinkablePath(path, where);
  const nav: NavEntry = {
    section: requireString(value, 'section', where),
    label: requireString(value, 'label', where),
    order: requireOrder(value, where),
  };
  const patientQuery = optionalBoolean(value, 'patientQuery', where);
  if (patientQuery !== undefined) nav.patientQuery = patientQuery;
  return nav;
}

function parseActionCard(value: unknown, path: string, where: string): ActionCardEntry {
  if (!isRecord(value)) throw new Error(`${where} must be an object`);
  refuseUnknownFields(value, CARD_FIELDS, where);
  requireLinkablePath(path, where);
  const { patientFeature } = value;
  if (!PATIENT_FEATURES.includes(patientFeature as PatientFeature)) {
    throw new Error(`${where}.patientFeature must be one of ${PATIENT_FEATURES.join(', ')}`);
  }
  const card: ActionCardEntry = {
    title: requireString(value, 'title', where),
    description: requireString(value, 'description', where),
    patientFeature: patientFeature as PatientFeature,
    order: requireOrder(value, where),
  };
  const patientQuery = optionalBoolean(value, 'patientQuery', where);
  if (patientQuery !== undefined) card.patientQuery = patientQuery;
  return card;
}

function parsePatientLevels(value: unknown, where: string): PatientAccessLevel[] {
  const field = `${where}.patientLevels`;
  if (
    !Array.isArray(value) ||
    !value.every((level) => PATIENT_LEVELS.includes(level as PatientAccessLevel))
  ) {
    throw new Error(`${field} must be a list of patient access levels (1, 2, 3)`);
  }
  if (!value.includes(1))
    throw new Error(`${field} must include 1: a full-access patient may open every route`);
  if (new Set(value).size !== value.length) throw new Error(`${field} lists a level twice`);
  return [...value] as PatientAccessLevel[];
}

function parseRoute(value: unknown, where: string): RouteDeclaration {
  if (!isRecord(value)) throw new Error(`${where} must be an object`);
  refuseUnknownFields(value, ROUTE_FIELDS, where);
  const key = requireString(value, 'key', where);
  const { path, feature } = value;
  if (!isNonEmptyString(path) || !/^\/([^/?#\s]+(\/[^/?#\s]+)*)?$/.test(path)) {
    throw new Error(
      `${where}.path must be a path pattern such as "/patients/:patientId" (no query, no trailing "/")`,
    );
  }
  const route: RouteDeclaration = {
    key,
    path,
    patientLevels: parsePatientLevels(value.patientLevels, where),
  };
  if (value.title !== undefined) route.title = requireString(value, 'title', where);
  if (feature !== undefined) {
    if (!FEATURES.includes(feature as Feature))
      throw new Error(`${where}.feature must be one of ${FEATURES.join(', ')}`);
    route.feature = feature as Feature;
  }
  const adminOnly = optionalBoolean(value, 'adminOnly', where);
  if (adminOnly !== undefined) route.adminOnly = adminOnly;
  const needsPatient = optionalBoolean(value, 'needsPatient', where);
  if (needsPatient && namesPatientInPath(path)) {
    throw new Error(`${where}.needsPatient is for paths without ":patientId" (the path names the patient)`);
  }
  if (needsPatient !== undefined) route.needsPatient = needsPatient;
  if (value.nav !== undefined) route.nav = parseNav(value.nav, path, `${where}.nav`);
  if (value.actionCard !== undefined) {
    route.actionCard = parseActionCard(value.actionCard, path, `${where}.actionCard`);
  }
  return route;
}

function parseRemote(value: unknown, index: number): RemoteConfig {
  const where = `remotes[${index}]`;
  if (!isRecord(value)) throw new Error(`${where} must be an object`);
  const name = requireString(value, 'name', where);
  const area = requireString(value, 'area', where);
  const areaLabel = requireString(value, 'areaLabel', where);
  const manifestUrl = requireString(value, 'manifestUrl', where);
  if (!Array.isArray(value.routes)) throw new Error(`${where}.routes must be a list of route declarations`);
  const routes = value.routes.map((route, i) => parseRoute(route, `${where}.routes[${i}]`));
  const keys = new Set<string>();
  routes.forEach((route, i) => {
    if (keys.has(route.key)) throw new Error(`${where}.routes[${i}].key "${route.key}" is used twice`);
    keys.add(route.key);
  });
  return { name, area, areaLabel, manifestUrl, routes };
}

/** Exactly one owner per path: two remotes (or two routes) may not declare patterns of one shape. */
function refuseSharedPaths(remotes: readonly RemoteConfig[]): void {
  const owners = new Map<string, string>();
  remotes.forEach((remote, r) =>
    remote.routes.forEach((route, i) => {
      const shape = patternShape(route.path);
      const owner = owners.get(shape);
      if (owner) {
        throw new Error(`remotes[${r}].routes[${i}].path "${route.path}" is already declared by ${owner}`);
      }
      owners.set(shape, `${remote.name} ("${route.path}")`);
    }),
  );
}

/** Optional; the warning shows one minute before the end, so the time-out must be longer than that. */
function parseIdleTimeoutMinutes(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const warningMinutes = IDLE_WARNING_MS / 60_000;
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value <= warningMinutes ||
    value > MAX_IDLE_TIMEOUT_MINUTES
  ) {
    throw new Error(
      `idleTimeoutMinutes must be a number of minutes above ${warningMinutes} (the warning shows ` +
        `${warningMinutes} minute before the end) and at most ${MAX_IDLE_TIMEOUT_MINUTES}; ` +
        `leave it out for ${DEFAULT_IDLE_TIMEOUT_MINUTES}`,
    );
  }
  return value;
}

/** Checks the shape of a runtime configuration; throws an Error naming the first wrong field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new Error('the configuration must be a JSON object');
  const { apiBaseUrl, socketUrl, remotes } = value;
  if (!isNonEmptyString(apiBaseUrl)) throw new Error('apiBaseUrl must be a non-empty string');
  if (!isNonEmptyString(socketUrl)) throw new Error('socketUrl must be a non-empty string');
  if (!Array.isArray(remotes)) throw new Error('remotes must be a list');
  const parsed = remotes.map(parseRemote);
  const names = new Set<string>();
  parsed.forEach((remote, r) => {
    if (names.has(remote.name)) throw new Error(`remotes[${r}].name "${remote.name}" is used twice`);
    names.add(remote.name);
  });
  refuseSharedPaths(parsed);
  const config: RuntimeConfig = { apiBaseUrl, socketUrl, remotes: parsed };
  const idleTimeoutMinutes = parseIdleTimeoutMinutes(value.idleTimeoutMinutes);
  if (idleTimeoutMinutes !== undefined) config.idleTimeoutMinutes = idleTimeoutMinutes;
  return config;
}
