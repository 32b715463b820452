import { TRANSCRIPTION_EVENTS } from '@ewrt/contract';
import type { Server as SocketServer, Socket } from 'socket.io';
import type { AuditOrigin } from '../audit/recordAudit.js';
import { LIVE_TRANSCRIPTION_MESSAGES } from './liveTranscriptionMessages.js';
import { LiveTranscriptionSession, type LiveTranscriptionSessionDeps } from './liveTranscriptionSession.js';

export interface LiveTranscriptionDeps extends LiveTranscriptionSessionDeps {
  /** As the HTTP server: behind a proxy, the audit rows name the browser's address from X-Forwarded-For. */
  trustProxy: boolean;
}

/** Where the socket's handshake came from, as Fastify would give a request's address. */
function originOf(socket: Socket, trustProxy: boolean): AuditOrigin {
  const { headers, address } = socket.handshake;
  const forwarded = headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return { ip: trustProxy && first ? first : address, headers };
}

/**
 * The live-transcription socket events of TRN-04 on this instance's browser sockets (authenticated by
 * attachSocketServer): one LiveTranscriptionSession per socket. A disconnect (a closed tab, a sign-out) stores the
 * utterance in progress and releases the recogniser. Returns what ends every session (server shutdown).
 */
export function registerLiveTranscription(
  io: SocketServer,
  deps: LiveTranscriptionDeps,
): () => Promise<void> {
  const sessions = new Set<LiveTranscriptionSession>();

  const onConnection = (socket: Socket) => {
    const session = new LiveTranscriptionSession(deps, {
      userId: socket.data.userId as number,
      origin: originOf(socket, deps.trustProxy),
      emit: (event, payload) => socket.emit(event, payload),
    });
    sessions.add(session);
    socket.on(TRANSCRIPTION_EVENTS.START, (payload: unknown) => void session.start(payload));
    socket.on(TRANSCRIPTION_EVENTS.AUDIO, (data: unknown) => session.receiveAudio(data));
    socket.on(TRANSCRIPTION_EVENTS.PAUSE, () => void session.pause());
    socket.on(TRANSCRIPTION_EVENTS.RESUME, () => void session.resume());
    socket.on(TRANSCRIPTION_EVENTS.STOP, () => void session.stop());
    socket.on(TRANSCRIPTION_EVENTS.CLEAR_TRACKING, () => void session.clearTracking());
    socket.on('disconnect', () => {
      void session.end().finally(() => sessions.delete(session));
    });
  };
  io.on('connection', onConnection);

  return async () => {
    io.off('connection', onConnection);
    await Promise.all(
      [...sessions].map((session) => session.end(LIVE_TRANSCRIPTION_MESSAGES.serverStopping)),
    );
  };
}
