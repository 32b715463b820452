import { checkSharedCompatibility, majorOf } from './sharedCompatibility';

function manifestSharing(entry: Record<string, unknown> | null) {
  const shared = [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' }];
  return { id: 'mf_patients', name: 'mf_patients', shared: entry ? [...shared, entry] : shared };
}

describe('checkSharedCompatibility', () => {
  it('accepts a remote built against the same major version of @ewrt/shared', () => {
    const manifest = manifestSharing({ name: '@ewrt/shared', version: '1.4.0', requiredVersion: '^1.2.0' });
    expect(checkSharedCompatibility(manifest, '1.0.0')).toEqual({ compatible: true });
  });

  it('refuses a remote that requires another major version and says why', () => {
    const manifest = manifestSharing({ name: '@ewrt/shared', version: '2.0.0', requiredVersion: '^2.0.0' });
    const result = checkSharedCompatibility(manifest, '1.0.0');
    expect(result.compatible).toBe(false);
    if (result.compatible) return;
    expect(result.detail).toContain('@ewrt/shared ^2.0.0');
    expect(result.detail).toContain('contract version 2');
    expect(result.detail).toContain('provides 1.0.0 (contract version 1)');
  });

  it('falls back to the shared version when the manifest has no required range', () => {
    expect(
      checkSharedCompatibility(manifestSharing({ name: '@ewrt/shared', version: '0.9.0' }), '1.0.0')
        .compatible,
    ).toBe(false);
    expect(
      checkSharedCompatibility(manifestSharing({ name: '@ewrt/shared', version: '1.9.0' }), '1.0.0')
        .compatible,
    ).toBe(true);
  });

  it('accepts a remote that does not share the package or accepts any version', () => {
    expect(checkSharedCompatibility(manifestSharing(null), '1.0.0')).toEqual({ compatible: true });
    expect(
      checkSharedCompatibility(manifestSharing({ name: '@ewrt/shared', requiredVersion: '*' }), '1.0.0'),
    ).toEqual({ compatible: true });
  });

  it('rejects a document that is not a federation manifest', () => {
    expect(() => checkSharedCompatibility('<!doctype html>', '1.0.0')).toThrow(
      /not a Module Federation manifest/,
    );
    expect(() => checkSharedCompatibility({ name: 'x' }, '1.0.0')).toThrow(
      /not a Module Federation manifest/,
    );
  });
});

describe('majorOf', () => {
  it('reads the first version number of a version or range', () => {
    expect(majorOf('1.0.0')).toBe(1);
    expect(majorOf('^12.3.4')).toBe(12);
    expect(majorOf('>=2 <3')).toBe(2);
    expect(majorOf('*')).toBeNull();
  });
});
