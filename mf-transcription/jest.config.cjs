// The suite-wide front-end preset (jsdom, @swc/jest, shared setup file) does the heavy lifting.
const preset = require('../tooling/jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: '@ewrt/mf-transcription',
  rootDir: __dirname,
};
