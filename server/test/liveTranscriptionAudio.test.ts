import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  LIVE_AUDIO_BURST_SECONDS,
  LIVE_AUDIO_MAX_SPEED,
  createLiveAudioAllowance,
} from '../src/features/transcription/liveAudioAllowance.js';
import { liveAudioSamples } from '../src/features/transcription/liveAudioSamples.js';

// How one audio_data message becomes samples, and how much audio a live stream may send (the socket flow itself is
// tested end to end in liveTranscription.test.ts).

describe('liveAudioSamples', () => {
  const bytes = [0x01, 0x00, 0xff, 0xff, 0x00, 0x80]; // 1, -1, -32768 as 16-bit little-endian

  it('reads 16-bit little-endian samples from a Buffer, an ArrayBuffer or a typed array', () => {
    assert.deepEqual([...liveAudioSamples(Buffer.from(bytes))!], [1, -1, -32768]);
    assert.deepEqual([...liveAudioSamples(new Uint8Array(bytes).buffer)!], [1, -1, -32768]);
    assert.deepEqual([...liveAudioSamples(new Int16Array([5, -7]))!], [5, -7]);
  });

  it('reads a Buffer that starts on an odd byte of its memory', () => {
    const pool = Buffer.from([0x00, ...bytes]);
    const slice = pool.subarray(1);
    assert.equal(slice.byteOffset % 2, 1);
    assert.deepEqual([...liveAudioSamples(slice)!], [1, -1, -32768]);
  });

  it('drops a trailing odd byte and refuses what is not binary', () => {
    assert.deepEqual([...liveAudioSamples(Buffer.from([...bytes, 0x7f]))!], [1, -1, -32768]);
    assert.equal(liveAudioSamples([1, 0, 255, 255]), null);
    assert.equal(liveAudioSamples('audio'), null);
  });
});

describe('createLiveAudioAllowance', () => {
  const rate = 1000;

  it(`takes a burst of ${LIVE_AUDIO_BURST_SECONDS} s of audio, then ${LIVE_AUDIO_MAX_SPEED}x real time`, () => {
    let now = 0;
    const allowance = createLiveAudioAllowance(rate, () => now);
    assert.equal(allowance.take(rate * LIVE_AUDIO_BURST_SECONDS), true);
    assert.equal(allowance.take(1), false, 'the burst is spent');
    now += 1000;
    assert.equal(
      allowance.take(rate * LIVE_AUDIO_MAX_SPEED),
      true,
      'one second refills four seconds of audio',
    );
    assert.equal(allowance.take(1), false);
  });

  it('lets real-time audio through for as long as it lasts', () => {
    let now = 0;
    const allowance = createLiveAudioAllowance(rate, () => now);
    for (let second = 0; second < 3600; second += 1) {
      now += 1000;
      assert.equal(allowance.take(rate), true);
    }
  });
});
