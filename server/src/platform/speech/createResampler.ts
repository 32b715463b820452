/**
 * Streaming sample-rate conversion of mono 16-bit PCM by windowed-sinc interpolation (a Blackman-windowed low-pass
 * evaluated at each output sample's exact position in the input). Chunks may be of any size: the output is the
 * same, sample for sample, as converting the whole recording at once, so chunk borders cannot click. It lags the
 * input by the filter's half-width (about a millisecond); finish() releases that tail at the end of a recording.
 */
export interface Resampler {
  /** The output samples the input so far makes available. */
  process(samples: Int16Array): Int16Array;
  /** The remaining output, as if the recording were followed by silence; after it the resampler is spent. */
  finish(): Int16Array;
}

/** Zero crossings of the sinc on each side: 16 keeps the stop band near the Blackman window's -74 dB. */
const ZERO_CROSSINGS = 16;
/** The pass band ends at this fraction of the lower Nyquist frequency (7.2 kHz for 16 kHz: speech ends lower). */
const PASS_BAND = 0.9;
/** More phases than this (rates with a tiny common divisor) are interpolated from a table of this many. */
const MAX_PHASES = 1024;

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

function blackman(x: number): number {
  return 0.42 + 0.5 * Math.cos(Math.PI * x) + 0.08 * Math.cos(2 * Math.PI * x);
}

const toInt16 = (value: number) => Math.max(-32768, Math.min(32767, Math.round(value)));

export function createResampler(inputRate: number, outputRate: number): Resampler {
  if (!Number.isInteger(inputRate) || !Number.isInteger(outputRate) || inputRate <= 0 || outputRate <= 0) {
    throw new RangeError(`Sample rates must be positive integers, not ${inputRate} and ${outputRate}`);
  }
  if (inputRate === outputRate) {
    return { process: (samples) => samples.slice(), finish: () => new Int16Array(0) };
  }
  const divisor = greatestCommonDivisor(inputRate, outputRate);
  // Output sample n sits at input position n * step / upFactor, tracked exactly as a whole part and a remainder.
  const upFactor = outputRate / divisor;
  const step = inputRate / divisor;
  // Cut-off in cycles per input sample, below the lower of the two Nyquist frequencies.
  const cutoff = 0.5 * Math.min(1, outputRate / inputRate) * PASS_BAND;
  const halfWidth = Math.ceil(ZERO_CROSSINGS / (2 * cutoff));
  const taps = 2 * halfWidth;
  const phases = Math.min(upFactor, MAX_PHASES);

  // Row r holds the weights for a fractional position r / phases (row `phases` is the next whole sample), for the
  // inputs at offsets -halfWidth + 1 … halfWidth from the position's whole part. Each row sums to one, so every
  // phase passes a constant unchanged.
  const table = new Float64Array((phases + 1) * taps);
  for (let row = 0; row <= phases; row += 1) {
    const fraction = row / phases;
    let sum = 0;
    for (let tap = 0; tap < taps; tap += 1) {
      const distance = fraction + halfWidth - 1 - tap;
      const x = 2 * cutoff * distance;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const weight = Math.abs(distance) >= halfWidth ? 0 : sinc * blackman(distance / halfWidth);
      table[row * taps + tap] = weight;
      sum += weight;
    }
    for (let tap = 0; tap < taps; tap += 1) table[row * taps + tap]! /= sum;
  }

  // The input still needed, starting halfWidth - 1 samples before the next output's whole part (zeros before the
  // recording began).
  let pending = new Float64Array(halfWidth - 1);
  /** Absolute input index of pending[0]. */
  let pendingStart = -(halfWidth - 1);
  /** The next output's position: whole input index and remainder (0 … upFactor - 1) in 1/upFactor steps. */
  let whole = 0;
  let remainder = 0;
  let received = 0;
  let spent = false;

  function produce(limitWhole: (whole: number) => boolean): Int16Array {
    const output: number[] = [];
    const available = pendingStart + pending.length;
    while (limitWhole(whole) && whole + halfWidth < available) {
      const base = whole - halfWidth + 1 - pendingStart;
      const position = (remainder / upFactor) * phases;
      const row = Math.floor(position);
      const blend = position - row;
      let value = 0;
      if (blend === 0) {
        const offset = row * taps;
        for (let tap = 0; tap < taps; tap += 1) value += pending[base + tap]! * table[offset + tap]!;
      } else {
        const below = row * taps;
        const above = below + taps;
        for (let tap = 0; tap < taps; tap += 1) {
          const weight = table[below + tap]! * (1 - blend) + table[above + tap]! * blend;
          value += pending[base + tap]! * weight;
        }
      }
      output.push(toInt16(value));
      remainder += step;
      whole += Math.floor(remainder / upFactor);
      remainder %= upFactor;
    }
    const keepFrom = whole - halfWidth + 1 - pendingStart;
    if (keepFrom > 0) {
      pending = pending.slice(Math.min(keepFrom, pending.length));
      pendingStart += keepFrom;
    }
    return Int16Array.from(output);
  }

  function append(samples: ArrayLike<number>): void {
    const grown = new Float64Array(pending.length + samples.length);
    grown.set(pending);
    for (let index = 0; index < samples.length; index += 1) grown[pending.length + index] = samples[index]!;
    pending = grown;
  }

  return {
    process(samples) {
      if (spent) throw new Error('The resampler has finished');
      append(samples);
      received += samples.length;
      return produce(() => true);
    },
    finish() {
      if (spent) return new Int16Array(0);
      spent = true;
      append(new Float64Array(halfWidth));
      // Every output whose position lies within the recording: ceil(received * outputRate / inputRate) in all.
      return produce((next) => next < received);
    },
  };
}
