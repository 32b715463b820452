// Stops everything global setup started and removes the temporary data. Should the live handles be gone (the
// runner restarted between setup and teardown), the API server is stopped through its recorded process id.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { STACK_FILE, type StackInfo } from './stackInfo';
import { RUNNING_STACK, type RunningStack } from './runningStack';

export default async function globalTeardown(): Promise<void> {
  const running = (globalThis as Record<symbol, unknown>)[RUNNING_STACK] as RunningStack | undefined;
  if (running) {
    await running.stop();
    rmSync(running.stateDir, { recursive: true, force: true });
    delete (globalThis as Record<symbol, unknown>)[RUNNING_STACK];
    return;
  }
  if (!existsSync(STACK_FILE)) return;
  const info = JSON.parse(readFileSync(STACK_FILE, 'utf8')) as StackInfo;
  if (info.serverPid) await terminate(info.serverPid);
  for (const dir of [info.dataDir, info.stateDir]) rmSync(dir, { recursive: true, force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM, then up to 15 s for the graceful shutdown, so the data directory is not removed under a live server. */
async function terminate(pid: number): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}
