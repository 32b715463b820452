// The record bundle calls (contract `recordBundleCalls`): only this remote makes them.
import type { BundleStateResponse, GenerateBundleResponse } from '@ewrt/contract';
import { callApi } from '@ewrt/shared';

/** The processed documents in bundle order, the current bundle and the bundle job in progress. */
export function getBundleState(patientId: number, signal?: AbortSignal): Promise<BundleStateResponse> {
  return callApi('getBundle', { params: { id: patientId } }, { signal });
}

/** Saves the order: every processed document's key once. */
export function saveBundleOrder(patientId: number, s3Keys: readonly string[]): Promise<BundleStateResponse> {
  return callApi('saveBundleOrder', { params: { id: patientId }, body: { s3_keys: [...s3Keys] } });
}

/** Sets how the bundle's index describes a document; an empty description goes back to the one read from it. */
export function saveBundleDescription(
  patientId: number,
  s3Key: string,
  description: string,
): Promise<BundleStateResponse> {
  return callApi('saveBundleDescription', {
    params: { id: patientId },
    body: { s3_key: s3Key, description },
  });
}

/** Starts producing the bundle in the saved (or default) order as a background job. */
export function generateBundle(patientId: number): Promise<GenerateBundleResponse> {
  return callApi('generateBundle', { params: { id: patientId } });
}

// The bundle's signed link opens it at a page from the page viewer too, so it lives in the shared kit.
export { getBundleDownload } from '@ewrt/shared/kit';
