import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import type { TokenService } from '../auth/createTokenService.js';
import { userForToken } from '../auth/authenticateRequest.js';
import type { UserDirectory } from '../auth/userDirectory.js';

/** The room every socket of one user joins, for events addressed to that user. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/**
 * socket.io on the API's own port (path /socket.io). A connection must present a valid access token in
 * `auth.token`; it is told `connection_established` once accepted.
 */
export function attachSocketServer(
  httpServer: HttpServer,
  options: { corsOrigins: string[]; tokens: TokenService; users: UserDirectory },
): SocketServer {
  const io = new SocketServer(httpServer, {
    path: '/socket.io',
    cors: { origin: options.corsOrigins, credentials: false },
    serveClient: false,
  });
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '') {
      next(new Error('Authentication required'));
      return;
    }
    userForToken(token, options.tokens, options.users, { fresh: false })
      .then((user) => {
        if (!user) {
          next(new Error('Your session is invalid or has expired. Please sign in again.'));
          return;
        }
        socket.data.userId = user.id;
        next();
      })
      .catch(() => next(new Error('Authentication failed')));
  });
  io.on('connection', (socket) => {
    const userId = socket.data.userId as number;
    void socket.join(userRoom(userId));
    socket.emit('connection_established', { message: 'Connected', user_id: userId, socket_id: socket.id });
  });
  return io;
}
