/** Whose index a question is asked of: one patient's records, or one user's own opinion documents. */
export type RetrievalScope = { kind: 'patient'; patientId: number } | { kind: 'opinions'; userId: number };
