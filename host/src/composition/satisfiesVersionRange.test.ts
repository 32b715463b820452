import { parseVersion, satisfiesVersionRange } from './satisfiesVersionRange';

type Case = [version: string, range: string];

function expectAll(cases: Case[], expected: boolean): void {
  const wrong = cases.filter(([version, range]) => satisfiesVersionRange(version, range) !== expected);
  expect(wrong).toEqual([]);
}

describe('satisfiesVersionRange', () => {
  it('matches an exact version only', () => {
    expectAll(
      [
        ['1.2.3', '1.2.3'],
        ['1.2.3', '=1.2.3'],
        ['1.2.3', 'v1.2.3'],
        ['1.2.3+build.7', '1.2.3'],
      ],
      true,
    );
    expectAll(
      [
        ['1.2.4', '1.2.3'],
        ['1.2.2', '=1.2.3'],
        ['1.2.3-beta.1', '1.2.3'],
      ],
      false,
    );
  });

  it('reads a caret as "this version up to the next breaking one"', () => {
    expectAll(
      [
        ['1.2.3', '^1.2.3'],
        ['1.9.0', '^1.2.3'],
        ['0.2.5', '^0.2.3'],
        ['0.0.3', '^0.0.3'],
        ['1.0.0', '^1.x'],
        ['0.4.0', '^0.x'],
        ['0.0.9', '^0.0'],
        ['1.5.0', '^1.2'],
      ],
      true,
    );
    expectAll(
      [
        ['1.0.0', '^1.2.0'],
        ['2.0.0', '^1.2.3'],
        ['0.3.0', '^0.2.3'],
        ['0.0.4', '^0.0.3'],
        ['1.0.0', '^0.x'],
        ['0.1.0', '^0.0'],
        ['2.0.0-rc.1', '^1.2.3'],
      ],
      false,
    );
  });

  it('reads a tilde as "patch releases of this minor version"', () => {
    expectAll(
      [
        ['1.2.9', '~1.2.3'],
        ['1.2.0', '~1.2'],
        ['1.7.0', '~1'],
        ['1.2.5', '~>1.2.3'],
      ],
      true,
    );
    expectAll(
      [
        ['1.3.0', '~1.2.3'],
        ['1.2.2', '~1.2.3'],
        ['2.0.0', '~1'],
      ],
      false,
    );
  });

  it('reads comparators, partial versions in them, and ranges of several', () => {
    expectAll(
      [
        ['1.0.0', '>=1.0.0 <2.0.0'],
        ['1.9.9', '>=1 <2'],
        ['2.0.0', '>1'],
        ['1.3.0', '>1.2'],
        ['1.2.9', '<=1.2'],
        ['1.1.9', '<1.2'],
        ['1.0.0', '>= 1.0.0 < 2.0.0'],
        ['1.2.4', '>1.2.3'],
        ['1.2.3', '<=1.2.3'],
      ],
      true,
    );
    expectAll(
      [
        ['2.0.0', '>=1.0.0 <2.0.0'],
        ['0.9.0', '>=1'],
        ['1.9.9', '>1'],
        ['1.2.9', '>1.2'],
        ['1.3.0', '<=1.2'],
        ['1.2.0', '<1.2'],
      ],
      false,
    );
  });

  it('reads x-ranges and wildcards', () => {
    expectAll(
      [
        ['1.4.2', '1.x'],
        ['1.2.7', '1.2.x'],
        ['1.2.7', '1.2.*'],
        ['1.0.0', '1'],
        ['1.2.0', '1.2'],
        ['3.1.4', '*'],
        ['3.1.4', 'x'],
        ['3.1.4', ''],
      ],
      true,
    );
    expectAll(
      [
        ['2.0.0', '1.x'],
        ['1.3.0', '1.2.x'],
        ['1.0.0', '<*'],
        ['1.0.0', '>*'],
        ['1.0.0-alpha', '*'],
      ],
      false,
    );
  });

  it('accepts a version that satisfies any alternative of ||', () => {
    expectAll(
      [
        ['2.1.0', '^1.2.0 || ^2.0.0'],
        ['1.2.0', '^1.2.0 || ^2.0.0'],
      ],
      true,
    );
    expect(satisfiesVersionRange('3.0.0', '^1.2.0 || ^2.0.0')).toBe(false);
  });

  it('lets a prerelease satisfy only a range naming a prerelease of the same version', () => {
    expectAll(
      [
        ['1.2.3-beta.2', '>=1.2.3-beta.1'],
        ['1.2.3-beta.10', '^1.2.3-beta.2'],
        ['1.2.3-rc.1', '>1.2.3-beta'],
        ['1.2.3', '^1.2.3-beta.1'],
      ],
      true,
    );
    expectAll(
      [
        ['1.2.4-beta.2', '>=1.2.3-beta.1'],
        ['1.2.3-beta.1', '>=1.2.3-beta.2'],
        ['1.2.3-alpha', '>=1.2.3-beta'],
        ['1.2.3-beta', '>=1.2.3-beta.1'],
      ],
      false,
    );
  });

  it('throws rather than guess on a form it does not read', () => {
    expect(() => satisfiesVersionRange('1.0.0', '1.0.0 - 2.0.0')).toThrow(/Unreadable version range/);
    expect(() => satisfiesVersionRange('1.0.0', 'latest')).toThrow(/Unreadable version range "latest"/);
    expect(() => satisfiesVersionRange('1.0.0', '^1.x-beta')).toThrow(/Unreadable version range/);
    expect(() => satisfiesVersionRange('1.0.3', '1.x.3')).toThrow(/Unreadable version range/);
    expect(() => satisfiesVersionRange('1.0', '^1.0.0')).toThrow(/Unreadable version "1.0"/);
  });
});

describe('parseVersion', () => {
  it('reads full versions only', () => {
    expect(parseVersion('1.22.3-rc.1+sha.5')).toEqual({
      major: 1,
      minor: 22,
      patch: 3,
      prerelease: ['rc', 1],
    });
    expect(parseVersion('1.2')).toBeNull();
    expect(parseVersion('01.2.3')).toBeNull();
  });
});
