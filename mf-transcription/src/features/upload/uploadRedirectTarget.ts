/**
 * Where the screen goes once the upload is queued: the server's redirect_to when it is a path of this application
 * (one slash, no scheme or host, so an answer can never send the user to another site), else the patient's job list
 * (TRN-06).
 */
export function uploadRedirectTarget(redirectTo: string | null | undefined, patientId: number): string {
  const target = redirectTo?.trim() ?? '';
  const isAppPath = target.startsWith('/') && !target.startsWith('//') && !target.includes('\\');
  return isAppPath ? target : `/patient/${patientId}/jobs`;
}
