import type { User } from '../api/types';

/**
 * What one tab tells the other tabs of the suite about the session they share. A sign-in carries the
 * user, so that another tab can show it at once: asking the API instead would rotate the new token
 * (POST /api/refresh-token) and invalidate it for the tab that just obtained it.
 */
export type SessionAnnouncement = { kind: 'signed-in'; token: string; user: User } | { kind: 'signed-out' };

/** The path between the tabs of one origin. */
export interface SessionChannel {
  announce: (announcement: SessionAnnouncement) => void;
  /** Calls `onAnnouncement` for what another tab announces; returns a function that stops listening. */
  listen: (onAnnouncement: (announcement: SessionAnnouncement) => void) => () => void;
  close: () => void;
}

export const SESSION_CHANNEL_NAME = 'ewrt-session';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Anything else on the channel (another version's message, a stray post) is ignored. */
export function readAnnouncement(data: unknown): SessionAnnouncement | null {
  if (!isRecord(data)) return null;
  if (data.kind === 'signed-out') return { kind: 'signed-out' };
  const { token, user } = data;
  if (
    data.kind === 'signed-in' &&
    typeof token === 'string' &&
    token !== '' &&
    isRecord(user) &&
    typeof user.ID_User === 'number'
  ) {
    return { kind: 'signed-in', token, user: user as unknown as User };
  }
  return null;
}

/** A BroadcastChannel to every other tab of this origin; null where the browser has none. */
export function openSessionChannel(name = SESSION_CHANNEL_NAME): SessionChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(name);
  return {
    announce: (announcement) => channel.postMessage(announcement),
    listen: (onAnnouncement) => {
      const onMessage = (event: MessageEvent) => {
        const announcement = readAnnouncement(event.data);
        if (announcement) onAnnouncement(announcement);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}
