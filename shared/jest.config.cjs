const preset = require('../tooling/jest.preset.cjs');

module.exports = {
  ...preset,
  rootDir: __dirname,
  // The kit entry takes shared state from the package's own public entry, as the apps' bundles do.
  moduleNameMapper: { ...preset.moduleNameMapper, '^@ewrt/shared$': '<rootDir>/src/index.ts' },
};
