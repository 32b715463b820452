// Global setup and teardown run in the same runner process; the live handles pass between them through here.
export const RUNNING_STACK = Symbol.for('ewrt.e2e.runningStack');

export interface RunningStack {
  stop: () => Promise<void>;
  stateDir: string;
}
