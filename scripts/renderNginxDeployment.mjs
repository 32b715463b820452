#!/usr/bin/env node
// Renders deploy/nginx/ for one machine: nginx's server blocks (host, every remote, the API balanced over its
// instances) and the host's runtime configuration.
//
//   node scripts/renderNginxDeployment.mjs --out /etc/ewrt --api 10.0.0.11:4000,10.0.0.12:4000 \
//     [--hostname ewrt.example.org] [--listen 0.0.0.0] [--host-port 3000] [--access-log FILE]
//
// Then: ln -s /etc/ewrt/ewrt.conf /etc/nginx/conf.d/ewrt.conf && nginx -t && systemctl reload nginx
import { parseArgs } from 'node:util';
import { renderNginxDeployment } from './lib/renderNginxDeployment.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    api: { type: 'string' },
    hostname: { type: 'string' },
    listen: { type: 'string' },
    'host-port': { type: 'string' },
    'access-log': { type: 'string' },
  },
});

try {
  if (!values.out || !values.api)
    throw new Error('--out DIR and --api HOST:PORT[,HOST:PORT...] are required');
  const hostPort = values['host-port'] === undefined ? undefined : Number(values['host-port']);
  if (hostPort !== undefined && !Number.isInteger(hostPort)) throw new Error('--host-port must be a number');
  const rendered = renderNginxDeployment({
    outDir: values.out,
    apiInstances: values.api.split(',').map((instance) => instance.trim()),
    publicHostname: values.hostname,
    listenAddress: values.listen,
    hostPort,
    accessLog: values['access-log'],
  });
  console.info(`Wrote ${rendered.confFile} and ${rendered.configFile}`);
  console.info(
    `The suite will answer at ${rendered.hostUrl} (remotes: ${Object.values(rendered.remoteUrls).join(', ')})`,
  );
  console.info(`Point each API instance's CORS_ORIGINS at ${rendered.hostUrl}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
