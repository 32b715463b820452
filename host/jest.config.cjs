// The host's unit and component tests: the shared front-end preset (jsdom, swc, MSW, store reset).
const preset = require('../tooling/jest.preset.cjs');

module.exports = {
  ...preset,
  rootDir: __dirname,
  displayName: 'host',
  setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/src/testing/browserPolyfills.ts'],
  // @ant-design/icons and the colour helpers it uses ship ES modules only: compile them like our code.
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?@ant-design/(icons|colors|fast-color)/)',
  ],
};
