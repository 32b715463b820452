// The record bundle calls (contract `recordBundleCalls`): only this remote makes them.
import type { BundleStateResponse, GenerateBundleResponse } from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';

const bundlePath = (patientId: number) => `/api/patients/${encodeURIComponent(patientId)}/bundle`;

/** The processed documents in bundle order, the current bundle and the bundle job in progress. */
export async function getBundleState(patientId: number, signal?: AbortSignal): Promise<BundleStateResponse> {
  const { data } = await apiClient.get<BundleStateResponse>(bundlePath(patientId), { signal });
  return data;
}

/** Saves the order: every processed document's key once. */
export async function saveBundleOrder(
  patientId: number,
  s3Keys: readonly string[],
): Promise<BundleStateResponse> {
  const { data } = await apiClient.put<BundleStateResponse>(`${bundlePath(patientId)}/order`, {
    s3_keys: s3Keys,
  });
  return data;
}

/** Sets how the bundle's index describes a document; an empty description goes back to the one read from it. */
export async function saveBundleDescription(
  patientId: number,
  s3Key: string,
  description: string,
): Promise<BundleStateResponse> {
  const { data } = await apiClient.put<BundleStateResponse>(`${bundlePath(patientId)}/description`, {
    s3_key: s3Key,
    description,
  });
  return data;
}

/** Starts producing the bundle in the saved (or default) order as a background job. */
export async function generateBundle(patientId: number): Promise<GenerateBundleResponse> {
  const { data } = await apiClient.post<GenerateBundleResponse>(bundlePath(patientId));
  return data;
}

// The bundle's signed link opens it at a page from the page viewer too, so it lives in the shared kit.
export { getBundleDownload } from '@ewrt/shared/kit';
