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
   * Drains (readiness 503, jobs handed back), stops accepting, lets in-flight requests finish for up to
   * `timeouts.shutdownMs`, then closes the connections left (a client that stalls mid-request cannot hold the
   * stop), closes socket.io and the database, releases the lock.
   */
  close(): Promise<void>;
}

/**
 * The drain: readiness answers 503 at once (a load balancer stops sending work) while requests are still served;
 * the workers stop claiming, abort their jobs (handlers get a few seconds to notice) and hand them back as pending,
 * for any worker to resume from their last completed step and checkpoint; then the app closes. Requests still open
 * `graceMs` after the drain began have their connections closed.
 */
async function drainAndClose(app: FastifyInstance, graceMs: number): Promise<void> {
  app.ctx.readiness.beginDraining();
  const cutOff = setTimeout(() => {
    app.log.warn(`requests still open ${graceMs} ms after the stop began: closing their connections`);
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.ctx.jobs.stop();
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
      closing ??= drainAndClose(app, config.timeouts.shutdownMs);
      return closing;
    },
  };
}
