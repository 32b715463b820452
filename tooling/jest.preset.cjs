// Jest settings shared by every front-end package (shared, host, remotes). A package's jest.config.cjs:
//   module.exports = { ...require('../tooling/jest.preset.cjs'), rootDir: __dirname };
'use strict';

const path = require('node:path');

const sharedTesting = path.join(__dirname, '..', 'shared', 'src', 'testing');

module.exports = {
  // jsdom plus the fetch/stream/TextEncoder globals MSW needs (see the environment's header).
  testEnvironment: path.join(sharedTesting, 'FixedJsdomEnvironment.cjs'),
  // Resolve packages' Node/CommonJS builds, not their "browser" builds: msw/node needs that.
  testEnvironmentOptions: { customExportConditions: [''] },
  setupFilesAfterEnv: [path.join(sharedTesting, 'setupTests.ts')],
  transform: {
    '^.+\\.(t|j)sx?$': [
      require.resolve('@swc/jest', { paths: [sharedTesting] }),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'cjs', 'mjs', 'json'],
  // Styles and images mean nothing to jsdom.
  moduleNameMapper: {
    // A component loaded on demand by its module path (antd/es/...) is its CommonJS build here, like 'antd'.
    '^antd/es/(.*)$': 'antd/lib/$1',
    '\\.(css|less|scss)$': path.join(sharedTesting, 'styleStub.cjs'),
    '\\.(png|jpe?g|gif|svg|webp|ico)$': path.join(sharedTesting, 'fileStub.cjs'),
  },
  // @ant-design/icons and the colour helpers it uses ship ES modules only: compile them like our code.
  transformIgnorePatterns: [
    '/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?@ant-design/(icons|colors|fast-color)/)',
  ],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  clearMocks: true,
  restoreMocks: true,
  testTimeout: 30000,
};
