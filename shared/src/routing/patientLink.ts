const PATIENT_ID_PARAMETER = /:patientId(?=\/|$)/;

/**
 * The link to a route for a patient: ":patientId" replaced by the id, and `?patientId=<id>` added when
 * asked (screens that work on a patient without naming it in their path).
 */
export function patientLink(path: string, patientId: number, { patientQuery = false } = {}): string {
  const filled = path.replace(PATIENT_ID_PARAMETER, String(patientId));
  return patientQuery ? `${filled}?patientId=${patientId}` : filled;
}

/** True when the route's path names the patient (":patientId"). */
export function namesPatientInPath(path: string): boolean {
  return PATIENT_ID_PARAMETER.test(path);
}
