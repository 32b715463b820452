// The AudioWorklet that turns the microphone's Float32 samples into 16-bit little-endian PCM chunks of a fixed
// length (TRN-04: mono, 4096-sample chunks), posted to the page as transferable ArrayBuffers. Plain JavaScript
// with no imports: it runs in the audio rendering thread, loaded by URL from this remote's own origin.
/* global AudioWorkletProcessor, registerProcessor */

const INT16_MAX = 0x7fff;
const INT16_MIN_MAGNITUDE = 0x8000;

class PcmCaptureProcessor extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.chunkSamples = options.processorOptions.chunkSamples;
    this.startChunk();
  }

  startChunk() {
    this.chunk = new ArrayBuffer(this.chunkSamples * 2);
    this.view = new DataView(this.chunk);
    this.filled = 0;
  }

  process(inputs) {
    // The first channel of the first input: the stream is requested mono.
    const samples = inputs[0] && inputs[0][0];
    if (samples) {
      for (let index = 0; index < samples.length; index += 1) {
        const sample = Math.max(-1, Math.min(1, samples[index]));
        const value = sample < 0 ? Math.round(sample * INT16_MIN_MAGNITUDE) : Math.round(sample * INT16_MAX);
        this.view.setInt16(this.filled * 2, value, true);
        this.filled += 1;
        if (this.filled === this.chunkSamples) {
          this.port.postMessage(this.chunk, [this.chunk]);
          this.startChunk();
        }
      }
    }
    // Keep running while the page holds the node, even through silence.
    return true;
  }
}

registerProcessor('pcm-capture', PcmCaptureProcessor);
