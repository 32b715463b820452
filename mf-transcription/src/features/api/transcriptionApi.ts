// The transcription calls of part 3 §7. Live audio goes over the socket (features/live), not through here.
import type {
  AudioUploadResponse,
  CompleteTranscriptionRequest,
  CompleteTranscriptionResponse,
  MessageResponse,
  MyWordsResponse,
  SaveTranscriptionRequest,
  SaveTranscriptionResponse,
  SummarizeRequest,
  SummarizeResponse,
  Transcription,
  TranscriptionResponse,
  TranscriptionsResponse,
  TranscriptionStatusResponse,
  TranscriptionType,
  TranscriptionTypesResponse,
  UpdateDateOfEventResponse,
} from '@ewrt/contract';
import { AUDIO_UPLOAD_TIMEOUT_MS, consultationTypeOf } from '@ewrt/contract/limits';
import { apiClient, type Patient } from '@ewrt/shared';
import { requestFile, type ExportedFile } from '@ewrt/shared/kit';

export async function getTranscriptionTypes(): Promise<TranscriptionType[]> {
  const { data } = await apiClient.get<TranscriptionTypesResponse>('/api/transcription/types');
  return data.transcription_types;
}

export async function getTranscriptionStatus(): Promise<TranscriptionStatusResponse> {
  const { data } = await apiClient.get<TranscriptionStatusResponse>('/api/transcription/status');
  return data;
}

export async function listIncompleteTranscriptions(patientId: number): Promise<Transcription[]> {
  const { data } = await apiClient.get<TranscriptionsResponse>(
    `/api/transcription/patient/${patientId}/incomplete`,
  );
  return data.transcriptions;
}

export async function listTranscriptions(patientId: number): Promise<Transcription[]> {
  const { data } = await apiClient.get<TranscriptionsResponse>(
    `/api/transcription/patient/${patientId}/list`,
  );
  return data.transcriptions;
}

export async function getTranscription(transcriptionId: number): Promise<Transcription> {
  const { data } = await apiClient.get<TranscriptionResponse>(`/api/transcription/${transcriptionId}`);
  return data.transcription;
}

export async function saveTranscription(
  request: SaveTranscriptionRequest,
): Promise<SaveTranscriptionResponse> {
  const { data } = await apiClient.post<SaveTranscriptionResponse>('/api/transcription/save', request);
  return data;
}

/** The signed-in user's own words for the recogniser. */
export async function getMyWords(): Promise<string[]> {
  const { data } = await apiClient.get<MyWordsResponse>('/api/transcription/my-words');
  return data.words;
}

/** Replaces the user's own words; answers them as stored (trimmed, without repeats). */
export async function saveMyWords(words: string[]): Promise<string[]> {
  const { data } = await apiClient.put<MyWordsResponse>('/api/transcription/my-words', { words });
  return data.words;
}

/** Formats the text by the type's consultation kind (§7: outpatient, medicolegal or opinion; outpatient by default). */
export async function summarizeTranscription(
  typeText: string | null | undefined,
  request: SummarizeRequest,
): Promise<SummarizeResponse> {
  const { data } = await apiClient.post<SummarizeResponse>(
    `/api/bedrock/summarize-${consultationTypeOf(typeText)}`,
    request,
  );
  return data;
}

export async function completeTranscription(
  request: CompleteTranscriptionRequest,
): Promise<CompleteTranscriptionResponse> {
  const { data } = await apiClient.post<CompleteTranscriptionResponse>(
    '/api/transcription/complete-llm',
    request,
  );
  return data;
}

/** The transcription fields the download needs: a listed transcription, or what complete-llm answered. */
export type DownloadableTranscription = Pick<Transcription, 'ID_Transcription' | 'S3_Link' | 'filename'>;

/** The stored Word document of a completed transcription, or one written from the text of any other (§7). */
export function downloadTranscription(transcription: DownloadableTranscription): Promise<ExportedFile> {
  const fallbackName = transcription.filename ?? `transcription_${transcription.ID_Transcription}.docx`;
  return transcription.S3_Link
    ? requestFile(
        { url: `/api/transcription/download?s3Link=${encodeURIComponent(transcription.S3_Link)}` },
        fallbackName,
      )
    : requestFile({ url: `/api/transcription/download/${transcription.ID_Transcription}` }, fallbackName);
}

export async function uploadAudio(
  file: File,
  patientId: number,
  transcriptionTypeId: number,
  onProgress: (percent: number) => void,
): Promise<AudioUploadResponse> {
  const form = new FormData();
  form.append('patient_id', String(patientId));
  form.append('transcription_type_id', String(transcriptionTypeId));
  form.append('audio_file', file);
  const { data } = await apiClient.post<AudioUploadResponse>('/api/transcription/upload-audio', form, {
    timeout: AUDIO_UPLOAD_TIMEOUT_MS,
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return data;
}

export async function deleteTranscription(transcriptionId: number): Promise<MessageResponse> {
  const { data } = await apiClient.delete<MessageResponse>(`/api/transcription/${transcriptionId}`);
  return data;
}

/** The patient's Date of Event (ISO date, or null to clear it), as the upload screen's sidebar edits it. */
export async function updateDateOfEvent(patientId: number, dateOfEvent: string | null): Promise<Patient> {
  const { data } = await apiClient.put<UpdateDateOfEventResponse>(
    `/api/patients/${patientId}/update-date-of-event`,
    { DateofEvent: dateOfEvent },
  );
  return data.patient;
}
