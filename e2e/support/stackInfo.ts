// Where the stack started by globalSetup lives. Global setup runs in the runner process; the tests run in worker
// processes, so the URLs travel through an environment variable and, as a fallback, a JSON file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface StackInfo {
  /** The API server, e.g. http://127.0.0.1:41234 */
  apiUrl: string;
  /** The host whose configuration points at every served remote. */
  hostUrl: string;
  /** The same host build on another origin whose configuration points mf_patients at a port nobody serves yet. */
  remoteDownHostUrl: string;
  /** The port mf_patients is expected on by the `remoteDownHostUrl` host. */
  remoteDownPort: number;
  /** The same host build on a third origin whose configuration points mf_patients at `brokenRemotePort`. */
  brokenRemoteHostUrl: string;
  /** Where a test serves a broken mf_patients for `brokenRemoteHostUrl`. */
  brokenRemotePort: number;
  /** Served remotes by federation name. */
  remotes: Record<string, string>;
  /** Production dist/ folders of the remotes by federation name. */
  remoteDirs: Record<string, string>;
  /** File holding two-factor secrets, used TOTP steps and tokens of this run. */
  stateFile: string;
  stateDir: string;
  dataDir: string;
  serverPid: number | undefined;
}

export const ARTIFACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.artifacts');
export const STACK_FILE = path.join(ARTIFACTS_DIR, 'stack.json');
export const STACK_ENV = 'EWRT_E2E_STACK';

let cached: StackInfo | undefined;

export function stackInfo(): StackInfo {
  if (cached) return cached;
  const fromEnv = process.env[STACK_ENV];
  cached = JSON.parse(fromEnv ?? readFileSync(STACK_FILE, 'utf8')) as StackInfo;
  return cached;
}
