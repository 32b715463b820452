import type { Resampler } from './createResampler.js';
import type { SegmenterEvent, UtteranceSegmenter } from './createUtteranceSegmenter.js';
import type { LiveRecognition } from './SpeechRecognizer.js';

export interface LiveStreamParts {
  resampler: Resampler;
  segmenter: UtteranceSegmenter;
  /** True once the stream has failed or finished: audio is no longer taken. */
  isOver(): boolean;
  /** Acts on what the segmenter heard. */
  apply(events: SegmenterEvent[]): void;
  /** Resolves once every utterance ended so far has been answered. */
  settled(): Promise<void>;
  /** After the last answer, on close: ends the stream and frees its place. */
  finish(): Promise<void> | void;
}

/**
 * A recogniser's live stream as the caller sees it: samples resampled and cut into utterances until it is over or
 * closing; flush ends the utterance in progress; close flushes, then finishes, once however often it is called.
 */
export function liveRecognitionHandle(parts: LiveStreamParts): LiveRecognition {
  let closing: Promise<void> | null = null;

  async function flush(): Promise<void> {
    if (!parts.isOver()) parts.apply(parts.segmenter.endUtterance());
    await parts.settled();
  }

  return {
    write(samples) {
      if (parts.isOver() || closing) return;
      parts.apply(parts.segmenter.push(parts.resampler.process(samples)));
    },
    flush,
    close() {
      closing ??= (async () => {
        await flush();
        await parts.finish();
      })();
      return closing;
    },
  };
}
