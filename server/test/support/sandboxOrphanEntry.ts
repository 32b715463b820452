// A stand-in server for the start-up clean-up test: starts one confined converter, says where, and waits to be
// killed with `kill -9` (its converter then runs on, re-parented, as after a real crash).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSandboxed } from '../../src/platform/sandbox/spawnSandboxed.js';

const run = spawnSandboxed('sleep', ['300'], {
  stdio: 'ignore',
  timeoutMs: null,
  memoryMb: 256,
  cpuSeconds: null,
});
writeFileSync(path.join(run.folder, 'marker'), 'left by a killed server');
process.stdout.write(`${JSON.stringify({ pid: run.child.pid, folder: run.folder })}\n`);
setInterval(() => undefined, 60_000);
