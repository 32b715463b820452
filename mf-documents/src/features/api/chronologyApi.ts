// The medical chronology calls (contract `chronologyCalls`): only this remote makes them.
import type { BuildChronologyResponse, ChronologyFilter, ChronologyResponse } from '@ewrt/contract';
import { callApi } from '@ewrt/shared';
import { requestCallFile, type ExportedFile } from '@ewrt/shared/kit';

/** The filter as query parameters, leaving out the ones not set. */
function filterQuery(filter: ChronologyFilter): ChronologyFilter {
  const query: ChronologyFilter = {};
  for (const key of ['from', 'to', 'kind', 'q'] as const) {
    const value = filter[key];
    if (value !== undefined && value !== '') query[key] = value;
  }
  return query;
}

/** The patient's chronology (its state, the build job and the events that pass the filter). */
export function getChronology(
  patientId: number,
  filter: ChronologyFilter,
  signal?: AbortSignal,
): Promise<ChronologyResponse> {
  return callApi('getChronology', { params: { id: patientId }, query: filterQuery(filter) }, { signal });
}

/** Starts building (or rebuilding) the chronology as a background job. */
export function buildChronology(patientId: number): Promise<BuildChronologyResponse> {
  return callApi('buildChronology', { params: { id: patientId } });
}

/** The filtered chronology as a .docx table, named by the server after the patient and the date. */
export function exportChronology(patientId: number, filter: ChronologyFilter): Promise<ExportedFile> {
  return requestCallFile(
    'exportChronology',
    { params: { id: patientId }, query: filterQuery(filter) },
    `patient_${patientId}_chronology.docx`,
  );
}
