import type { DocumentDeleteResponse } from '@ewrt/contract';
import { VECTOR_MESSAGES } from './vectorMessages';

export interface DeletionOutcome {
  kind: 'success' | 'warning';
  text: string;
}

/**
 * What the user is told after a document was deleted: a plain success, or a warning when the automatic rebuild of
 * the index that followed was performed and failed (DOC-08).
 */
export function deletionOutcome(filename: string, response: DocumentDeleteResponse): DeletionOutcome {
  const { auto_rebuild: rebuild } = response;
  if (rebuild.performed && !rebuild.success) {
    return { kind: 'warning', text: VECTOR_MESSAGES.deletedButRebuildFailed(filename, rebuild.message) };
  }
  return { kind: 'success', text: VECTOR_MESSAGES.deleted(filename) };
}
