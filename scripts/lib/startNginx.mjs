// nginx (Debian nginx-light) in the foreground on a rendered deployment (scripts/lib/renderNginxDeployment.mjs),
// with everything it writes (pid, logs, request buffers) in the deployment's own folder, so it needs neither root
// nor /etc/nginx beyond mime.types.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { waitForHttp } from './processes.mjs';

export const NGINX = '/usr/sbin/nginx';

/**
 * @param {object} options
 * @param {string} options.dir the rendered deployment's folder (ewrt.conf, config.json)
 * @param {string} options.confFile the rendered ewrt.conf
 * @param {string} options.readyUrl answered once nginx listens
 * @returns {Promise<{ pid: number, errorLog: string, stop: () => Promise<void> }>}
 */
export async function startNginx({ dir, confFile, readyUrl }) {
  if (!existsSync(NGINX)) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const errorLog = path.join(dir, 'error.log');
  const mainConf = path.join(dir, 'nginx.conf');
  writeFileSync(
    mainConf,
    [
      'daemon off;',
      // Started as root (CI), nginx's workers would drop to "nobody", who may not reach a checkout under /root.
      // Loopback only and for the length of a test: they keep root instead.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 2;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}_temp`)};`,
      ),
      `  include ${confFile};`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', dir, '-e', errorLog, '-c', mainConf];
  const checked = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx refused the configuration:\n${checked.stderr}`);
  const child = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (data) => (stderr += data));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGQUIT'); // graceful: open WebSockets are closed, the workers exit
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHttp(readyUrl, {
      timeoutMs: 20_000,
      failFast: () =>
        child.exitCode !== null
          ? `nginx exited: ${stderr}${existsSync(errorLog) ? readFileSync(errorLog, 'utf8').slice(-2000) : ''}`
          : null,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid, errorLog, stop };
}
