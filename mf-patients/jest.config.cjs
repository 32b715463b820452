// The suite-wide front-end preset (jsdom, @swc/jest, shared setup file) does the heavy lifting.
const preset = require('../tooling/jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: '@ewrt/mf-patients',
  rootDir: __dirname,
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // @ant-design/icons 6 (CommonJS build) requires the ES build of @ant-design/colors; use its CommonJS twin.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
  },
};
