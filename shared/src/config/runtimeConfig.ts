import { parseRuntimeConfig } from './parseRuntimeConfig';
import type { RuntimeConfig } from './types';

let loadedConfig: RuntimeConfig | null = null;

/**
 * Validates a configuration already in hand and makes it the one getRuntimeConfig() answers (tests, and
 * pages that receive their configuration another way). Throws an Error naming the first wrong field.
 */
export function installRuntimeConfig(value: unknown): RuntimeConfig {
  loadedConfig = parseRuntimeConfig(value);
  return loadedConfig;
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
    return installRuntimeConfig(body);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Invalid runtime configuration in ${url}: ${reason}`, { cause: error });
  }
}

/** The configuration loaded by loadRuntimeConfig(); throws when it has not been loaded yet. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!loadedConfig)
    throw new Error('The runtime configuration is not loaded yet: call loadRuntimeConfig() first.');
  return loadedConfig;
}
