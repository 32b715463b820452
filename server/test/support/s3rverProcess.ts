import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { collect } from './serverProcess.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// s3rver is CommonJS; it prints the address it took (port 0: a free one) once the bucket exists.
const S3RVER_ENTRY = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  .run()
  .then(({ port }) => console.log('s3rver listening on http://127.0.0.1:' + port));
`;

export interface S3rverProcess {
  endpoint: string;
  bucket: string;
  /** The environment that points a server at this store. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/**
 * s3rver (the S3-compatible stand-in) in its own process, storing under `directory`: the process that tests the
 * store measures only its own memory, and a scale-out test can share one store between servers.
 */
export async function startS3rver(directory: string, bucket = 'ewrt-test'): Promise<S3rverProcess> {
  const child = spawn(process.execPath, ['-e', S3RVER_ENTRY, directory, bucket], {
    cwd: serverRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watched = collect(child);
  const deadline = Date.now() + 30_000;
  let endpoint: string | undefined;
  while (!endpoint) {
    endpoint = /s3rver listening on (http:\/\/\S+)/.exec(watched.stdout())?.[1];
    if (endpoint) break;
    if (child.exitCode !== null) throw new Error(`s3rver exited early: ${watched.stderr()}`);
    if (Date.now() > deadline) throw new Error('s3rver did not start within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    endpoint,
    bucket,
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: 'true',
      // s3rver accepts any signature; the SDK needs some keys to sign with.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await watched.exit;
      }
    },
  };
}
