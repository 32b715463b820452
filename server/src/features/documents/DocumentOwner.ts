/**
 * Whose documents: one patient's records (read within the patient's group), or one user's own opinion documents
 * (personal: read by that user's id alone). The kinds match the answers feature's RetrievalScope.
 */
export type DocumentOwner =
  { kind: 'patient'; patientId: number; groupId: number } | { kind: 'opinions'; userId: number };

/** The column of `documents` and `document_chunks` that names the owner, and its value. */
export function ownerColumnOf(owner: DocumentOwner): {
  column: 'patient_id' | 'owner_user_id';
  id: number;
} {
  return owner.kind === 'patient'
    ? { column: 'patient_id', id: owner.patientId }
    : { column: 'owner_user_id', id: owner.userId };
}
