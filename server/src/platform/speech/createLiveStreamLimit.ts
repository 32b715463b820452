import { SpeechUnavailableError } from './SpeechRecognizer.js';

/** Each live stream holds a recogniser of its own (about 110 MB, a share of a core): past the limit, refuse. */
export interface LiveStreamLimit {
  /** Takes a place, or throws SpeechUnavailableError; the answer gives the place back (once). */
  acquire(): () => void;
  readonly running: number;
}

export const TOO_MANY_LIVE_STREAMS_MESSAGE =
  'Too many live transcriptions are running on the server. Please try again in a minute.';

export function createLiveStreamLimit(maxLiveStreams: number): LiveStreamLimit {
  let running = 0;
  return {
    acquire() {
      if (running >= maxLiveStreams) throw new SpeechUnavailableError(TOO_MANY_LIVE_STREAMS_MESSAGE);
      running += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running -= 1;
      };
    },
    get running() {
      return running;
    },
  };
}
