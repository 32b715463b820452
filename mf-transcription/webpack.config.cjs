// The Transcription remote: mounted by the host on the paths of src/routes.ts, or standalone on its own dev page.
const { createAppConfig } = require('../tooling/webpack.app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_transcription',
  port: require('./package.json').ewrt.port,
  exposes: { './spa': './src/spa.tsx' },
});
