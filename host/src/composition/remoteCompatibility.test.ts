import { checkRemoteCompatibility } from './remoteCompatibility';

const HOST = { shared: '1.4.0', contract: '1.2.0' };

type Claim = Record<string, unknown>;

/** A manifest as our builds emit it, with the `@ewrt/shared` entry and `metaData.contract` given. */
function manifest({ shared, contract }: { shared?: Claim | null; contract?: Claim | null }) {
  const sharedEntries: Claim[] = [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' }];
  if (shared !== null) {
    sharedEntries.push({ name: '@ewrt/shared', version: '1.4.0', requiredVersion: '^1.4.0', ...shared });
  }
  const metaData: Claim = { name: 'mf_patients', globalName: 'mf_patients', pluginVersion: '2.9.2' };
  if (contract !== null) {
    metaData.contract = { name: '@ewrt/contract', version: '1.2.0', requiredVersion: '^1.2.0', ...contract };
  }
  return {
    id: 'mf_patients',
    name: 'mf_patients',
    metaData,
    shared: sharedEntries,
    remotes: [],
    exposes: [],
  };
}

function detailOf(result: ReturnType<typeof checkRemoteCompatibility>): string | null {
  return result.compatible ? null : result.detail;
}

describe('the @ewrt/shared version', () => {
  it('accepts a remote whose required range the host version satisfies', () => {
    expect(checkRemoteCompatibility(manifest({}), HOST)).toEqual({ compatible: true });
    expect(checkRemoteCompatibility(manifest({ shared: { requiredVersion: '~1.4.0' } }), HOST)).toEqual({
      compatible: true,
    });
    expect(checkRemoteCompatibility(manifest({ shared: { requiredVersion: '>=1.0.0 <2' } }), HOST)).toEqual({
      compatible: true,
    });
  });

  it('refuses a remote built for a newer minor version of the same major, and says why', () => {
    const result = checkRemoteCompatibility(manifest({ shared: { requiredVersion: '^1.5.0' } }), HOST);
    expect(detailOf(result)).toBe('It was built for @ewrt/shared ^1.5.0, but this site provides 1.4.0.');
  });

  it('refuses a remote built for another major version', () => {
    const result = checkRemoteCompatibility(manifest({ shared: { requiredVersion: '^2.0.0' } }), HOST);
    expect(detailOf(result)).toBe('It was built for @ewrt/shared ^2.0.0, but this site provides 1.4.0.');
    expect(checkRemoteCompatibility(manifest({ shared: { requiredVersion: '1.x' } }), HOST)).toEqual({
      compatible: true,
    });
    expect(checkRemoteCompatibility(manifest({ shared: { requiredVersion: '0.x' } }), HOST).compatible).toBe(
      false,
    );
  });

  it('reads a manifest without a required range as a caret on the version it was built with', () => {
    const built = (version: string) =>
      checkRemoteCompatibility(manifest({ shared: { version, requiredVersion: undefined } }), HOST);
    expect(built('1.3.9').compatible).toBe(true);
    expect(built('1.4.1').compatible).toBe(false);
    expect(built('0.9.0').compatible).toBe(false);
  });

  it('accepts a remote that does not share the package or accepts any version', () => {
    expect(checkRemoteCompatibility(manifest({ shared: null }), HOST)).toEqual({ compatible: true });
    expect(checkRemoteCompatibility(manifest({ shared: { requiredVersion: '*' } }), HOST)).toEqual({
      compatible: true,
    });
    expect(checkRemoteCompatibility(manifest({ shared: { requiredVersion: false } }), HOST)).toEqual({
      compatible: true,
    });
  });

  it('refuses a range it cannot read, or an entry that names no version at all', () => {
    expect(
      detailOf(checkRemoteCompatibility(manifest({ shared: { requiredVersion: 'workspace:*' } }), HOST)),
    ).toBe('It asks for @ewrt/shared "workspace:*", a version range this site cannot read.');
    expect(
      detailOf(
        checkRemoteCompatibility(
          manifest({ shared: { version: undefined, requiredVersion: undefined } }),
          HOST,
        ),
      ),
    ).toBe('It does not say which version of @ewrt/shared it needs.');
  });
});

describe('the @ewrt/contract version', () => {
  it('accepts a remote built against a contract the host version satisfies', () => {
    expect(checkRemoteCompatibility(manifest({ contract: { requiredVersion: '^1.0.0' } }), HOST)).toEqual({
      compatible: true,
    });
  });

  it('refuses a remote built against an incompatible contract, with a compatible shared', () => {
    const newer = checkRemoteCompatibility(manifest({ contract: { requiredVersion: '^1.3.0' } }), HOST);
    expect(detailOf(newer)).toBe('It was built for @ewrt/contract ^1.3.0, but this site provides 1.2.0.');
    const otherMajor = checkRemoteCompatibility(
      manifest({ contract: { version: '2.0.0', requiredVersion: undefined } }),
      HOST,
    );
    expect(detailOf(otherMajor)).toBe(
      'It was built for @ewrt/contract ^2.0.0, but this site provides 1.2.0.',
    );
  });

  it('refuses a remote that does not say which contract it was built against', () => {
    expect(detailOf(checkRemoteCompatibility(manifest({ contract: null }), HOST))).toBe(
      'It does not say which @ewrt/contract version it was built against.',
    );
    const { metaData: _metaData, ...withoutMetaData } = manifest({});
    expect(checkRemoteCompatibility(withoutMetaData, HOST).compatible).toBe(false);
  });

  it('names the shared package first when both are incompatible', () => {
    const result = checkRemoteCompatibility(
      manifest({ shared: { requiredVersion: '^2.0.0' }, contract: { requiredVersion: '^2.0.0' } }),
      HOST,
    );
    expect(detailOf(result)).toContain('@ewrt/shared ^2.0.0');
  });
});

it('rejects a document that is not a federation manifest', () => {
  expect(() => checkRemoteCompatibility('<!doctype html>', HOST)).toThrow(/not a Module Federation manifest/);
  expect(() => checkRemoteCompatibility({ name: 'x' }, HOST)).toThrow(/not a Module Federation manifest/);
  expect(() => checkRemoteCompatibility(null, HOST)).toThrow(/not a Module Federation manifest/);
});
