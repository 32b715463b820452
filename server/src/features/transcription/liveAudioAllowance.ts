/** A stream may send audio this many times faster than real time, sustained… */
export const LIVE_AUDIO_MAX_SPEED = 4;
/** …after a burst of this many seconds of audio (the browser sends what it held while the stream opened). */
export const LIVE_AUDIO_BURST_SECONDS = 10;

export interface LiveAudioAllowance {
  /** Takes `samples` from the allowance; false when they come far faster than anyone speaks. */
  take(samples: number): boolean;
}

/**
 * How much audio a live stream may send (a token bucket): a client flooding the server with audio faster than real
 * time would hold a recogniser busy for everyone. Measured on the monotonic clock: this is about real time spent.
 */
export function createLiveAudioAllowance(
  sampleRate: number,
  now: () => number = () => performance.now(),
): LiveAudioAllowance {
  const capacity = sampleRate * LIVE_AUDIO_BURST_SECONDS;
  const refillPerMs = (sampleRate * LIVE_AUDIO_MAX_SPEED) / 1000;
  let available = capacity;
  let last = now();
  return {
    take(samples) {
      const current = now();
      available = Math.min(capacity, available + (current - last) * refillPerMs);
      last = current;
      if (samples > available) return false;
      available -= samples;
      return true;
    },
  };
}
