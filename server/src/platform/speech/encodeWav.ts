import { endianness } from 'node:os';

const HEADER_BYTES = 44;

/** A canonical RIFF/WAVE file of mono 16-bit PCM: what a transcription endpoint accepts from anyone. */
export function encodeWav(samples: Int16Array, sampleRate: number): Buffer {
  const dataBytes = samples.length * 2;
  const wav = Buffer.alloc(HEADER_BYTES + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(HEADER_BYTES - 8 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // bytes per frame
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  const pcm = Buffer.from(samples.buffer, samples.byteOffset, dataBytes);
  pcm.copy(wav, HEADER_BYTES);
  if (endianness() !== 'LE') wav.subarray(HEADER_BYTES).swap16();
  return wav;
}
