const preset = require('../tooling/jest.preset.cjs');

module.exports = {
  ...preset,
  rootDir: __dirname,
  // The kit entry takes shared state from the package's own public entry, as the apps' bundles do; its tests take
  // the test kit from its public entry too.
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^@ewrt/shared$': '<rootDir>/src/index.ts',
    '^@ewrt/shared/testing$': '<rootDir>/src/testing/index.ts',
  },
};
