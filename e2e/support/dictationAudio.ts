// The microphone of the dictation flows: Chromium plays a WAV file as its fake capture device. The speech is real
// recorded speech from Debian's pocketsphinx-testdata ("go forward ten meters"; synthetic speech is not recognised),
// padded with silence on both sides so that the utterance ends with a pause (the file loops).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs';
import { GO_FORWARD_TEXT, rawSpeechInput } from '../../server/test/support/audioSamples';

export const DICTATED_WORDS = GO_FORWARD_TEXT;

/** Writes (once per run) the padded 44.1 kHz mono WAV Chromium plays, and answers its path. */
export function dictationWav(): string {
  const directory = path.join(os.tmpdir(), 'ewrt-e2e-audio');
  const wav = path.join(directory, 'dictation.wav');
  if (existsSync(wav)) return wav;
  mkdirSync(directory, { recursive: true });
  execFileSync(
    'ffmpeg',
    [
      '-loglevel',
      'error',
      '-y',
      ...rawSpeechInput(),
      '-af',
      'adelay=1500,apad=pad_dur=4',
      '-ar',
      '44100',
      '-ac',
      '1',
      wav,
    ],
    { stdio: 'inherit' },
  );
  return wav;
}

/** Chromium's launch options with the dictation played as the microphone (and the permission prompt answered). */
export function dictationLaunchOptions() {
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${dictationWav()}`,
    ],
  };
}
