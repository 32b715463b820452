// The host shell: landing page, session, guard, navbar and the outlet where remotes are mounted.
const { createAppConfig } = require('../tooling/webpack.app.cjs');

module.exports = createAppConfig({ dir: __dirname, name: 'host', port: 3000, isHost: true });
