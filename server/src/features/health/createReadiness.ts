/** Whether this instance should get new work from a load balancer; only draining is kept here, the rest is asked. */
export interface Readiness {
  readonly draining: boolean;
  /** From a SIGTERM on: readiness answers 503 while the jobs are handed back and open requests finish. */
  beginDraining(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    beginDraining() {
      draining = true;
    },
  };
}
