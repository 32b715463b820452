import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  TranscriptionErrorPayload,
  TranscriptionPayload,
  TranscriptionStartedPayload,
  TranscriptionStoppedPayload,
} from '@ewrt/contract';
import { TRANSCRIPTION_CONNECT_TIMEOUT_MS, TRANSCRIPTION_EVENTS } from '@ewrt/contract/limits';
import { openAuthenticatedSocket, useSession, type AuthenticatedSocket } from '@ewrt/shared';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages';

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/** What the server says on the socket, and the connection dropping under a recording. */
export interface TranscriptionSocketListeners {
  onStarted: (payload: TranscriptionStartedPayload) => void;
  onTranscription: (payload: TranscriptionPayload) => void;
  onStopped: (payload: TranscriptionStoppedPayload) => void;
  onError: (payload: TranscriptionErrorPayload) => void;
  /** The connection dropped without this page closing it. */
  onConnectionLost: () => void;
}

/** socket.io's reason when the page itself closed the connection. */
const CLIENT_DISCONNECT = 'io client disconnect';

/**
 * The connection options: a connection attempt gives up after TRANSCRIPTION_CONNECT_TIMEOUT_MS (TRN-03), and a
 * few attempts are made after a failure or a drop before the screen offers Reconnect.
 */
const CONNECTION_OPTIONS = {
  timeout: TRANSCRIPTION_CONNECT_TIMEOUT_MS,
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
} as const;

export interface TranscriptionSocket {
  status: ConnectionStatus;
  /** Why the last connection attempt failed; cleared once connected. */
  connectError: string | null;
  /** Sends an event when connected; false when there is no connection to send it on. */
  send: (event: string, ...args: unknown[]) => boolean;
  /** Tries to connect again after the automatic attempts gave up. */
  reconnect: () => void;
}

/**
 * The live-transcription connection (TRN-04): a socket.io connection authenticated with
 * the session's token, open while the screen is, delivering the server's events to `listeners` (the latest ones
 * given, so they may close over the screen's state).
 */
export function useTranscriptionSocket(listeners: TranscriptionSocketListeners): TranscriptionSocket {
  const { token } = useSession();
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [connectError, setConnectError] = useState<string | null>(null);
  const socketRef = useRef<AuthenticatedSocket | null>(null);
  const listenersRef = useRef(listeners);
  useEffect(() => {
    listenersRef.current = listeners;
  });

  useEffect(() => {
    if (!token) {
      setStatus('disconnected');
      return;
    }
    let closed = false;
    setStatus('connecting');
    setConnectError(null);
    openAuthenticatedSocket(token, CONNECTION_OPTIONS).then(
      (socket) => {
        if (closed) {
          socket.disconnect();
          return;
        }
        socketRef.current = socket;
        socket.on('connect', () => {
          setStatus('connected');
          setConnectError(null);
        });
        socket.on('connect_error', () => {
          setStatus('disconnected');
          setConnectError(LIVE_TRANSCRIPTION_MESSAGES.connectFailed);
        });
        socket.on('disconnect', (reason: string) => {
          if (reason === CLIENT_DISCONNECT) return;
          setStatus(socket.active ? 'connecting' : 'disconnected');
          listenersRef.current.onConnectionLost();
        });
        socket.on(TRANSCRIPTION_EVENTS.STARTED, (payload: TranscriptionStartedPayload) =>
          listenersRef.current.onStarted(payload),
        );
        socket.on(TRANSCRIPTION_EVENTS.TRANSCRIPTION, (payload: TranscriptionPayload) =>
          listenersRef.current.onTranscription(payload),
        );
        socket.on(TRANSCRIPTION_EVENTS.STOPPED, (payload: TranscriptionStoppedPayload) =>
          listenersRef.current.onStopped(payload),
        );
        socket.on(TRANSCRIPTION_EVENTS.ERROR, (payload: TranscriptionErrorPayload) =>
          listenersRef.current.onError(payload),
        );
        if (socket.connected) setStatus('connected');
      },
      (error: unknown) => {
        // The client library itself could not be loaded (offline, or a blocked chunk).
        console.error('The transcription connection could not be opened', error);
        if (!closed) {
          setStatus('disconnected');
          setConnectError(LIVE_TRANSCRIPTION_MESSAGES.connectFailed);
        }
      },
    );
    return () => {
      closed = true;
      socketRef.current?.disconnect();
      socketRef.current = null;
    };
  }, [token]);

  const send = useCallback((event: string, ...args: unknown[]) => {
    const socket = socketRef.current;
    if (!socket?.connected) return false;
    socket.emit(event, ...args);
    return true;
  }, []);

  const reconnect = useCallback(() => {
    const socket = socketRef.current;
    if (!socket || socket.connected) return;
    setStatus('connecting');
    setConnectError(null);
    socket.connect();
  }, []);

  return { status, connectError, send, reconnect };
}
