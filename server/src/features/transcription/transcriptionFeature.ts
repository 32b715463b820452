import { AUDIO_UPLOAD_MAX_BYTES } from '@ewrt/contract';
import type { FeatureModule } from '../FeatureModule.js';
import { createTranscriptionFormatter } from './createTranscriptionFormatter.js';
import { createTranscriptionPurger } from './createTranscriptionPurger.js';
import { createTranscriptionService } from './createTranscriptionService.js';
import { registerLiveTranscription } from './registerLiveTranscription.js';
import { registerTranscriptionJobHandler } from './registerTranscriptionJobHandler.js';
import { registerTranscriptionRoutes } from './registerTranscriptionRoutes.js';
import { storeAudioUpload } from './storeAudioUpload.js';

/** Live dictation over the browser's socket, uploaded audio recognised as a job, and the saved transcriptions. */
export const transcriptionFeature: FeatureModule = {
  name: 'transcription',
  // Listed before the jobs' purger: it also removes the recordings of audio jobs that have not run yet.
  purgers: ({ db, files, log }) => [createTranscriptionPurger({ db, files, log })],
  jobHandlers: ({ jobs, db, clock, files, speech }) =>
    registerTranscriptionJobHandler(jobs, { db, clock, files, speech }),
  sockets: ({ io, db, clock, users, speech, log, config }) =>
    registerLiveTranscription(io, { db, clock, users, speech, log, trustProxy: config.trustProxy }),
  routes: (scope, { db, clock, files, jobs, languageModel, speech, answerTimeoutMs }) =>
    registerTranscriptionRoutes(scope, {
      transcriptions: createTranscriptionService({ db, clock, files, ai: languageModel, speech }),
      formatter: createTranscriptionFormatter({ ai: languageModel, answerTimeoutMs }),
      uploads: {
        store: (user, parts, audit) =>
          storeAudioUpload(
            { db, files, jobs, speech, maxUploadBytes: AUDIO_UPLOAD_MAX_BYTES },
            user,
            parts,
            audit,
          ),
      },
    }),
};
