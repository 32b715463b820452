import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { Server as SocketServer } from 'socket.io';
import type { TokenService } from '../../features/auth/createTokenService.js';
import type { UserDirectory } from '../../features/auth/userDirectory.js';
import { attachSocketServer } from './attachSocketServer.js';

/** Sent between instances when a user's cached profile must be dropped everywhere. */
const USER_CHANGED_EVENT = 'ewrt:user-changed';

/** The socket.io servers whose events reach the other instances (through PostgreSQL). */
const crossInstanceServers = new WeakSet<SocketServer>();

export interface LiveEvents {
  /** Emit to rooms here; with a database URL the emit reaches the sockets of every instance. */
  io: SocketServer;
  /** Disconnects this instance's sockets, stops relaying, closes the adapter's connections. */
  close(): Promise<void>;
}

/**
 * Tells every other instance sharing the database about `event` (their `io.on(event)` listeners run); nothing to
 * do on one process, where there is nobody else to tell.
 */
export function announceToInstances(io: SocketServer, event: string, ...args: unknown[]): void {
  if (crossInstanceServers.has(io)) io.serverSideEmit(event, ...args);
}

/**
 * socket.io for this instance. With `httpServer` (roles api and all) browsers connect to it as before; without one
 * (a worker) there is no endpoint, only the emitter. With `databaseUrl`, @socket.io/postgres-adapter relays room
 * emits, socket disconnects and server-side events between instances over LISTEN/NOTIFY (its table comes from
 * migration 12), so a job a worker runs reaches a browser connected to any API instance, and a user changed on
 * one instance leaves the profile caches of all of them.
 */
export function createLiveEvents(options: {
  httpServer: HttpServer | null;
  databaseUrl: string | null;
  corsOrigins: string[];
  tokens: TokenService;
  users: UserDirectory;
  log: FastifyBaseLogger;
}): LiveEvents {
  // Its own pool of two: one connection the adapter keeps LISTENing, one that publishes. With a single publishing
  // connection the NOTIFYs leave in the order they were emitted, so a job's "completed" is never overtaken by the
  // progress update emitted just before it (with more connections they raced, and a browser was left on "running").
  const pool = options.databaseUrl ? new pg.Pool({ connectionString: options.databaseUrl, max: 2 }) : null;
  pool?.on('error', (error) => {
    options.log.warn({ err: error }, 'live events: PostgreSQL closed an idle connection');
  });
  const adapter = pool
    ? createAdapter(pool, {
        errorHandler: (error) =>
          options.log.warn({ err: error }, 'live events: relaying through PostgreSQL failed'),
      })
    : undefined;
  const io = options.httpServer
    ? attachSocketServer(options.httpServer, { ...options, adapter })
    : new SocketServer({ serveClient: false, ...(adapter ? { adapter } : {}) });
  if (adapter) {
    crossInstanceServers.add(io);
    options.users.onInvalidate((userId) => announceToInstances(io, USER_CHANGED_EVENT, userId));
    io.on(USER_CHANGED_EVENT, (userId: unknown) => {
      if (typeof userId === 'number') options.users.forget(userId);
    });
  }
  return {
    io,
    async close() {
      if (options.httpServer) {
        await new Promise<void>((resolve) => {
          void io.close(() => resolve());
        });
      } else {
        // An emitter without an HTTP server has no engine for io.close() to close: end its adapter directly.
        io.of('/').disconnectSockets(true);
        await io.of('/').adapter.close();
      }
      await pool?.end();
    },
  };
}
