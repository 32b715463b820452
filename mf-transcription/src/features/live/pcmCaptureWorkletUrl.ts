/**
 * Where the capture worklet is served: webpack emits pcmCaptureWorklet.js as an asset beside this remote's chunks
 * and resolves this URL against the remote's public path, so it loads from the remote's origin when the host
 * mounts the screen. Kept alone in this module because jest cannot evaluate import.meta: tests replace it.
 */
export function pcmCaptureWorkletUrl(): string {
  return new URL('./pcmCaptureWorklet.js', import.meta.url).href;
}
