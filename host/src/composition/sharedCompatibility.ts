/** The package every remote must share with the host; its major version is the contract version. */
export const SHARED_PACKAGE_NAME = '@ewrt/shared';

export type SharedCompatibility = { compatible: true } | { compatible: false; detail: string };

interface ManifestSharedEntry {
  name?: unknown;
  version?: unknown;
  requiredVersion?: unknown;
}

/** The first major version number a semver version or range names ("^1.2.0" -> 1, ">=2 <3" -> 2). */
export function majorOf(versionOrRange: string): number | null {
  const match = /(\d+)/.exec(versionOrRange);
  return match ? Number(match[1]) : null;
}

/**
 * Whether a remote's mf-manifest.json may be loaded into this host: the `@ewrt/shared` version it was
 * built against (its required range, else its own version) must have the host's major version. A
 * remote that does not share the package at all, or accepts any version, is compatible.
 * Throws when the document is not a federation manifest.
 */
export function checkSharedCompatibility(manifest: unknown, hostSharedVersion: string): SharedCompatibility {
  if (
    typeof manifest !== 'object' ||
    manifest === null ||
    !Array.isArray((manifest as { shared?: unknown }).shared)
  ) {
    throw new Error('The remote manifest is not a Module Federation manifest (no "shared" list).');
  }
  const entries = (manifest as { shared: ManifestSharedEntry[] }).shared;
  const entry = entries.find((candidate) => candidate?.name === SHARED_PACKAGE_NAME);
  if (!entry) return { compatible: true };

  const declared =
    typeof entry.requiredVersion === 'string' && entry.requiredVersion.trim() !== ''
      ? entry.requiredVersion
      : typeof entry.version === 'string'
        ? entry.version
        : '';
  const remoteMajor = majorOf(declared);
  const hostMajor = majorOf(hostSharedVersion);
  if (remoteMajor === null || hostMajor === null || remoteMajor === hostMajor) return { compatible: true };
  return {
    compatible: false,
    detail:
      `It was built for ${SHARED_PACKAGE_NAME} ${declared} (contract version ${remoteMajor}), ` +
      `but this site provides ${hostSharedVersion} (contract version ${hostMajor}).`,
  };
}
