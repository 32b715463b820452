import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config/loadConfig.js';
import { buildApp, type BuildAppOptions } from './buildApp.js';

export interface RunningServer {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:4000, with the real port when 0 was asked for. */
  url: string;
  port: number;
  /** Stops accepting, finishes in-flight requests, closes socket.io and the database, releases the lock. */
  close(): Promise<void>;
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
      closing ??= app.close();
      return closing;
    },
  };
}
