import { satisfiesVersionRange } from './satisfiesVersionRange';

/** The package every remote shares with the host as a singleton. */
export const SHARED_PACKAGE_NAME = '@ewrt/shared';
/** The API contract; a remote's manifest says which version it was built against (`metaData.contract`). */
export const CONTRACT_PACKAGE_NAME = '@ewrt/contract';

export type RemoteCompatibility = { compatible: true } | { compatible: false; detail: string };

/** The versions this host was built with. */
export interface HostVersions {
  shared: string;
  contract: string;
}

/** What a manifest says about one package: the version it was built with and the range it needs. */
interface VersionClaim {
  name?: unknown;
  version?: unknown;
  requiredVersion?: unknown;
}

const COMPATIBLE: RemoteCompatibility = { compatible: true };

const refused = (detail: string): RemoteCompatibility => ({ compatible: false, detail });

/**
 * The range a claim requires: its `requiredVersion`, else a caret on the version it was built with (what
 * our builds would have emitted); `false` is federation's "any version". Null when it names neither.
 */
function requiredRange(claim: VersionClaim): string | null {
  if (claim.requiredVersion === false) return '*';
  if (typeof claim.requiredVersion === 'string' && claim.requiredVersion.trim() !== '') {
    return claim.requiredVersion.trim();
  }
  if (typeof claim.version === 'string' && claim.version.trim() !== '') return `^${claim.version.trim()}`;
  return null;
}

function checkClaim(packageName: string, claim: VersionClaim, hostVersion: string): RemoteCompatibility {
  const range = requiredRange(claim);
  if (range === null) return refused(`It does not say which version of ${packageName} it needs.`);
  let satisfied: boolean;
  try {
    satisfied = satisfiesVersionRange(hostVersion, range);
  } catch {
    return refused(`It asks for ${packageName} "${range}", a version range this site cannot read.`);
  }
  return satisfied
    ? COMPATIBLE
    : refused(`It was built for ${packageName} ${range}, but this site provides ${hostVersion}.`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether a remote's mf-manifest.json may be loaded into this host, decided before any of its code runs:
 * - the `@ewrt/shared` range it requires must be satisfied by the host's version (a remote that does not
 *   share the package cannot disturb the host's singleton, and is accepted);
 * - the `@ewrt/contract` range in its `metaData.contract` must be satisfied by the host's contract
 *   version; a remote that does not say which contract it was built against is refused.
 * Throws when the document is not a federation manifest.
 */
export function checkRemoteCompatibility(manifest: unknown, host: HostVersions): RemoteCompatibility {
  if (!isObject(manifest) || !Array.isArray(manifest.shared)) {
    throw new Error('The remote manifest is not a Module Federation manifest (no "shared" list).');
  }
  const sharedClaim: unknown = manifest.shared.find(
    (entry: unknown) => isObject(entry) && entry.name === SHARED_PACKAGE_NAME,
  );
  if (isObject(sharedClaim)) {
    const shared = checkClaim(SHARED_PACKAGE_NAME, sharedClaim, host.shared);
    if (!shared.compatible) return shared;
  }

  const contractClaim = isObject(manifest.metaData) ? manifest.metaData.contract : undefined;
  if (!isObject(contractClaim)) {
    return refused(`It does not say which ${CONTRACT_PACKAGE_NAME} version it was built against.`);
  }
  return checkClaim(CONTRACT_PACKAGE_NAME, contractClaim, host.contract);
}
