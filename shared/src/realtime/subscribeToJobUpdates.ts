import { JOB_UPDATE_EVENT } from '@ewrt/contract/limits';
import type { Job } from '../api/types';
import { sessionStore } from '../session/sessionStore';
import { openAuthenticatedSocket } from './openAuthenticatedSocket';

/** Called with a job's new state each time the server pushes one of the signed-in user's jobs. */
export type JobUpdateListener = (job: Job) => void;

/** The part of a socket.io client socket used here. */
interface JobSocket {
  on(event: string, handler: (payload: Job) => void): unknown;
  disconnect(): unknown;
}

interface Connection {
  token: string;
  close: () => void;
}

/** One entry per subscription, so that subscribing the same function twice needs two unsubscriptions. */
const subscriptions = new Set<{ listener: JobUpdateListener }>();
let connection: Connection | null = null;
let stopFollowingSession: (() => void) | null = null;

function deliver(job: Job): void {
  for (const { listener } of [...subscriptions]) {
    try {
      listener(job);
    } catch (error) {
      console.error('A job update listener failed', error);
    }
  }
}

function openConnection(token: string): Connection {
  let closed = false;
  let socket: JobSocket | null = null;
  // Opened on the first subscription, i.e. after sign-in.
  openAuthenticatedSocket(token)
    .then((opened) => {
      if (closed) {
        opened.disconnect();
        return;
      }
      socket = opened as unknown as JobSocket;
      socket.on(JOB_UPDATE_EVENT, deliver);
    })
    .catch((error: unknown) => {
      // Pushes only make screens live sooner; their polling keeps working without them.
      console.error('Live job updates are unavailable', error);
    });
  return {
    token,
    close: () => {
      closed = true;
      socket?.disconnect();
      socket = null;
    },
  };
}

/** One connection while someone listens and a user is signed in, authenticated with the current token. */
function syncConnection(): void {
  const { status, token } = sessionStore.getState();
  const wantedToken = subscriptions.size > 0 && status === 'signed-in' && token ? token : null;
  if (connection?.token === wantedToken) return;
  connection?.close();
  connection = wantedToken ? openConnection(wantedToken) : null;
}

/**
 * Listens for the server's pushes of the signed-in user's jobs (`job_update`, a contract Job). All listeners share
 * one socket.io connection, opened on the first subscription, re-opened when the token changes and closed on
 * sign-out or when the last listener leaves. Returns the function that stops listening.
 */
export function subscribeToJobUpdates(listener: JobUpdateListener): () => void {
  const subscription = { listener };
  subscriptions.add(subscription);
  stopFollowingSession ??= sessionStore.subscribe(syncConnection);
  syncConnection();
  return () => {
    if (!subscriptions.delete(subscription)) return;
    if (subscriptions.size === 0) {
      stopFollowingSession?.();
      stopFollowingSession = null;
    }
    syncConnection();
  };
}
