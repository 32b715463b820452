// jsdom has no microphone, Web Audio or AudioWorklet: these fakes stand in for getUserMedia, AudioContext and
// AudioWorkletNode so that the live screen's capture can be driven from a test. A test makes the worklet "post" a
// PCM chunk with sendChunk() and checks what was asked for and released.

/** A microphone track: stopping it is what turns the browser's recording indicator off. */
export class FakeTrack {
  stopped = false;
  stop(): void {
    this.stopped = true;
  }
}

class FakeAudioNode {
  readonly connections: unknown[] = [];
  connect(destination: unknown): void {
    this.connections.push(destination);
  }
  disconnect(): void {
    this.connections.length = 0;
  }
}

export class FakeAudioWorkletNode extends FakeAudioNode {
  readonly port: { onmessage: ((event: MessageEvent) => void) | null } = { onmessage: null };
  constructor(
    readonly context: FakeAudioContext,
    readonly processorName: string,
    readonly options: AudioWorkletNodeOptions,
  ) {
    super();
    capture.nodes.push(this);
  }
}

export class FakeAudioContext {
  state: AudioContextState = 'running';
  readonly sampleRate: number;
  readonly destination = new FakeAudioNode();
  readonly modules: string[] = [];
  readonly audioWorklet = {
    addModule: async (url: string) => {
      this.modules.push(url);
    },
  };

  constructor(readonly options: AudioContextOptions = {}) {
    // A browser may ignore the rate asked for: the context runs at the rate the test chose.
    this.sampleRate = capture.contextSampleRate;
    capture.contexts.push(this);
  }

  createMediaStreamSource(): FakeAudioNode {
    return new FakeAudioNode();
  }
  async suspend(): Promise<void> {
    this.state = 'suspended';
  }
  async resume(): Promise<void> {
    this.state = 'running';
  }
  async close(): Promise<void> {
    this.state = 'closed';
  }
}

interface CaptureState {
  contextSampleRate: number;
  microphoneError: Error | null;
  tracks: FakeTrack[];
  contexts: FakeAudioContext[];
  nodes: FakeAudioWorkletNode[];
  getUserMedia: jest.Mock<Promise<{ getTracks: () => FakeTrack[] }>, [MediaStreamConstraints]>;
}

const capture: CaptureState = {
  contextSampleRate: 48_000,
  microphoneError: null,
  tracks: [],
  contexts: [],
  nodes: [],
  getUserMedia: jest.fn(),
};

/** What a test controls and observes of the fake audio capture. */
export const fakeAudio = {
  /** The rate the next audio contexts run at (48 kHz by default: not the 44.1 kHz the screen asks for). */
  setContextSampleRate(rate: number): void {
    capture.contextSampleRate = rate;
  },
  /** The microphone is refused (or missing) with this error from now on. */
  refuseMicrophone(error: Error): void {
    capture.microphoneError = error;
  },
  get getUserMedia() {
    return capture.getUserMedia;
  },
  get tracks(): readonly FakeTrack[] {
    return capture.tracks;
  },
  get contexts(): readonly FakeAudioContext[] {
    return capture.contexts;
  },
  get nodes(): readonly FakeAudioWorkletNode[] {
    return capture.nodes;
  },
  /** The worklet posts one PCM chunk to the page, as pcmCaptureWorklet.js does each 4096 samples. */
  sendChunk(chunk: ArrayBuffer): void {
    const node = capture.nodes.at(-1);
    if (!node?.port.onmessage) throw new Error('No capture is listening for audio chunks');
    node.port.onmessage(new MessageEvent('message', { data: chunk }));
  },
};

const installed: { key: string; target: object; previous: PropertyDescriptor | undefined }[] = [];

function replace(target: object, key: string, value: unknown): void {
  installed.push({ key, target, previous: Object.getOwnPropertyDescriptor(target, key) });
  Object.defineProperty(target, key, { configurable: true, writable: true, value });
}

/** Installs the fakes before each test of the file and removes them after it. */
export function installFakeAudioCapture(): typeof fakeAudio {
  beforeEach(() => {
    capture.contextSampleRate = 48_000;
    capture.microphoneError = null;
    capture.tracks = [];
    capture.contexts = [];
    capture.nodes = [];
    capture.getUserMedia = jest.fn(async (_constraints: MediaStreamConstraints) => {
      if (capture.microphoneError) throw capture.microphoneError;
      const tracks = [new FakeTrack()];
      capture.tracks.push(...tracks);
      return { getTracks: () => tracks };
    });
    replace(navigator, 'mediaDevices', {
      getUserMedia: (constraints: MediaStreamConstraints) => capture.getUserMedia(constraints),
    });
    replace(window, 'AudioContext', FakeAudioContext);
    replace(window, 'AudioWorkletNode', FakeAudioWorkletNode);
  });
  afterEach(() => {
    for (const { target, key, previous } of installed.splice(0).reverse()) {
      if (previous) Object.defineProperty(target, key, previous);
      else delete (target as Record<string, unknown>)[key];
    }
  });
  return fakeAudio;
}
