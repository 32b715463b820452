// The one matcher of the suite: the guard, the navbar, single-spa's activity and the remotes' links all
// decide which declared route owns a path here.

/** The path part of a location: no query, no hash, no trailing slash (except for "/"). */
export function normalisePath(path: string): string {
  const withoutSuffix = path.split(/[?#]/, 1)[0] ?? '';
  const withSlash = withoutSuffix.startsWith('/') ? withoutSuffix : `/${withoutSuffix}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') || '/' : withSlash;
}

function segmentsOf(path: string): string[] {
  return normalisePath(path).split('/').filter(Boolean);
}

function isParameter(segment: string | undefined): boolean {
  return segment?.startsWith(':') ?? false;
}

/** True when the path matches the pattern segment by segment (":name" matches any one segment). */
export function matchPattern(pattern: string, path: string): boolean {
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(path);
  if (wanted.length !== actual.length) return false;
  return wanted.every((segment, i) => isParameter(segment) || segment === actual[i]);
}

/**
 * Orders two patterns that match the same path: the first segment where one is static and the other a
 * parameter decides, static first ("/users/dashboard" before "/users/:userId").
 */
export function compareSpecificity(a: string, b: string): number {
  const aSegments = segmentsOf(a);
  const bSegments = segmentsOf(b);
  for (let i = 0; i < Math.max(aSegments.length, bSegments.length); i += 1) {
    const aParam = isParameter(aSegments[i]);
    const bParam = isParameter(bSegments[i]);
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
}

/** The pattern with every parameter made alike: two patterns of one shape match exactly the same paths. */
export function patternShape(pattern: string): string {
  return `/${segmentsOf(pattern)
    .map((segment) => (isParameter(segment) ? ':' : segment))
    .join('/')}`;
}

/** The route whose pattern matches the path, the most specific one winning; null when none matches. */
export function findRoute<Route extends { path: string }>(
  path: string,
  routes: readonly Route[],
): Route | null {
  let best: Route | null = null;
  for (const route of routes) {
    if (!matchPattern(route.path, path)) continue;
    // Strictly more specific only: among equals the first declared keeps the path.
    if (!best || compareSpecificity(route.path, best.path) < 0) best = route;
  }
  return best;
}
