import { describeLoadFailure } from './describeLoadFailure';

describe('describeLoadFailure', () => {
  it('names an HTML page served as JavaScript plainly', () => {
    expect(describeLoadFailure(new SyntaxError("Unexpected token '<'"))).toBe(
      "The server answered with a web page instead of the area's code.",
    );
  });

  it("shortens the federation runtime's script failure to the file that failed", () => {
    const runtimeError = new Error(
      '[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008 args: {"remoteName":"mf_patients"} ' +
        'View the docs to see how to solve: https://module-federation.io/guide/troubleshooting/runtime#runtime-008 ' +
        'Original Error Message: ScriptNetworkError: Failed to load script "http://patients.test/remoteEntry.js"',
    );
    expect(describeLoadFailure(runtimeError)).toBe(
      'Its code (http://patients.test/remoteEntry.js) could not be loaded.',
    );
  });

  it('drops the runtime prefix and documentation link of other runtime errors', () => {
    expect(
      describeLoadFailure(
        new Error('[ Federation Runtime ]: Remote "mf_x" has no expose "./spa". View the docs: https://x'),
      ),
    ).toBe('Remote "mf_x" has no expose "./spa".');
  });

  it('passes other messages through, shortened, and never returns an empty line', () => {
    expect(describeLoadFailure(new Error('Loading it took longer than 20 seconds.'))).toBe(
      'Loading it took longer than 20 seconds.',
    );
    expect(describeLoadFailure(new Error('x'.repeat(500)))).toHaveLength(220);
    expect(describeLoadFailure(undefined)).toBe('Loading it failed for an unknown reason.');
  });
});
