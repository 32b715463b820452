// The transcription calls. Live audio goes over the socket (features/live), not through here.
import type {
  GroupWordsResponse,
  AudioUploadResponse,
  CompleteTranscriptionRequest,
  CompleteTranscriptionResponse,
  MessageResponse,
  SaveTranscriptionRequest,
  SaveTranscriptionResponse,
  SummarizeRequest,
  SummarizeResponse,
  Transcription,
  TranscriptionStatusResponse,
  TranscriptionType,
} from '@ewrt/contract';
import { AUDIO_UPLOAD_TIMEOUT_MS, consultationTypeOf, type ConsultationType } from '@ewrt/contract/limits';
import { callApi, callPath, type Patient } from '@ewrt/shared';
import { requestFile, type ExportedFile } from '@ewrt/shared/kit';

export async function getTranscriptionTypes(): Promise<TranscriptionType[]> {
  return (await callApi('getTranscriptionTypes')).transcription_types;
}

export function getTranscriptionStatus(): Promise<TranscriptionStatusResponse> {
  return callApi('getTranscriptionStatus');
}

export async function listIncompleteTranscriptions(patientId: number): Promise<Transcription[]> {
  return (await callApi('listIncompleteTranscriptions', { params: { id: patientId } })).transcriptions;
}

export async function listTranscriptions(patientId: number): Promise<Transcription[]> {
  return (await callApi('listTranscriptions', { params: { id: patientId } })).transcriptions;
}

export async function getTranscription(transcriptionId: number): Promise<Transcription> {
  return (await callApi('getTranscription', { params: { id: transcriptionId } })).transcription;
}

export function saveTranscription(request: SaveTranscriptionRequest): Promise<SaveTranscriptionResponse> {
  return callApi('saveTranscription', { body: request });
}

/** The signed-in user's own words for the recogniser. */
export async function getMyWords(): Promise<string[]> {
  return (await callApi('getMyWords')).words;
}

/** Replaces the user's own words; answers them as stored (trimmed, without repeats). */
export async function saveMyWords(words: string[]): Promise<string[]> {
  return (await callApi('saveMyWords', { body: { words } })).words;
}

/** The words of the user's group for the recogniser, its name, and whether this user may change them. */
export function getGroupWords(): Promise<GroupWordsResponse> {
  return callApi('getGroupWords');
}

/** Replaces the group's words (its administrators only); answers them as stored. */
export async function saveGroupWords(words: string[]): Promise<string[]> {
  return (await callApi('saveGroupWords', { body: { words } })).words;
}

/** The summarising call of each consultation kind. */
const SUMMARIZE_CALLS = {
  outpatient: 'summarizeOutpatient',
  medicolegal: 'summarizeMedicolegal',
  opinion: 'summarizeOpinion',
} as const satisfies Record<ConsultationType, string>;

/** Formats the text by the type's consultation kind (outpatient, medicolegal or opinion; outpatient by default). */
export function summarizeTranscription(
  typeText: string | null | undefined,
  request: SummarizeRequest,
): Promise<SummarizeResponse> {
  return callApi(SUMMARIZE_CALLS[consultationTypeOf(typeText)], { body: request });
}

export function completeTranscription(
  request: CompleteTranscriptionRequest,
): Promise<CompleteTranscriptionResponse> {
  return callApi('completeTranscription', { body: request });
}

/** The transcription fields the download needs: a listed transcription, or what complete-llm answered. */
export type DownloadableTranscription = Pick<Transcription, 'ID_Transcription' | 'S3_Link' | 'filename'>;

/** The stored Word document of a completed transcription, or one written from the text of any other. */
export function downloadTranscription(transcription: DownloadableTranscription): Promise<ExportedFile> {
  const fallbackName = transcription.filename ?? `transcription_${transcription.ID_Transcription}.docx`;
  const url = transcription.S3_Link
    ? `${callPath('downloadTranscriptionByLink')}?s3Link=${encodeURIComponent(transcription.S3_Link)}`
    : callPath('downloadTranscription', { id: transcription.ID_Transcription });
  return requestFile({ url }, fallbackName);
}

export function uploadAudio(
  file: File,
  patientId: number,
  transcriptionTypeId: number,
  onProgress: (percent: number) => void,
): Promise<AudioUploadResponse> {
  const form = new FormData();
  form.append('patient_id', String(patientId));
  form.append('transcription_type_id', String(transcriptionTypeId));
  form.append('audio_file', file);
  return callApi(
    'uploadAudio',
    { form },
    {
      timeout: AUDIO_UPLOAD_TIMEOUT_MS,
      onUploadProgress: (event) => {
        if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
      },
    },
  );
}

export function deleteTranscription(transcriptionId: number): Promise<MessageResponse> {
  return callApi('deleteTranscription', { params: { id: transcriptionId } });
}

/** The patient's Date of Event (ISO date, or null to clear it), as the upload screen's sidebar edits it. */
export async function updateDateOfEvent(patientId: number, dateOfEvent: string | null): Promise<Patient> {
  return (
    await callApi('updateDateOfEvent', { params: { id: patientId }, body: { DateofEvent: dateOfEvent } })
  ).patient;
}
