import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer, type ServerOptions } from 'socket.io';
import type { TokenService } from '../../features/auth/createTokenService.js';
import { sessionForToken } from '../../features/auth/authenticateRequest.js';
import type { UserDirectory } from '../../features/auth/userDirectory.js';

/** The room every socket of one user joins, for events addressed to that user. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/** The room of the sockets opened with one token, so that signing out can close them. */
function sessionRoom(jti: string): string {
  return `session:${jti}`;
}

/** Closes every socket opened with the token `jti` (a sign-out ends its live connections, not only its calls). */
export function endSessionSockets(io: SocketServer, jti: string): void {
  io.in(sessionRoom(jti)).disconnectSockets(true);
}

/**
 * socket.io on the API's own port (path /socket.io). A connection must present a valid access token in
 * `auth.token`; it is told `connection_established` once accepted.
 */
export function attachSocketServer(
  httpServer: HttpServer,
  options: {
    corsOrigins: string[];
    tokens: TokenService;
    users: UserDirectory;
    /** Relays rooms between instances (createLiveEvents); the in-memory default otherwise. */
    adapter?: ServerOptions['adapter'] | undefined;
  },
): SocketServer {
  const io = new SocketServer(httpServer, {
    path: '/socket.io',
    cors: { origin: options.corsOrigins, credentials: false },
    serveClient: false,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '') {
      next(new Error('Authentication required'));
      return;
    }
    sessionForToken(token, options.tokens, options.users, { fresh: false })
      .then((session) => {
        if (!session) {
          next(new Error('Your session is invalid or has expired. Please sign in again.'));
          return;
        }
        socket.data.userId = session.user.id;
        socket.data.jti = session.claims.jti;
        next();
      })
      .catch(() => next(new Error('Authentication failed')));
  });
  io.on('connection', (socket) => {
    const userId = socket.data.userId as number;
    void socket.join([userRoom(userId), sessionRoom(socket.data.jti as string)]);
    socket.emit('connection_established', { message: 'Connected', user_id: userId, socket_id: socket.id });
  });
  return io;
}
