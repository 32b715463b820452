import type { AreaName, RemoteConfig, RuntimeConfig } from './types';

const AREAS: readonly AreaName[] = ['patients', 'documents', 'reports', 'transcription', 'admin'];

let loadedConfig: RuntimeConfig | null = null;

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseRemote(value: unknown, index: number): RemoteConfig {
  const where = `remotes[${index}]`;
  if (!isRecord(value)) throw new Error(`${where} must be an object`);
  const { name, area, manifestUrl, routes } = value;
  if (!isNonEmptyString(name)) throw new Error(`${where}.name must be a non-empty string`);
  if (typeof area !== 'string' || !AREAS.includes(area as AreaName)) {
    throw new Error(`${where}.area must be one of ${AREAS.join(', ')}`);
  }
  if (!isNonEmptyString(manifestUrl)) throw new Error(`${where}.manifestUrl must be a non-empty string`);
  if (!Array.isArray(routes) || !routes.every((r) => isNonEmptyString(r) && r.startsWith('/'))) {
    throw new Error(`${where}.routes must be a list of paths starting with "/"`);
  }
  return { name, area: area as AreaName, manifestUrl, routes: [...routes] as string[] };
}

/** Checks the shape of a runtime configuration; throws an Error naming the first wrong field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new Error('the configuration must be a JSON object');
  const { apiBaseUrl, socketUrl, remotes } = value;
  if (!isNonEmptyString(apiBaseUrl)) throw new Error('apiBaseUrl must be a non-empty string');
  if (!isNonEmptyString(socketUrl)) throw new Error('socketUrl must be a non-empty string');
  if (!Array.isArray(remotes)) throw new Error('remotes must be a list');
  return { apiBaseUrl, socketUrl, remotes: remotes.map(parseRemote) };
}

/** Fetches and validates the runtime configuration; later available through getRuntimeConfig(). */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  let body: unknown;
  try {
    // Resolved against the page so that a relative URL means the same everywhere fetch is implemented.
    const response = await fetch(new URL(url, document.baseURI).toString(), { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not load the runtime configuration from ${url}: ${reason}`, { cause: error });
  }
  try {
    loadedConfig = parseRuntimeConfig(body);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Invalid runtime configuration in ${url}: ${reason}`, { cause: error });
  }
  return loadedConfig;
}

/** The configuration loaded by loadRuntimeConfig(); throws when it has not been loaded yet. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!loadedConfig)
    throw new Error('The runtime configuration is not loaded yet: call loadRuntimeConfig() first.');
  return loadedConfig;
}
