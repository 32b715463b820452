// Where the parts of the local suite listen: the host, the API server and the remotes, chosen by flags or settings
// (`--port` / HOST_PORT, `--api-port` / API_PORT, `--remote-base-port` / REMOTE_BASE_PORT), and what follows from
// them: the runtime configuration the host is served with and the origins the API server accepts.
import { pointConfigAt } from './runtimeConfig.mjs';
import { API_PORT, HOST_PORT, REMOTE_BASE_PORT, listWebApps } from './workspace.mjs';

/** Each port setting: its flag, its environment variable and its default. */
export const PORT_SETTINGS = {
  hostPort: { flag: '--port', env: 'HOST_PORT', fallback: HOST_PORT, what: 'the host' },
  apiPort: { flag: '--api-port', env: 'API_PORT', fallback: API_PORT, what: 'the API server' },
  remoteBasePort: {
    flag: '--remote-base-port',
    env: 'REMOTE_BASE_PORT',
    fallback: REMOTE_BASE_PORT,
    what: 'the first remote (the others follow it)',
  },
};

function parsePort(raw, setting) {
  const port = Number(raw);
  if (!/^\d+$/.test(String(raw).trim()) || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(
      `${setting.flag} (or ${setting.env}) must be a port number from 1 to 65535, not "${raw}"`,
    );
  }
  return port;
}

/**
 * The ports asked for: a flag wins over its environment variable, which wins over the default.
 * @param {string[]} argv the flags (`--port 3100` or `--port=3100`)
 * @param {NodeJS.ProcessEnv} env
 * @param {string[]} [otherFlags] flags without a value that the caller reads itself
 * @returns {{ hostPort: number, apiPort: number, remoteBasePort: number, rest: string[] }}
 */
export function readSuitePorts(argv, env = process.env, otherFlags = []) {
  const given = {};
  const rest = [];
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const key = Object.keys(PORT_SETTINGS).find((name) => PORT_SETTINGS[name].flag === flag);
    if (key) {
      const value = inline ?? argv[(i += 1)];
      if (value === undefined) throw new Error(`${flag} needs a port number`);
      given[key] = parsePort(value, PORT_SETTINGS[key]);
    } else if (otherFlags.includes(argv[i])) {
      rest.push(argv[i]);
    } else {
      throw new Error(`Unknown option "${argv[i]}"`);
    }
  }
  const ports = {};
  for (const [key, setting] of Object.entries(PORT_SETTINGS)) {
    const fromEnv = env[setting.env]?.trim();
    ports[key] = given[key] ?? (fromEnv ? parsePort(fromEnv, setting) : setting.fallback);
  }
  return { ...ports, rest };
}

/**
 * The suite laid out on `ports`: every app with its port, the API's URL and the browser origins it must accept.
 * Throws when two parts would share a port, naming the flags to change.
 * @param {{ hostPort: number, apiPort: number, remoteBasePort: number }} ports
 */
export function planSuite(ports, apps = listWebApps(ports)) {
  const parts = [
    ...apps.map((app) => ({
      port: app.port,
      what: app.pkg,
      flag: app.kind === 'host' ? PORT_SETTINGS.hostPort.flag : PORT_SETTINGS.remoteBasePort.flag,
    })),
    { port: ports.apiPort, what: 'API server', flag: PORT_SETTINGS.apiPort.flag },
  ];
  for (const part of parts) {
    if (part.port > 65535) {
      throw new Error(`${part.what} would listen on port ${part.port}: choose a lower ${part.flag}`);
    }
    const clash = parts.find((other) => other !== part && other.port === part.port);
    if (clash) {
      throw new Error(
        `${part.what} and ${clash.what} would both listen on port ${part.port}: change ${part.flag} or ${clash.flag}`,
      );
    }
  }
  const apiUrl = `http://localhost:${ports.apiPort}`;
  // The pages are opened as localhost or 127.0.0.1: both are origins the API server must accept.
  const corsOrigins = apps.flatMap((app) =>
    ['localhost', '127.0.0.1'].map((host) => `http://${host}:${app.port}`),
  );
  return { apps, parts, apiUrl, corsOrigins, hostUrl: `http://localhost:${ports.hostPort}` };
}

/** The host's runtime configuration on this plan: the API and each remote's manifest at their chosen ports. */
export function runtimeConfigFor(plan, baseConfig) {
  const remoteOrigins = Object.fromEntries(
    plan.apps
      .filter((app) => app.kind === 'remote')
      .map((app) => [app.remoteName, `http://localhost:${app.port}`]),
  );
  return pointConfigAt(baseConfig, { apiUrl: plan.apiUrl, remoteOrigins });
}
