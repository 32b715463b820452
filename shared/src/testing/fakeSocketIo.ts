// Stands in for 'socket.io-client' in every front-end test (setupTests.ts mocks the package with this module), so
// that no test opens a real connection; tests push job updates through pushJobUpdate().
import { act, waitFor } from '@testing-library/react';
import type { Job } from '@ewrt/contract';
import { JOB_UPDATE_EVENT } from '@ewrt/contract/limits';

type Handler = (payload: Job) => void;

/** A connection the code under test opened: where to, with which options, and what it listens for. */
export class FakeSocket {
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, handler: Handler): this {
    const handlers = this.handlers.get(event) ?? new Set<Handler>();
    handlers.add(handler);
    this.handlers.set(event, handlers);
    return this;
  }

  off(event: string, handler: Handler): this {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  disconnect(): this {
    openSockets.delete(this);
    return this;
  }

  listensFor(event: string): boolean {
    return (this.handlers.get(event)?.size ?? 0) > 0;
  }

  /** Delivers an event as if the server had sent it. */
  receive(event: string, payload: Job): void {
    this.handlers.get(event)?.forEach((handler) => handler(payload));
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
export function openJobSockets(): FakeSocket[] {
  return [...openSockets];
}

/**
 * Pushes a job update (`job_update`) the way the server does, once the code under test has connected (the client
 * is loaded on demand, so the connection opens a moment after the first subscription).
 */
export async function pushJobUpdate(job: Job): Promise<void> {
  await waitFor(() => {
    if (!openJobSockets().some((socket) => socket.listensFor(JOB_UPDATE_EVENT))) {
      throw new Error('No socket is listening for job updates');
    }
  });
  act(() => {
    openJobSockets().forEach((socket) => socket.receive(JOB_UPDATE_EVENT, job));
  });
}
