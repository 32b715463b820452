import { RECOGNIZER_SAMPLE_RATE_HZ } from './SpeechRecognizer.js';
import { joinSamples } from './joinSamples.js';

/**
 * Where utterances begin and end in 16 kHz mono speech, by a simple energy detector: speech starts when a few
 * consecutive 20 ms frames are well above the background noise (the 300 ms before are kept, so the first sound
 * of a word is not cut), and ends after 600 ms of quiet or at 15 s (from 12 s on, at the first short pause). A
 * recogniser decodes utterances only, and reports each one's final text when it ends.
 */
export type SegmenterEvent =
  | { type: 'start'; startSeconds: number }
  /** Audio of the utterance in progress (the kept lead-in first). */
  | { type: 'audio'; samples: Int16Array }
  | { type: 'end'; endSeconds: number };

export interface UtteranceSegmenter {
  /** The events the next samples give, in order. */
  push(samples: Int16Array): SegmenterEvent[];
  /** Ends the utterance in progress now (a flush), with the audio it holds. */
  endUtterance(): SegmenterEvent[];
  /** Samples heard so far, from the start of the audio. */
  readonly position: number;
  readonly inUtterance: boolean;
}

const FRAME_SAMPLES = RECOGNIZER_SAMPLE_RATE_HZ / 50;
/** Consecutive loud frames that start an utterance: a click or a knock is shorter. */
const START_FRAMES = 3;
const LEAD_IN_FRAMES = 15;
const END_SILENCE_FRAMES = 30;
const SOFT_CAP_FRAMES = 600;
const SOFT_CAP_SILENCE_FRAMES = 5;
const HARD_CAP_FRAMES = 750;
/** Root-mean-square levels (of 32768): speech starts above both the floor and the noise times the ratio. */
const START_FLOOR = 200;
const START_RATIO = 3.5;
const CONTINUE_FLOOR = 120;
const CONTINUE_RATIO = 2;
const INITIAL_NOISE = 50;

function rootMeanSquare(frame: Int16Array): number {
  let sum = 0;
  for (const sample of frame) sum += sample * sample;
  return Math.sqrt(sum / frame.length);
}

export function createUtteranceSegmenter(): UtteranceSegmenter {
  let noise = INITIAL_NOISE;
  let position = 0;
  /** Samples short of a whole frame, held until the next push. */
  let partialFrame = new Int16Array(0);
  /** Recent quiet frames and a possible start, before an utterance. */
  let leadIn: Int16Array[] = [];
  let loudRun = 0;
  let inUtterance = false;
  let utteranceFrames = 0;
  let quietRun = 0;

  function startThreshold() {
    return Math.max(START_FLOOR, noise * START_RATIO);
  }

  function hearFrame(frame: Int16Array, events: SegmenterEvent[], utteranceAudio: Int16Array[]): void {
    const level = rootMeanSquare(frame);
    const frameStart = position;
    position += frame.length;
    if (!inUtterance) {
      leadIn.push(frame);
      if (leadIn.length > LEAD_IN_FRAMES) leadIn.shift();
      if (level > startThreshold()) {
        loudRun += 1;
      } else {
        loudRun = 0;
        // The noise estimate falls quickly to a quieter room and rises slowly, so speech does not become "noise".
        noise = level < noise ? 0.7 * noise + 0.3 * level : 0.98 * noise + 0.02 * level;
      }
      if (loudRun >= START_FRAMES) {
        inUtterance = true;
        utteranceFrames = leadIn.length;
        quietRun = 0;
        loudRun = 0;
        events.push({
          type: 'start',
          startSeconds: (position - leadIn.length * FRAME_SAMPLES) / RECOGNIZER_SAMPLE_RATE_HZ,
        });
        utteranceAudio.push(...leadIn);
        leadIn = [];
      }
      return;
    }
    utteranceAudio.push(frame);
    utteranceFrames += 1;
    quietRun = level > Math.max(CONTINUE_FLOOR, noise * CONTINUE_RATIO) ? 0 : quietRun + 1;
    const ends =
      quietRun >= END_SILENCE_FRAMES ||
      utteranceFrames >= HARD_CAP_FRAMES ||
      (utteranceFrames >= SOFT_CAP_FRAMES && quietRun >= SOFT_CAP_SILENCE_FRAMES);
    if (ends) {
      flushAudio(events, utteranceAudio);
      inUtterance = false;
      events.push({ type: 'end', endSeconds: (frameStart + frame.length) / RECOGNIZER_SAMPLE_RATE_HZ });
    }
  }

  function flushAudio(events: SegmenterEvent[], utteranceAudio: Int16Array[]): void {
    if (utteranceAudio.length === 0) return;
    events.push({ type: 'audio', samples: joinSamples(utteranceAudio) });
    utteranceAudio.length = 0;
  }

  return {
    push(samples) {
      const events: SegmenterEvent[] = [];
      const utteranceAudio: Int16Array[] = [];
      const all = partialFrame.length > 0 ? joinSamples([partialFrame, samples]) : samples;
      let offset = 0;
      for (; offset + FRAME_SAMPLES <= all.length; offset += FRAME_SAMPLES) {
        hearFrame(all.slice(offset, offset + FRAME_SAMPLES), events, utteranceAudio);
      }
      partialFrame = all.slice(offset);
      flushAudio(events, utteranceAudio);
      return events;
    },
    endUtterance() {
      if (!inUtterance) return [];
      const events: SegmenterEvent[] = [];
      if (partialFrame.length > 0) {
        events.push({ type: 'audio', samples: partialFrame });
        position += partialFrame.length;
        partialFrame = new Int16Array(0);
      }
      inUtterance = false;
      quietRun = 0;
      events.push({ type: 'end', endSeconds: position / RECOGNIZER_SAMPLE_RATE_HZ });
      return events;
    },
    get position() {
      return position + partialFrame.length;
    },
    get inUtterance() {
      return inUtterance;
    },
  };
}
