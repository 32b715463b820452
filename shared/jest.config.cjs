module.exports = { ...require('../tooling/jest.preset.cjs'), rootDir: __dirname };
