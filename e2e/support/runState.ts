// State that must outlive a worker process within one run: two-factor secrets set up so far, the last TOTP step
// used per secret (each code is single-use), and bearer tokens already obtained. Workers run one at a time
// (workers: 1), so plain synchronous reads and writes of one JSON file are enough.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { stackInfo } from './stackInfo';

export interface RunState {
  secrets: Record<string, string>;
  lastStepBySecret: Record<string, number>;
  tokens: Record<string, string>;
}

export function readRunState(): RunState {
  const file = stackInfo().stateFile;
  if (!existsSync(file)) return { secrets: {}, lastStepBySecret: {}, tokens: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as RunState;
}

export function updateRunState(change: (state: RunState) => void): RunState {
  const state = readRunState();
  change(state);
  const file = stackInfo().stateFile;
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${file}.tmp`, file);
  return state;
}
