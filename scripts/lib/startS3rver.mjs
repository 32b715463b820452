// s3rver (the S3-compatible stand-in, a dev dependency of the server) in its own process on a free port, with one
// bucket. It does not check signatures: the server's own download-link check is what refuses a forged link.
// The server's tests have the TypeScript twin (server/test/support/s3rverProcess.ts).
import { spawn } from 'node:child_process';
import { serverApp } from './workspace.mjs';

const ENTRY = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  .run()
  .then(({ port }) => console.log('s3rver listening on http://127.0.0.1:' + port));
`;

/**
 * @param {string} directory where the objects are kept
 * @param {string} bucket
 * @returns {Promise<{ endpoint: string, bucket: string, pid: number, stop: () => Promise<void> }>}
 */
export async function startS3rver(directory, bucket) {
  const child = spawn(process.execPath, ['-e', ENTRY, directory, bucket], {
    cwd: serverApp().dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (data) => (output += data));
  child.stderr.on('data', (data) => (output += data));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const endpoint = /s3rver listening on (http:\/\/\S+)/.exec(output)?.[1];
    if (endpoint) {
      return {
        endpoint,
        bucket,
        pid: child.pid,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGTERM');
            await exited;
          }
        },
      };
    }
    if (child.exitCode !== null) throw new Error(`s3rver exited early: ${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`s3rver did not start within 30 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
