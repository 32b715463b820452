import { endianness } from 'node:os';

/** The largest audio_data accepted: 16 times the browser's 4096-sample chunk (8 KB). */
export const LIVE_AUDIO_MAX_CHUNK_BYTES = 64 * 1024;

const LITTLE_ENDIAN_HOST = endianness() === 'LE';

/**
 * The mono 16-bit little-endian samples of one audio_data message (socket.io hands binary over as a Buffer; an
 * ArrayBuffer or typed array is taken too), or null when the message is not binary. A trailing odd byte is not a
 * sample and is dropped.
 */
export function liveAudioSamples(data: unknown): Int16Array | null {
  let bytes: Uint8Array;
  if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
  else if (ArrayBuffer.isView(data)) bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  else return null;
  const count = Math.floor(bytes.byteLength / 2);
  if (!LITTLE_ENDIAN_HOST) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
    return Int16Array.from({ length: count }, (_, index) => view.getInt16(index * 2, true));
  }
  // An Int16Array must start on an even byte: Buffers sliced from Node's pool often do not.
  if (bytes.byteOffset % 2 === 0) return new Int16Array(bytes.buffer, bytes.byteOffset, count);
  return new Int16Array(bytes.slice(0, count * 2).buffer);
}
