// The medical chronology calls (contract `chronologyCalls`): only this remote makes them.
import type { BuildChronologyResponse, ChronologyFilter, ChronologyResponse } from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';
import type { ExportedFile } from '@ewrt/shared/kit';
import { downloadExport } from './conversationApi';

const chronologyPath = (patientId: number) => `/api/patients/${encodeURIComponent(patientId)}/chronology`;

/** The filter as query parameters, leaving out the ones not set. */
function filterParams(filter: ChronologyFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['from', 'to', 'kind', 'q'] as const) {
    const value = filter[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  return params;
}

function withFilter(path: string, filter: ChronologyFilter): string {
  const query = filterParams(filter).toString();
  return query === '' ? path : `${path}?${query}`;
}

/** The patient's chronology (its state, the build job and the events that pass the filter). */
export async function getChronology(
  patientId: number,
  filter: ChronologyFilter,
  signal?: AbortSignal,
): Promise<ChronologyResponse> {
  const { data } = await apiClient.get<ChronologyResponse>(withFilter(chronologyPath(patientId), filter), {
    signal,
  });
  return data;
}

/** Starts building (or rebuilding) the chronology as a background job. */
export async function buildChronology(patientId: number): Promise<BuildChronologyResponse> {
  const { data } = await apiClient.post<BuildChronologyResponse>(`${chronologyPath(patientId)}/build`);
  return data;
}

/** The filtered chronology as a .docx table, named by the server after the patient and the date. */
export function exportChronology(patientId: number, filter: ChronologyFilter): Promise<ExportedFile> {
  return downloadExport(
    withFilter(`${chronologyPath(patientId)}/export`, filter),
    `patient_${patientId}_chronology.docx`,
  );
}
