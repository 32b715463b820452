// Stands in for 'socket.io-client' in every front-end test (setupTests.ts mocks the package with this module), so
// that no test opens a real connection. Tests push job updates through pushJobUpdate(); screens with their own
// conversation (live transcription) are driven through the socket itself: simulateConnect(), receive(),
// simulateDisconnect(), and what the screen sent is read back with emitted().
import { act, waitFor } from '@testing-library/react';
import type { Job } from '@ewrt/contract';
import { JOB_UPDATE_EVENT } from '@ewrt/contract/limits';

type Handler = (...args: unknown[]) => void;

/** The reason socket.io gives when the page itself closes the connection. */
const CLIENT_DISCONNECT = 'io client disconnect';
/** The reason socket.io gives when the server closed the connection; it does not reconnect by itself then. */
const SERVER_DISCONNECT = 'io server disconnect';

/** A connection the code under test opened: where to, with which options, what it listens for and what it sent. */
export class FakeSocket {
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly sent: { event: string; args: unknown[] }[] = [];
  /** Like socket.io's: true once the (simulated) handshake succeeded, until the connection drops. */
  connected = false;
  /** Like socket.io's: true while the socket is trying to stay connected (false once closed for good). */
  active = true;

  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {}

  on<Args extends unknown[]>(event: string, handler: (...args: Args) => void): this {
    const handlers = this.handlers.get(event) ?? new Set<Handler>();
    handlers.add(handler as unknown as Handler);
    this.handlers.set(event, handlers);
    return this;
  }

  off<Args extends unknown[]>(event: string, handler?: (...args: Args) => void): this {
    if (handler) this.handlers.get(event)?.delete(handler as unknown as Handler);
    else this.handlers.delete(event);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.sent.push({ event, args });
    return this;
  }

  /** Opens again after disconnect() (or after the server closed it); the handshake is simulated separately. */
  connect(): this {
    this.active = true;
    openSockets.add(this);
    return this;
  }

  disconnect(): this {
    openSockets.delete(this);
    this.active = false;
    if (this.connected) {
      this.connected = false;
      this.receive('disconnect', CLIENT_DISCONNECT);
    }
    return this;
  }

  listensFor(event: string): boolean {
    return (this.handlers.get(event)?.size ?? 0) > 0;
  }

  /** Delivers an event as if the server had sent it (or socket.io itself, for its own events). */
  receive(event: string, ...args: unknown[]): void {
    [...(this.handlers.get(event) ?? [])].forEach((handler) => handler(...args));
  }

  /** The arguments of each `event` the code under test emitted, oldest first. */
  emitted(event: string): unknown[][] {
    return this.sent.filter((each) => each.event === event).map((each) => each.args);
  }

  /** The names of every event emitted, in order. */
  emittedEvents(): string[] {
    return this.sent.map((each) => each.event);
  }

  /** The handshake succeeds. */
  simulateConnect(): void {
    this.connected = true;
    this.active = true;
    this.receive('connect');
  }

  /** A connection attempt fails (socket.io reports its connect timeout as the message "timeout"). */
  simulateConnectError(message = 'timeout'): void {
    this.connected = false;
    this.receive('connect_error', new Error(message));
  }

  /** The connection drops: by default the network (socket.io then reconnects), or the server closing it. */
  simulateDisconnect(
    reason: 'transport close' | 'ping timeout' | typeof SERVER_DISCONNECT = 'transport close',
  ) {
    this.connected = false;
    this.active = reason !== SERVER_DISCONNECT;
    this.receive('disconnect', reason);
  }
}

const openSockets = new Set<FakeSocket>();

/** The fake `io()` of socket.io-client. */
export function io(url: string, options: Record<string, unknown> = {}): FakeSocket {
  const socket = new FakeSocket(url, options);
  openSockets.add(socket);
  return socket;
}

/** The sockets opened and not yet disconnected, oldest first. */
export function openFakeSockets(): FakeSocket[] {
  return [...openSockets];
}

/** The sockets opened and not yet disconnected, oldest first (the name the job-update tests know). */
export const openJobSockets = openFakeSockets;

/**
 * The open socket that listens for `event`, once the code under test has connected (the client library is loaded
 * on demand, so the connection opens a moment after the screen asks for it).
 */
export async function socketListeningFor(event: string): Promise<FakeSocket> {
  return waitFor(() => {
    const socket = openFakeSockets().find((each) => each.listensFor(event));
    if (!socket) throw new Error(`No socket is listening for "${event}"`);
    return socket;
  });
}

/**
 * Pushes a job update (`job_update`) the way the server does, once the code under test has connected (the client
 * is loaded on demand, so the connection opens a moment after the first subscription).
 */
export async function pushJobUpdate(job: Job): Promise<void> {
  await socketListeningFor(JOB_UPDATE_EVENT);
  act(() => {
    openFakeSockets().forEach((socket) => socket.receive(JOB_UPDATE_EVENT, job));
  });
}
