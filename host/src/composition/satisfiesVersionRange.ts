// A small semver range check for the ranges our builds put in federation manifests: exact versions,
// `^`, `~`, comparators (`>=`, `>`, `<`, `<=`, `=`), x-ranges (`1.x`, `*`), a space for "and", `||` for
// "or". Follows npm's semver rules, including that a prerelease version only satisfies a range that
// names a prerelease of the same major.minor.patch.

interface Version {
  major: number;
  minor: number;
  patch: number;
  prerelease: readonly (string | number)[];
}

type Operator = '<' | '<=' | '>' | '>=' | '=';

interface Comparator {
  operator: Operator;
  version: Version;
}

/** Comparators that must all hold; `null` stands for a comparator nothing satisfies (`>*`). */
type ComparatorSet = readonly (Comparator | null)[];

const VERSION =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/;
const PARTIAL =
  /^(\^|~>?|>=|<=|>|<|=)?v?(\*|x|X|\d+)(?:\.(\*|x|X|\d+)(?:\.(\*|x|X|\d+)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?)?)?$/;

function parsePrerelease(text: string | undefined): (string | number)[] {
  if (!text) return [];
  return text.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** A full version, or null when `text` is not one. */
export function parseVersion(text: string): Version | null {
  const match = VERSION.exec(text.trim());
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    prerelease: parsePrerelease(match[4]),
  };
}

function compareIdentifiers(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareVersions(a: Version, b: Version): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (core !== 0) return core;
  // A version without a prerelease ranks above all of its prereleases.
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return b.prerelease.length - a.prerelease.length;
  }
  for (let index = 0; index < Math.max(a.prerelease.length, b.prerelease.length); index += 1) {
    const left = a.prerelease[index];
    const right = b.prerelease[index];
    if (left === undefined) return -1;
    if (right === undefined) return 1;
    const order = compareIdentifiers(left, right);
    if (order !== 0) return order;
  }
  return 0;
}

const version = (major: number, minor = 0, patch = 0, prerelease: (string | number)[] = []): Version => ({
  major,
  minor,
  patch,
  prerelease,
});

const isWildcard = (part: string | undefined): boolean =>
  part === undefined || part === '*' || part === 'x' || part === 'X';

/** One comparator of a range (`^1.2.3`, `>=2`, `1.x`) as the plain comparators it stands for. */
function desugar(text: string, range: string): ComparatorSet {
  const match = PARTIAL.exec(text);
  if (!match) throw new Error(`Unreadable version range "${range}".`);
  const [, prefix = '', majorText, minorText, patchText, prereleaseText] = match;
  const operator = prefix === '~>' ? '~' : prefix;
  if (isWildcard(majorText)) return operator === '<' || operator === '>' ? [null] : [];
  const major = Number(majorText);
  const minor = isWildcard(minorText) ? null : Number(minorText);
  const patch = isWildcard(patchText) ? null : Number(patchText);
  // npm reads neither a number after a wildcard (1.x.3) nor a prerelease of a partial version.
  if ((minor === null && patch !== null) || (prereleaseText && patch === null)) {
    throw new Error(`Unreadable version range "${range}".`);
  }
  const lowest = version(major, minor ?? 0, patch ?? 0, parsePrerelease(prereleaseText));
  // The first version above everything the partial names: 1 -> 2.0.0, 1.2 -> 1.3.0.
  const aboveX = minor === null ? version(major + 1) : version(major, minor + 1);

  switch (operator) {
    case '^': {
      let below: Version;
      if (major > 0 || minor === null) below = version(major + 1);
      else if (minor > 0 || patch === null) below = version(0, minor + 1);
      else below = version(0, 0, patch + 1);
      return [
        { operator: '>=', version: lowest },
        { operator: '<', version: below },
      ];
    }
    case '~':
      return [
        { operator: '>=', version: lowest },
        { operator: '<', version: aboveX },
      ];
    case '>=':
      return [{ operator: '>=', version: lowest }];
    case '<':
      return [{ operator: '<', version: lowest }];
    case '>':
      return [patch === null ? { operator: '>=', version: aboveX } : { operator: '>', version: lowest }];
    case '<=':
      return [patch === null ? { operator: '<', version: aboveX } : { operator: '<=', version: lowest }];
    default:
      // Exact (with or without `=`), or an x-range such as `1.x` / `1.2`.
      return patch === null
        ? [
            { operator: '>=', version: lowest },
            { operator: '<', version: aboveX },
          ]
        : [{ operator: '=', version: lowest }];
  }
}

function holds({ operator, version: bound }: Comparator, candidate: Version): boolean {
  const order = compareVersions(candidate, bound);
  switch (operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '=':
      return order === 0;
  }
}

function satisfiesSet(candidate: Version, set: ComparatorSet): boolean {
  if (!set.every((comparator) => comparator !== null && holds(comparator, candidate))) return false;
  if (candidate.prerelease.length === 0) return true;
  return set.some(
    (comparator) =>
      comparator !== null &&
      comparator.version.prerelease.length > 0 &&
      comparator.version.major === candidate.major &&
      comparator.version.minor === candidate.minor &&
      comparator.version.patch === candidate.patch,
  );
}

/**
 * Whether `versionText` satisfies the semver `range`. Throws when either cannot be read, so that a
 * caller never mistakes an unknown form for a match.
 */
export function satisfiesVersionRange(versionText: string, range: string): boolean {
  const candidate = parseVersion(versionText);
  if (!candidate) throw new Error(`Unreadable version "${versionText}".`);
  const alternatives = range.split('||').map((alternative) =>
    alternative
      .trim()
      // `>= 1.2.3` is read as `>=1.2.3`, so that a space only ever separates comparators.
      .replace(/(\^|~>?|>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter((part) => part !== '')
      .flatMap((comparator) => desugar(comparator, range)),
  );
  return alternatives.some((set) => satisfiesSet(candidate, set));
}
