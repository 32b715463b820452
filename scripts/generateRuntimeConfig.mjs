#!/usr/bin/env node
// Writes the host's runtime configuration, generated from every remote's route declarations (`mf-*/src/routes.ts`),
// to host/public/config.json, which the host's build and dev server ship as /config.json. The file is not
// committed: it is made again by every `build` and `dev` of the host.
//   node scripts/generateRuntimeConfig.mjs            write host/public/config.json
//   node scripts/generateRuntimeConfig.mjs --stdout   print it instead
//   node scripts/generateRuntimeConfig.mjs --out FILE write it to FILE
// The API and the remotes are on their default ports unless --api-port / --remote-base-port (or API_PORT /
// REMOTE_BASE_PORT) say otherwise, as for `npm start`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateRuntimeConfig } from './lib/runtimeConfig.mjs';
import { readSuitePorts } from './lib/suitePorts.mjs';
import { ROOT } from './lib/workspace.mjs';

const DEFAULT_OUT = path.join(ROOT, 'host', 'public', 'config.json');

function parseArgs(argv) {
  const args = { stdout: false, out: DEFAULT_OUT };
  const portFlags = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--stdout') args.stdout = true;
    else if (argv[i] === '--out' && argv[i + 1]) args.out = path.resolve(argv[(i += 1)]);
    else if (/^--(api-port|remote-base-port)(=|$)/.test(argv[i])) {
      portFlags.push(argv[i]);
      if (!argv[i].includes('=') && argv[i + 1]) portFlags.push(argv[(i += 1)]);
    } else {
      throw new Error(
        `Unknown argument "${argv[i]}". Use --stdout, --out FILE, --api-port N or --remote-base-port N.`,
      );
    }
  }
  return { ...args, ports: readSuitePorts(portFlags) };
}

try {
  const args = parseArgs(process.argv.slice(2));
  const { apiPort, remoteBasePort } = args.ports;
  const config = await generateRuntimeConfig({ apiUrl: `http://localhost:${apiPort}`, remoteBasePort });
  const json = `${JSON.stringify(config, null, 2)}\n`;
  if (args.stdout) {
    process.stdout.write(json);
  } else {
    mkdirSync(path.dirname(args.out), { recursive: true });
    writeFileSync(args.out, json);
    console.info(`Runtime configuration written to ${path.relative(process.cwd(), args.out) || args.out}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
