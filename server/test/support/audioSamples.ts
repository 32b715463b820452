// Real recorded speech for the transcription tests: Debian's pocketsphinx-testdata (synthetic speech is not
// recognised), turned into the upload formats with ffmpeg, and audio uploads sent the way the browser sends them.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from './testServer.js';

const run = promisify(execFile);

/** 16 kHz mono s16le: "go forward ten meters", about 2.8 s. */
export const GO_FORWARD_RAW = '/usr/share/pocketsphinx/test/data/goforward.raw';
export const GO_FORWARD_TEXT = 'go forward ten meters';

/** ffmpeg's input options for a recording in that form (16 kHz mono s16le, no header to say so). */
export function rawSpeechInput(rawPath = GO_FORWARD_RAW): string[] {
  return ['-f', 's16le', '-ar', '16000', '-ac', '1', '-i', rawPath];
}

/**
 * The recording encoded as `format` (wav, mp3, ogg, …) by ffmpeg, played `repeats` times in a row (a longer
 * dictation for tests that need recognition to take a while).
 */
export async function encodedSpeech(format: string, repeats = 1): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ewrt-audio-'));
  try {
    const output = path.join(folder, `speech.${format}`);
    await run(
      'ffmpeg',
      ['-loglevel', 'error', '-stream_loop', String(repeats - 1), ...rawSpeechInput(), output],
      { timeout: 60_000 },
    );
    return await readFile(output);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A multipart body as the upload screen's FormData sends it: the fields in order, then `audio_file`. */
export function audioMultipart(
  fields: [string, string][],
  file: { filename: string; content: Buffer; contentType?: string } | null,
  boundary = 'ewrt-audio-boundary',
) {
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="audio_file"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/transcription/upload-audio with patient_id, transcription_type_id, then the file. */
export function uploadAudio(
  server: TestServer,
  token: string,
  ids: { patientId: number; typeId: number },
  file: { filename: string; content: Buffer; contentType?: string },
) {
  const { body, contentType } = audioMultipart(
    [
      ['patient_id', String(ids.patientId)],
      ['transcription_type_id', String(ids.typeId)],
    ],
    file,
  );
  return server.app.inject({
    method: 'POST',
    url: '/api/transcription/upload-audio',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
}
