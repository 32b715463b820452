import { sessionStore } from '../session/sessionStore';
import { selectedPatientStore } from '../session/selectedPatientStore';

/** Back to a fresh page: signed out, nothing selected, empty storage, at "/". */
export function resetSharedState(): void {
  // Forgotten locally, as the 401 rule does: ending a test is not a sign-out the API should hear of.
  sessionStore.expire();
  selectedPatientStore.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
}
