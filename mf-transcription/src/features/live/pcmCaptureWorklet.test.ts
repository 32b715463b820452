import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The worklet runs in the browser's audio thread, where jest cannot go: its file is evaluated here as the browser
// would, with stand-ins for the two globals of AudioWorkletGlobalScope it uses.

interface Processor {
  port: { postMessage: jest.Mock };
  process: (inputs: Float32Array[][]) => boolean;
}
type ProcessorClass = new (options: { processorOptions: { chunkSamples: number } }) => Processor;

function loadWorklet(): { name: string; Processor: ProcessorClass } {
  const source = readFileSync(join(__dirname, 'pcmCaptureWorklet.js'), 'utf8');
  class AudioWorkletProcessor {
    readonly port = { postMessage: jest.fn() };
  }
  let registered: { name: string; Processor: ProcessorClass } | null = null;
  const registerProcessor = (name: string, Processor: ProcessorClass) => {
    registered = { name, Processor };
  };
  new Function('AudioWorkletProcessor', 'registerProcessor', source)(
    AudioWorkletProcessor,
    registerProcessor,
  );
  if (!registered) throw new Error('The worklet registered no processor');
  return registered;
}

/** The samples of a posted chunk, read as 16-bit little-endian integers. */
function samplesOf(chunk: ArrayBuffer): number[] {
  const view = new DataView(chunk);
  return Array.from({ length: chunk.byteLength / 2 }, (_, index) => view.getInt16(index * 2, true));
}

test('registers the processor the page creates its node with', () => {
  expect(loadWorklet().name).toBe('pcm-capture');
});

test('converts Float32 samples to 16-bit little-endian PCM, clipping outside -1..1', () => {
  const { Processor } = loadWorklet();
  const processor = new Processor({ processorOptions: { chunkSamples: 6 } });
  expect(processor.process([[Float32Array.from([0, 1, -1, 0.5, 1.7, -3])]])).toBe(true);
  expect(processor.port.postMessage).toHaveBeenCalledTimes(1);
  const [chunk, transfer] = processor.port.postMessage.mock.calls[0] as [ArrayBuffer, ArrayBuffer[]];
  expect(chunk.byteLength).toBe(12);
  expect(transfer).toEqual([chunk]);
  expect(samplesOf(chunk)).toEqual([0, 32767, -32768, 16384, 32767, -32768]);
});

test('posts a chunk each time it holds the chunk length, across render quanta, and keeps the rest', () => {
  const { Processor } = loadWorklet();
  const processor = new Processor({ processorOptions: { chunkSamples: 4096 } });
  const quantum = new Float32Array(128).fill(0.25);
  // 4096 samples are 32 render quanta of 128: nothing before the 32nd.
  for (let index = 0; index < 31; index += 1) processor.process([[quantum]]);
  expect(processor.port.postMessage).not.toHaveBeenCalled();
  processor.process([[quantum]]);
  expect(processor.port.postMessage).toHaveBeenCalledTimes(1);
  const [chunk] = processor.port.postMessage.mock.calls[0] as [ArrayBuffer];
  expect(chunk.byteLength).toBe(8192);
  expect(new Set(samplesOf(chunk))).toEqual(new Set([Math.round(0.25 * 32767)]));
  processor.process([[quantum]]);
  expect(processor.port.postMessage).toHaveBeenCalledTimes(1);
});

test('keeps running without input (a muted or disconnected microphone)', () => {
  const { Processor } = loadWorklet();
  const processor = new Processor({ processorOptions: { chunkSamples: 4 } });
  expect(processor.process([[]])).toBe(true);
  expect(processor.process([])).toBe(true);
  expect(processor.port.postMessage).not.toHaveBeenCalled();
});
