import type { FastifyBaseLogger } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import type { UserDirectory } from '../auth/userDirectory.js';
import type { SpeechRecognizer } from '../speech/SpeechRecognizer.js';

export interface LiveTranscriptionDeps {
  db: Database;
  clock: Clock;
  users: UserDirectory;
  speech: SpeechRecognizer;
  log: FastifyBaseLogger;
}

/**
 * The live-transcription socket events of part 3 §7 on this instance's browser sockets. Ground only: the live
 * helper builds it. Returns what stops every live stream (server shutdown).
 */
export function registerLiveTranscription(
  _io: SocketServer,
  _deps: LiveTranscriptionDeps,
): () => Promise<void> {
  return () => Promise.resolve();
}
