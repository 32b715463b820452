import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createUtteranceSegmenter,
  type SegmenterEvent,
} from '../src/platform/speech/createUtteranceSegmenter.js';
import {
  CLIP_RATE_HZ,
  GO_FORWARD,
  GO_FORWARD_SPEECH_START_SECONDS,
  joinSamples,
  readClip,
  silence,
} from './support/speechSamples.js';

function pushInChunks(samples: Int16Array, chunk = 1486): SegmenterEvent[] {
  const segmenter = createUtteranceSegmenter();
  const events: SegmenterEvent[] = [];
  for (let offset = 0; offset < samples.length; offset += chunk) {
    events.push(...segmenter.push(samples.slice(offset, offset + chunk)));
  }
  return events;
}

/** Each utterance: where it starts and ends, and how much audio it carried. */
function utterancesOf(events: SegmenterEvent[]) {
  const utterances: { start: number; end: number; samples: number }[] = [];
  for (const event of events) {
    if (event.type === 'start') utterances.push({ start: event.startSeconds, end: Number.NaN, samples: 0 });
    else if (event.type === 'audio') utterances.at(-1)!.samples += event.samples.length;
    else utterances.at(-1)!.end = event.endSeconds;
  }
  return utterances;
}

describe('createUtteranceSegmenter', () => {
  it('hears no utterance in silence or in a quiet room', () => {
    assert.deepEqual(pushInChunks(silence(5, CLIP_RATE_HZ)), []);
    assert.deepEqual(pushInChunks(silence(5, CLIP_RATE_HZ, 120)), []);
  });

  it('finds the one utterance of the recorded clip, with its first sound, ended by the pause after it', () => {
    const clip = readClip(GO_FORWARD);
    const [utterance, ...others] = utterancesOf(pushInChunks(joinSamples(clip, silence(1, CLIP_RATE_HZ))));
    assert.equal(others.length, 0);
    assert.ok(utterance!.start < GO_FORWARD_SPEECH_START_SECONDS - 0.1, `starts at ${utterance!.start}`);
    // "meters" ends near 2.3 s; 600 ms of quiet later it is over.
    assert.ok(utterance!.end > 2.5 && utterance!.end < 3.3, `ends at ${utterance!.end}`);
    assert.equal(utterance!.samples, Math.round((utterance!.end - utterance!.start) * CLIP_RATE_HZ));
  });

  it('cuts speech that never pauses into utterances of at most 15 s', () => {
    const speechLike = silence(40, CLIP_RATE_HZ, 3000);
    const utterances = utterancesOf(pushInChunks(speechLike));
    assert.ok(utterances.length >= 3);
    for (const utterance of utterances.slice(0, -1)) assert.ok(utterance.end - utterance.start <= 15);
  });

  it('ends the utterance in progress when asked (a flush), with the audio it held', () => {
    const segmenter = createUtteranceSegmenter();
    const clip = readClip(GO_FORWARD);
    const events = segmenter.push(clip.slice(0, Math.round(1.5 * CLIP_RATE_HZ) + 7));
    assert.equal(segmenter.inUtterance, true);
    const ending = segmenter.endUtterance();
    assert.equal(ending.at(-1)?.type, 'end');
    const [utterance] = utterancesOf([...events, ...ending]);
    assert.equal(utterance!.end, (Math.round(1.5 * CLIP_RATE_HZ) + 7) / CLIP_RATE_HZ);
    assert.equal(segmenter.inUtterance, false);
    assert.deepEqual(segmenter.endUtterance(), []);
  });
});
