/** The card's message for a job that failed (DOC-04): worker crashes are told apart from other failures. */
export function jobFailureMessage(errorMessage: string | null | undefined): string {
  const text = (errorMessage ?? '').toLowerCase();
  return text.includes('crashed') || text.includes('no activity')
    ? 'Processing crashed (worker error)'
    : 'Background processing failed';
}
