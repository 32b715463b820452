import { TRANSCRIPTION_CAPTURE_SAMPLE_RATE_HZ, TRANSCRIPTION_CHUNK_SAMPLES } from '@ewrt/contract/limits';
import { pcmCaptureWorkletUrl } from './pcmCaptureWorkletUrl';

/** The processor pcmCaptureWorklet.js registers. */
const PCM_CAPTURE_PROCESSOR = 'pcm-capture';

/** The microphone as TRN-04 asks for it: 44.1 kHz mono, with the browser's voice clean-up. */
const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: {
    sampleRate: TRANSCRIPTION_CAPTURE_SAMPLE_RATE_HZ,
    channelCount: 1,
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
  },
};

/** A running capture of the microphone. */
export interface MicrophoneCapture {
  /** The rate the chunks are sampled at: what the audio context actually runs at, not what was asked for. */
  sampleRate: number;
  /** Stops producing chunks, keeping the microphone. */
  pause: () => Promise<void>;
  resume: () => Promise<void>;
  /** Releases the microphone (its indicator goes off) and the audio context. */
  stop: () => Promise<void>;
}

/**
 * The microphone as a source node of a context at 44.1 kHz when the browser allows it. Some browsers (Firefox)
 * refuse to connect a microphone whose rate differs from the context's: then the context runs at its default rate,
 * which the caller reports to the server, and the server resamples.
 */
function openSource(stream: MediaStream): { context: AudioContext; source: MediaStreamAudioSourceNode } {
  const preferred = new AudioContext({ sampleRate: TRANSCRIPTION_CAPTURE_SAMPLE_RATE_HZ });
  try {
    return { context: preferred, source: preferred.createMediaStreamSource(stream) };
  } catch (error) {
    void preferred.close();
    if (!(error instanceof DOMException) || error.name !== 'NotSupportedError') throw error;
    const fallback = new AudioContext();
    return { context: fallback, source: fallback.createMediaStreamSource(stream) };
  }
}

/**
 * Asks for the microphone and starts handing `onChunk` 16-bit little-endian mono PCM chunks of
 * TRANSCRIPTION_CHUNK_SAMPLES samples (converted in an AudioWorklet, off the page's thread). Rejects with the
 * browser's reason when the microphone is refused or unavailable, having released whatever it had opened.
 */
export async function startMicrophoneCapture(
  onChunk: (chunk: ArrayBuffer) => void,
): Promise<MicrophoneCapture> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new Error('this browser offers no microphone here (the page must be opened over https)');
  }
  const stream = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
  const releaseMicrophone = () => stream.getTracks().forEach((track) => track.stop());
  let context: AudioContext | null = null;
  try {
    const opened = openSource(stream);
    context = opened.context;
    await context.audioWorklet.addModule(pcmCaptureWorkletUrl());
    const worklet = new AudioWorkletNode(context, PCM_CAPTURE_PROCESSOR, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      channelCount: 1,
      channelCountMode: 'explicit',
      processorOptions: { chunkSamples: TRANSCRIPTION_CHUNK_SAMPLES },
    });
    worklet.port.onmessage = (event: MessageEvent<ArrayBuffer>) => onChunk(event.data);
    opened.source.connect(worklet);
    // The node writes nothing to its output (silence); connected so that every browser keeps pulling it.
    worklet.connect(context.destination);
    const running = context;
    return {
      sampleRate: running.sampleRate,
      pause: () => running.suspend(),
      resume: () => running.resume(),
      stop: async () => {
        worklet.port.onmessage = null;
        opened.source.disconnect();
        worklet.disconnect();
        releaseMicrophone();
        if (running.state !== 'closed') await running.close();
      },
    };
  } catch (error) {
    releaseMicrophone();
    if (context && context.state !== 'closed') void context.close();
    throw error;
  }
}
