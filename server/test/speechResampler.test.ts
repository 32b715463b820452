import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createResampler } from '../src/platform/speech/createResampler.js';

const AMPLITUDE = 10_000;

function tone(frequency: number, rate: number, seconds: number): Int16Array {
  return Int16Array.from({ length: Math.round(rate * seconds) }, (_, index) =>
    Math.round(AMPLITUDE * Math.sin((2 * Math.PI * frequency * index) / rate)),
  );
}

/** The whole output of a resampler fed in chunks of the given sizes (cycled). */
function resampleInChunks(input: Int16Array, from: number, to: number, chunkSizes: number[]): Int16Array {
  const resampler = createResampler(from, to);
  const parts: Int16Array[] = [];
  for (let offset = 0, chunk = 0; offset < input.length; chunk += 1) {
    const size = chunkSizes[chunk % chunkSizes.length]!;
    parts.push(resampler.process(input.slice(offset, offset + size)));
    offset += size;
  }
  parts.push(resampler.finish());
  const output = new Int16Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    output.set(part, offset);
    offset += part.length;
  }
  return output;
}

/** Amplitude and phase of one frequency in a signal (a single-bin Fourier transform). */
function measureTone(signal: Int16Array, frequency: number, rate: number): number {
  let real = 0;
  let imaginary = 0;
  for (const [index, value] of signal.entries()) {
    real += value * Math.cos((2 * Math.PI * frequency * index) / rate);
    imaginary += value * Math.sin((2 * Math.PI * frequency * index) / rate);
  }
  return (2 * Math.hypot(real, imaginary)) / signal.length;
}

/** Upward zero crossings per second: the frequency a listener would hear. */
function zeroCrossingFrequency(signal: Int16Array, rate: number): number {
  const crossings: number[] = [];
  for (let index = 1; index < signal.length; index += 1) {
    if (signal[index - 1]! < 0 && signal[index]! >= 0) crossings.push(index);
  }
  return ((crossings.length - 1) * rate) / (crossings.at(-1)! - crossings[0]!);
}

describe('createResampler', () => {
  it('keeps a 1 kHz tone at 1 kHz and at its amplitude from 44.1 kHz to 16 kHz', () => {
    const output = resampleInChunks(tone(1000, 44_100, 2), 44_100, 16_000, [4096]);
    // The middle second: away from the silence assumed before and after the recording.
    const middle = output.slice(8000, 24_000);
    assert.ok(Math.abs(zeroCrossingFrequency(middle, 16_000) - 1000) < 0.5);
    const amplitude = measureTone(middle, 1000, 16_000);
    assert.ok(Math.abs(amplitude - AMPLITUDE) / AMPLITUDE < 0.005, `amplitude ${amplitude}`);
  });

  it('keeps a tone from 48 kHz and from 8 kHz (down by a whole factor, and up)', () => {
    for (const from of [48_000, 8000]) {
      const output = resampleInChunks(tone(440, from, 1), from, 16_000, [4096]);
      const middle = output.slice(4000, 12_000);
      assert.ok(Math.abs(zeroCrossingFrequency(middle, 16_000) - 440) < 0.5, `from ${from}`);
      assert.ok(Math.abs(measureTone(middle, 440, 16_000) - AMPLITUDE) / AMPLITUDE < 0.005, `from ${from}`);
    }
  });

  it('removes what 16 kHz cannot carry instead of folding it into the speech band', () => {
    // 12 kHz at 44.1 kHz would alias to 4 kHz at 16 kHz without the low-pass.
    const output = resampleInChunks(tone(12_000, 44_100, 1), 44_100, 16_000, [4096]);
    const middle = output.slice(4000, 12_000);
    assert.ok(measureTone(middle, 4000, 16_000) < AMPLITUDE * 0.001);
  });

  it('gives exactly ceil(n × 16000 / 44100) samples however the input is chunked', () => {
    const input = tone(300, 44_100, 10.5);
    const expected = Math.ceil((input.length * 16_000) / 44_100);
    for (const chunks of [[4096], [1], [4095, 4097, 333], [input.length]]) {
      assert.equal(resampleInChunks(input.slice(), 44_100, 16_000, chunks).length, expected, `${chunks}`);
    }
  });

  it('gives, chunk by chunk, the same samples as converting the whole recording (no clicks at borders)', () => {
    const input = tone(1000, 44_100, 3);
    const whole = resampleInChunks(input, 44_100, 16_000, [input.length]);
    const chunked = resampleInChunks(input, 44_100, 16_000, [4096, 17, 1000]);
    assert.deepEqual(chunked, whole);
    // And no sample strays from the ideal tone at its instant (the filter is centred: no shift), as a click would.
    let worst = 0;
    for (let index = 1000; index < whole.length - 1000; index += 1) {
      const ideal = AMPLITUDE * Math.sin((2 * Math.PI * 1000 * index) / 16_000);
      worst = Math.max(worst, Math.abs(whole[index]! - ideal));
    }
    assert.ok(worst < AMPLITUDE * 0.005, `worst deviation ${worst}`);
  });

  it('converts a rate with no convenient common divisor (44 101 Hz) without drifting', () => {
    const output = resampleInChunks(tone(1000, 44_101, 2), 44_101, 16_000, [4096]);
    assert.equal(output.length, Math.ceil((88_202 * 16_000) / 44_101));
    const middle = output.slice(8000, 24_000);
    assert.ok(Math.abs(zeroCrossingFrequency(middle, 16_000) - 1000) < 0.5);
    assert.ok(Math.abs(measureTone(middle, 1000, 16_000) - AMPLITUDE) / AMPLITUDE < 0.005);
  });

  it('passes 16 kHz through unchanged', () => {
    const input = tone(1000, 16_000, 0.1);
    const resampler = createResampler(16_000, 16_000);
    assert.deepEqual(resampler.process(input), input);
    assert.equal(resampler.finish().length, 0);
  });
});
