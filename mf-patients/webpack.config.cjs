// The patients remote: mounted by the host at /patients..., or standalone on its own dev page.
const { createAppConfig } = require('../tooling/webpack.app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_patients',
  port: 3001,
  exposes: { './spa': './src/spa.tsx' },
});
