import { ConfigError, loadConfig } from './config/loadConfig.js';
import { DataDirLockedError } from './dataDir/acquireDataDirLock.js';
import { startServer } from './app/startServer.js';

/** Time beyond the shutdown grace period for closing socket.io and the database. */
const STOP_MARGIN_MS = 5_000;

/** `--role api|worker|all` or `--role=...` from the command line; it wins over SERVER_ROLE. */
function roleArgument(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--role') {
      const value = args[index + 1];
      if (value === undefined || value.startsWith('--'))
        throw new ConfigError('--role needs api, worker or all');
      return value;
    }
    if (arg.startsWith('--role=')) return arg.slice('--role='.length);
  }
  return undefined;
}

/** The server's command-line entry: configuration from the environment, graceful stop on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const role = roleArgument(process.argv.slice(2));
  const config = loadConfig(role === undefined ? process.env : { ...process.env, SERVER_ROLE: role });
  const server = await startServer(config);
  console.info(
    config.role === 'worker'
      ? `Worker running background jobs; health on ${server.url}/api/health/ready`
      : `API listening on ${server.url}${config.role === 'api' ? ' (API only: workers run the jobs)' : ''}`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`Received ${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    console.info(
      `Received ${signal}: draining (readiness 503, no new jobs, current jobs handed back), finishing open requests and closing the database`,
    );
    // Open requests are cut off after the grace period; this only catches a close that hangs past it.
    const deadlineMs = config.timeouts.shutdownMs + STOP_MARGIN_MS;
    setTimeout(() => {
      console.error(`The server did not stop within ${deadlineMs} ms: exiting without waiting`);
      process.exit(1);
    }, deadlineMs).unref();
    server.close().then(
      () => {
        console.info('Server stopped');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ConfigError) {
    console.error(`Cannot start the server: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    const { address, port } = error as { address?: string; port?: number };
    console.error(`Cannot start the server: ${address}:${port} is already in use; set PORT to a free port.`);
  } else {
    console.error('Cannot start the server:', error);
  }
  process.exit(1);
});
