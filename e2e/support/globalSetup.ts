// Starts a throw-away copy of the suite for the run: production builds (built first when missing or stale) of the
// host and every remote, each served on its own free port (separate origins), and the reference API server on a
// fresh temporary data directory. Two more copies of the host are served whose configuration expects mf_patients
// on ports nobody serves yet: one for the "remote down" flows, one where a test serves a broken remote.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getFreePort } from '../../scripts/lib/processes.mjs';
import { startTestStack } from '../../scripts/lib/stack.mjs';
import { ARTIFACTS_DIR, STACK_ENV, STACK_FILE, type StackInfo } from './stackInfo';
import { RUNNING_STACK } from './runningStack';

export default async function globalSetup(): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  rmSync(STACK_FILE, { force: true });
  const remoteDownPort = await getFreePort();
  const brokenRemotePort = await getFreePort();
  const stack = await startTestStack({
    log: (line) => console.info(`[e2e setup] ${line}`),
    logDir: ARTIFACTS_DIR,
    // For quick local iterations on the tests themselves: E2E_SKIP_BUILD=1 uses whatever dist/ folders exist.
    build: process.env.E2E_SKIP_BUILD !== '1',
    extraHosts: [
      { key: 'remoteDown', remoteOrigins: { mf_patients: `http://127.0.0.1:${remoteDownPort}` } },
      { key: 'brokenRemote', remoteOrigins: { mf_patients: `http://127.0.0.1:${brokenRemotePort}` } },
    ],
  });
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-e2e-state-'));
  (globalThis as Record<symbol, unknown>)[RUNNING_STACK] = { stop: stack.stop, stateDir };

  const { remoteDown: remoteDownHostUrl, brokenRemote: brokenRemoteHostUrl } = stack.hosts;
  if (!remoteDownHostUrl || !brokenRemoteHostUrl) throw new Error('The extra host copies did not start');
  const info: StackInfo = {
    apiUrl: stack.apiUrl,
    hostUrl: stack.hostUrl,
    remoteDownHostUrl,
    remoteDownPort,
    brokenRemoteHostUrl,
    brokenRemotePort,
    remotes: stack.remotes,
    remoteDirs: stack.remoteDirs,
    stateFile: path.join(stateDir, 'state.json'),
    stateDir,
    dataDir: stack.dataDir,
    serverPid: stack.serverPid,
  };
  writeFileSync(STACK_FILE, JSON.stringify(info, null, 2));
  process.env[STACK_ENV] = JSON.stringify(info);
}
