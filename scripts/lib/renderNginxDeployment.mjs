// The nginx deployment of deploy/nginx/ filled in for one machine: the server blocks of the host and of every remote
// the workspace has, the API instances to balance, and the host's runtime configuration (config.json) with the
// Content-Security-Policy that goes with it. The deployment CLI (scripts/renderNginxDeployment.mjs) and the
// scale-out test both render the same templates, so the test proves the files a deployment uses.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentSecurityPolicyFor } from '../serve-static.mjs';
import { pointConfigAt, readHostConfig } from './runtimeConfig.mjs';
import { ROOT, listWebApps } from './workspace.mjs';

export const NGINX_TEMPLATE_DIR = path.join(ROOT, 'deploy', 'nginx');

/** `${NAME}` replaced by `values[NAME]`; a placeholder left without a value is an error, not an empty string. */
export function fillTemplate(template, values, source) {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name) => {
    if (!(name in values)) throw new Error(`${source}: no value for \${${name}}`);
    return String(values[name]);
  });
}

/** `host:port`, checked: an upstream line with a typo makes nginx refuse to start with a vaguer message. */
function checkedInstance(instance) {
  if (!/^[A-Za-z0-9.-]+:\d{1,5}$/.test(instance))
    throw new Error(`An API instance must be host:port, not "${instance}"`);
  return instance;
}

/**
 * Writes `ewrt.conf` (for nginx's http context) and `config.json` into `outDir`.
 * @param {object} options
 * @param {string} options.outDir
 * @param {string[]} options.apiInstances `host:port` of every API-role instance
 * @param {string} [options.publicHostname] the name browsers use (default localhost)
 * @param {string} [options.listenAddress] the address nginx listens on (default 0.0.0.0)
 * @param {number} [options.hostPort] the host app's port (default the local one, 3000)
 * @param {Record<string, number>} [options.remotePorts] port by remote folder (default each remote's local port)
 * @param {string} [options.accessLog] default /var/log/nginx/ewrt-access.log
 * @returns {{ confFile: string, configFile: string, hostUrl: string, remoteUrls: Record<string, string>,
 *   config: object, csp: string }}
 */
export function renderNginxDeployment(options) {
  const apps = listWebApps();
  const host = apps.find((app) => app.kind === 'host');
  if (!host) throw new Error('The workspace has no host/ package');
  const remotes = apps.filter((app) => app.kind === 'remote');
  if (!options.apiInstances?.length) throw new Error('At least one API instance is needed');
  const hostname = options.publicHostname ?? 'localhost';
  const listenAddress = options.listenAddress ?? '0.0.0.0';
  const hostPort = options.hostPort ?? host.port;
  const accessLog = options.accessLog ?? '/var/log/nginx/ewrt-access.log';
  const hostUrl = `http://${hostname}:${hostPort}`;

  const remoteTemplate = readFileSync(path.join(NGINX_TEMPLATE_DIR, 'remote.conf.template'), 'utf8');
  const remoteUrls = {};
  const remoteBlocks = remotes.map((remote) => {
    const port = options.remotePorts?.[remote.folder] ?? remote.port;
    remoteUrls[remote.remoteName] = `http://${hostname}:${port}`;
    return fillTemplate(
      remoteTemplate,
      {
        REMOTE_PACKAGE: remote.pkg,
        LISTEN_ADDRESS: listenAddress,
        REMOTE_PORT: port,
        REMOTE_DIST: path.join(remote.dir, 'dist'),
        ACCESS_LOG: accessLog,
      },
      'remote.conf.template',
    );
  });

  // The API and socket.io are on the host's own origin (nginx proxies /api/ and /socket.io/).
  const config = pointConfigAt(readHostConfig(), { apiUrl: hostUrl, remoteOrigins: remoteUrls });
  const csp = contentSecurityPolicyFor(config);
  if (csp.includes('"')) throw new Error('The Content-Security-Policy cannot contain a double quote');

  mkdirSync(options.outDir, { recursive: true });
  const configFile = path.join(options.outDir, 'config.json');
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  const conf = fillTemplate(
    readFileSync(path.join(NGINX_TEMPLATE_DIR, 'ewrt.conf.template'), 'utf8'),
    {
      API_UPSTREAM_SERVERS: options.apiInstances
        .map((instance) => `    server ${checkedInstance(instance)} max_fails=1 fail_timeout=5s;`)
        .join('\n'),
      LISTEN_ADDRESS: listenAddress,
      HOST_PORT: hostPort,
      HOST_DIST: path.join(host.dir, 'dist'),
      HOST_CONFIG_FILE: configFile,
      HOST_CSP: csp,
      ACCESS_LOG: accessLog,
      REMOTE_SERVERS: remoteBlocks.join('\n'),
    },
    'ewrt.conf.template',
  );
  const confFile = path.join(options.outDir, 'ewrt.conf');
  writeFileSync(confFile, conf);
  return { confFile, configFile, hostUrl, remoteUrls, config, csp };
}
