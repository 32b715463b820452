import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseRuntimeConfig } from '../config/parseRuntimeConfig';
import type { RuntimeConfig } from '../config/types';

const GENERATOR = path.resolve(__dirname, '..', '..', '..', 'scripts', 'generateRuntimeConfig.mjs');

/**
 * The runtime configuration the build would ship, generated now from every `mf-*\/src/routes.ts` by the
 * same script the host's build runs (a Node process, about a second).
 */
export function generatedRuntimeConfig(): RuntimeConfig {
  const output = execFileSync(process.execPath, [GENERATOR, '--stdout'], { encoding: 'utf8' });
  return parseRuntimeConfig(JSON.parse(output));
}
