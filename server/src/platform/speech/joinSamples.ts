/** Pieces of audio, one after another, as one run of samples. */
export function joinSamples(parts: readonly Int16Array[]): Int16Array {
  const joined = new Int16Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
