import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config/loadConfig.js';
import { buildApp, type BuildAppOptions } from './buildApp.js';

export interface RunningServer {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:4000, with the real port when 0 was asked for. */
  url: string;
  port: number;
  /**
   * Stops accepting, lets in-flight requests finish for up to `timeouts.shutdownMs`, then closes the connections
   * left (a client that stalls mid-request cannot hold the stop), closes socket.io and the database, releases
   * the lock.
   */
  close(): Promise<void>;
}

async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const cutOff = setTimeout(() => {
    app.log.warn(`requests still open ${graceMs} ms after the stop began: closing their connections`);
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cutOff);
  }
}

export async function startServer(
  config: ServerConfig,
  options: BuildAppOptions = {},
): Promise<RunningServer> {
  const app = await buildApp(config, options);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | null = null;
  return {
    app,
    port,
    url: `http://${host}:${port}`,
    close() {
      closing ??= closeWithin(app, config.timeouts.shutdownMs);
      return closing;
    },
  };
}
