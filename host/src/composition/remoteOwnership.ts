import { matchPattern, type RemoteConfig } from '@ewrt/shared';

function segmentsOf(pattern: string): string[] {
  return pattern.split('/').filter(Boolean);
}

/**
 * Orders two patterns that match the same path: the first segment where one is static and the other
 * a parameter decides (static wins), so "/patients/:patientId/simplequery" outranks
 * "/patients/:patientId/:view" and "/users/dashboard" outranks "/users/:userId".
 */
export function compareSpecificity(a: string, b: string): number {
  const aSegments = segmentsOf(a);
  const bSegments = segmentsOf(b);
  const length = Math.max(aSegments.length, bSegments.length);
  for (let i = 0; i < length; i += 1) {
    const aParam = aSegments[i]?.startsWith(':') ?? true;
    const bParam = bSegments[i]?.startsWith(':') ?? true;
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
}

/**
 * The remote that owns a path according to the runtime configuration: the remote with the most
 * specific matching pattern (the configuration order breaks a tie), or null when none matches.
 */
export function findOwningRemote(path: string, remotes: readonly RemoteConfig[]): RemoteConfig | null {
  const candidates = remotes.flatMap((remote) =>
    remote.routes.filter((pattern) => matchPattern(pattern, path)).map((pattern) => ({ remote, pattern })),
  );
  // Array.prototype.sort is stable, so equally specific patterns keep the configuration order.
  candidates.sort((a, b) => compareSpecificity(a.pattern, b.pattern));
  return candidates[0]?.remote ?? null;
}
