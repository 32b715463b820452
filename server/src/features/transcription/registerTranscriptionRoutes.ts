import multipart from '@fastify/multipart';
import { AUDIO_UPLOAD_MAX_BYTES, transcriptionCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { HttpError } from '../../http/HttpError.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import { abortSignalOfRequest } from '../conversations/abortSignalOfRequest.js';
import { sendWordDocument } from '../../platform/word/sendWordDocument.js';
import type { TranscriptionFormatter } from './createTranscriptionFormatter.js';
import type { TranscriptionService } from './createTranscriptionService.js';
import type { AudioUploads } from './storeAudioUpload.js';
import { TRANSCRIPTION_MESSAGES } from './transcriptionMessages.js';

export interface TranscriptionRouteDeps {
  transcriptions: TranscriptionService;
  formatter: TranscriptionFormatter;
  uploads: AudioUploads;
}

/** Room for the multipart envelope around the audio (boundaries, part headers, the two id fields). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * The HTTP calls of TRN-08: each route is its contract declaration, its audit declaration and
 * one service call. Audit rows name the patient and transcription, never the transcript.
 */
export async function registerTranscriptionRoutes(
  app: ApiInstance,
  deps: TranscriptionRouteDeps,
): Promise<void> {
  const { transcriptions, formatter, uploads } = deps;
  const maxUploadBytes = AUDIO_UPLOAD_MAX_BYTES;

  app.route({
    ...transcriptionCalls.getTranscriptionTypes,
    config: { audit: { action: 'transcription.type_list', resource: 'transcription' } },
    handler: (request) => transcriptions.types(currentUser(request)),
  });

  app.route({
    ...transcriptionCalls.getTranscriptionStatus,
    config: { audit: { action: 'transcription.status', resource: 'transcription' } },
    handler: (request) => transcriptions.status(currentUser(request)),
  });

  app.route({
    ...transcriptionCalls.listIncompleteTranscriptions,
    config: { audit: { action: 'transcription.list_incomplete', resource: 'patient' } },
    handler: (request) =>
      transcriptions.list(
        currentUser(request),
        request.params.id,
        { incompleteOnly: true },
        auditOf(request),
      ),
  });

  app.route({
    ...transcriptionCalls.listTranscriptions,
    config: { audit: { action: 'transcription.list', resource: 'patient' } },
    handler: (request) =>
      transcriptions.list(
        currentUser(request),
        request.params.id,
        { incompleteOnly: false },
        auditOf(request),
      ),
  });

  app.route({
    ...transcriptionCalls.downloadTranscriptionByLink,
    config: { audit: { action: 'transcription.download', resource: 'transcription' } },
    handler: async (request, reply) =>
      sendWordDocument(
        reply,
        await transcriptions.documentByKey(currentUser(request), request.query.s3Link, auditOf(request)),
      ),
  });

  app.route({
    ...transcriptionCalls.downloadTranscription,
    config: { audit: { action: 'transcription.download', resource: 'transcription' } },
    handler: async (request, reply) =>
      sendWordDocument(
        reply,
        await transcriptions.documentOfText(currentUser(request), request.params.id, auditOf(request)),
      ),
  });

  app.route({
    ...transcriptionCalls.getMyWords,
    config: { audit: { action: 'transcription.my_words_read', resource: 'transcription' } },
    handler: (request) => transcriptions.myWords(currentUser(request)),
  });

  app.route({
    ...transcriptionCalls.saveMyWords,
    config: { audit: { action: 'transcription.my_words_save', resource: 'transcription' } },
    handler: (request) =>
      transcriptions.saveMyWords(currentUser(request), request.body.words, auditOf(request)),
  });

  app.route({
    ...transcriptionCalls.getGroupWords,
    config: { audit: { action: 'transcription.group_words_read', resource: 'transcription' } },
    handler: (request) => transcriptions.groupWords(currentUser(request)),
  });

  app.route({
    ...transcriptionCalls.saveGroupWords,
    config: { audit: { action: 'transcription.group_words_save', resource: 'transcription' } },
    handler: (request) =>
      transcriptions.saveGroupWords(currentUser(request), request.body.words, auditOf(request)),
  });

  app.route({
    ...transcriptionCalls.getTranscription,
    config: { audit: { action: 'transcription.read', resource: 'transcription' } },
    handler: (request) => transcriptions.get(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...transcriptionCalls.saveTranscription,
    config: { audit: { action: 'transcription.save', resource: 'transcription' } },
    handler: (request) => transcriptions.save(currentUser(request), request.body, auditOf(request)),
  });

  app.route({
    ...transcriptionCalls.summarizeOutpatient,
    config: { audit: { action: 'transcription.summarize', resource: 'transcription' } },
    handler: (request, reply) =>
      formatter.summarize(
        currentUser(request),
        'outpatient',
        request.body,
        abortSignalOfRequest(reply),
        auditOf(request),
      ),
  });

  app.route({
    ...transcriptionCalls.summarizeMedicolegal,
    config: { audit: { action: 'transcription.summarize', resource: 'transcription' } },
    handler: (request, reply) =>
      formatter.summarize(
        currentUser(request),
        'medicolegal',
        request.body,
        abortSignalOfRequest(reply),
        auditOf(request),
      ),
  });

  app.route({
    ...transcriptionCalls.summarizeOpinion,
    config: { audit: { action: 'transcription.summarize', resource: 'transcription' } },
    handler: (request, reply) =>
      formatter.summarize(
        currentUser(request),
        'opinion',
        request.body,
        abortSignalOfRequest(reply),
        auditOf(request),
      ),
  });

  app.route({
    ...transcriptionCalls.completeTranscription,
    config: { audit: { action: 'transcription.complete', resource: 'transcription' } },
    handler: (request) => transcriptions.complete(currentUser(request), request.body, auditOf(request)),
  });

  app.route({
    ...transcriptionCalls.deleteTranscription,
    config: { audit: { action: 'transcription.delete', resource: 'transcription' } },
    handler: (request) => transcriptions.delete(currentUser(request), request.params.id, auditOf(request)),
  });

  // Multipart is parsed in the upload's own scope only, so every other route keeps taking JSON alone (the same
  // shape as the document uploads' registerUploadRoute, whose types are the documents' answers).
  await app.register(async (uploadScope) => {
    await uploadScope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: maxUploadBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
    });
    uploadScope.route({
      ...transcriptionCalls.uploadAudio,
      config: {
        audit: { action: 'transcription.upload_audio', resource: 'transcription' },
        uploadMaxBytes: maxUploadBytes,
      },
      onRequest: async (request, reply) => {
        // A declared size over the limit is refused before a byte of the body is read.
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxUploadBytes + MULTIPART_OVERHEAD_BYTES) {
          reply.header('Connection', 'close');
          throw new HttpError(413, TRANSCRIPTION_MESSAGES.audioTooLarge);
        }
      },
      handler: async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(415, TRANSCRIPTION_MESSAGES.notMultipart);
        const answer = await uploads.store(currentUser(request), request.parts(), auditOf(request));
        return reply.status(202).send(answer);
      },
    });
  });
}
