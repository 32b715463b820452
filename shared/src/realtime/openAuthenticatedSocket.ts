import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { getRuntimeConfig } from '../config/runtimeConfig';

export type AuthenticatedSocket = Socket;

/**
 * A socket.io connection to the API, authenticated with `token` (the server checks it in the handshake). WebSocket
 * only: long-polling cannot carry bursts of binary audio and the deployment balances without sticky sessions. The
 * client library is loaded on first use, so the landing page never downloads it.
 */
export async function openAuthenticatedSocket(
  token: string,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Promise<AuthenticatedSocket> {
  const { io } = await import('socket.io-client');
  return io(getRuntimeConfig().socketUrl, {
    ...options,
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
  });
}
