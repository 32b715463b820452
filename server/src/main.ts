import { ConfigError, loadConfig } from './config/loadConfig.js';
import { DataDirLockedError } from './dataDir/acquireDataDirLock.js';
import { startServer } from './app/startServer.js';

/** Time beyond the shutdown grace period for closing socket.io and the database. */
const STOP_MARGIN_MS = 5_000;

/** The server's command-line entry: configuration from the environment, graceful stop on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  console.info(`API listening on ${server.url}`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`Received ${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    console.info(`Received ${signal}: finishing open requests and closing the database`);
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
