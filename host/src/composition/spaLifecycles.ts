/** The `./spa` contract every remote exposes: single-spa lifecycles (ARCH-02). */
export interface SpaLifecycles {
  bootstrap: (props: SpaProps) => Promise<unknown>;
  mount: (props: SpaProps) => Promise<unknown>;
  unmount: (props: SpaProps) => Promise<unknown>;
}

/** What single-spa hands a lifecycle: its own props plus the host's custom props. */
export type SpaProps = Record<string, unknown> & { name?: string };

/** True when a loaded module carries the three lifecycles as functions. */
export function isSpaLifecycles(module: unknown): module is SpaLifecycles {
  if (typeof module !== 'object' || module === null) return false;
  const candidate = module as Record<string, unknown>;
  return ['bootstrap', 'mount', 'unmount'].every((name) => typeof candidate[name] === 'function');
}
