import type { SpeechSettings } from '../../config/loadConfig.js';
import { SpeechUnavailableError, type SpeechRecognizer } from './SpeechRecognizer.js';

/** The recogniser the settings ask for. Ground only: the speech helper builds pocketsphinx and the endpoint. */
export function createSpeechRecognizer(settings: SpeechSettings): SpeechRecognizer {
  const availability = {
    available: false,
    name: settings.engine,
    message: 'Speech recognition is not available yet',
    installCommand: null,
    onServer: true,
  };
  return {
    availability: () => availability,
    startLive() {
      throw new SpeechUnavailableError(availability.message);
    },
    transcribeFile() {
      return Promise.reject(new SpeechUnavailableError(availability.message));
    },
    close: () => Promise.resolve(),
  };
}
