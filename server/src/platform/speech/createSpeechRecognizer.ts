import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { SpeechSettings } from '../../config/loadConfig.js';
import { createOpenAiSpeechRecognizer } from './createOpenAiSpeechRecognizer.js';
import { createPocketsphinxRecognizer } from './createPocketsphinxRecognizer.js';
import {
  SpeechUnavailableError,
  type SpeechAvailability,
  type SpeechRecognizer,
} from './SpeechRecognizer.js';

export const POCKETSPHINX_NAME = 'pocketsphinx (offline, on this server)';
export const SPEECH_INSTALL_COMMAND =
  'sudo apt-get install pocketsphinx pocketsphinx-en-us python3-pocketsphinx ffmpeg';
export const FFMPEG_INSTALL_COMMAND = 'sudo apt-get install ffmpeg';
export const SPEECH_NOT_INSTALLED_MESSAGE = 'Speech recognition is not installed on the server';
export const SPEECH_TURNED_OFF_MESSAGE =
  'Speech recognition is turned off on this server (SPEECH_RECOGNIZER=off)';
const SPEECH_READY_MESSAGE = 'Speech recognition is available';
const FILES_NEED_FFMPEG_MESSAGE =
  'Live dictation works; uploaded audio files cannot be read until ffmpeg is installed';

/** Debian's pocketsphinx-en-us: the acoustic model, the language model and the pronunciation dictionary. */
export const POCKETSPHINX_MODEL_FILES = [
  '/usr/share/pocketsphinx/model/en-us/en-us',
  '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
  '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
];
/** Importing the module takes about 40 ms; a python3 that hangs is not one to recognise with. */
const PROBE_TIMEOUT_MS = 5000;

/** What each python3 answered, once per process: several servers started in one process need not ask again. */
const importsByPython = new Map<string, boolean>();

function pocketsphinxImports(python3Command: string | null): boolean {
  if (!python3Command) return false;
  const known = importsByPython.get(python3Command);
  if (known !== undefined) return known;
  const probe = spawnSync(python3Command, ['-c', 'import pocketsphinx'], {
    stdio: 'ignore',
    timeout: PROBE_TIMEOUT_MS,
  });
  importsByPython.set(python3Command, probe.status === 0);
  return probe.status === 0;
}

/** A recogniser that cannot run: it says why, and refuses every stream and file with that. */
function createUnavailableRecognizer(availability: SpeechAvailability): SpeechRecognizer {
  const refusal = () => new SpeechUnavailableError(availability.message, availability.installCommand);
  return {
    availability: () => availability,
    startLive() {
      throw refusal();
    },
    transcribeFile: () => Promise.reject(refusal()),
    close: () => Promise.resolve(),
  };
}

/**
 * The recogniser the settings ask for. pocketsphinx is probed once, here (python3 importing it, the en-us model on
 * disk, ffmpeg on the PATH): when it is missing the server still starts, and says what to install.
 */
export function createSpeechRecognizer(settings: SpeechSettings): SpeechRecognizer {
  if (settings.engine === 'off') {
    return createUnavailableRecognizer({
      available: false,
      name: POCKETSPHINX_NAME,
      message: SPEECH_TURNED_OFF_MESSAGE,
      installCommand: null,
      onServer: true,
      readsFiles: false,
    });
  }
  if (settings.engine === 'openai') {
    if (!settings.openAi) throw new Error('SPEECH_RECOGNIZER openai needs SPEECH_BASE_URL and SPEECH_MODEL');
    return createOpenAiSpeechRecognizer({
      endpoint: settings.openAi,
      ffmpegCommand: settings.ffmpegCommand,
      maxLiveStreams: settings.maxLiveStreams,
      installCommand: FFMPEG_INSTALL_COMMAND,
    });
  }
  const installed =
    pocketsphinxImports(settings.python3Command) &&
    POCKETSPHINX_MODEL_FILES.every((file) => existsSync(file));
  if (!installed || !settings.python3Command) {
    return createUnavailableRecognizer({
      available: false,
      name: POCKETSPHINX_NAME,
      message: SPEECH_NOT_INSTALLED_MESSAGE,
      installCommand: SPEECH_INSTALL_COMMAND,
      onServer: true,
      readsFiles: false,
    });
  }
  return createPocketsphinxRecognizer({
    availability: {
      available: true,
      name: POCKETSPHINX_NAME,
      message: settings.ffmpegCommand ? SPEECH_READY_MESSAGE : FILES_NEED_FFMPEG_MESSAGE,
      installCommand: settings.ffmpegCommand ? null : SPEECH_INSTALL_COMMAND,
      onServer: true,
      readsFiles: settings.ffmpegCommand !== null,
    },
    python3Command: settings.python3Command,
    ffmpegCommand: settings.ffmpegCommand,
    maxLiveStreams: settings.maxLiveStreams,
    installCommand: SPEECH_INSTALL_COMMAND,
    languageModel: settings.languageModel,
  });
}
