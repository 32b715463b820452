import { sessionStore } from '../session/sessionStore';
import { selectedPatientStore } from '../session/selectedPatientStore';

/** Back to a fresh page: signed out, nothing selected, empty storage, at "/". */
export function resetSharedState(): void {
  sessionStore.signOut();
  selectedPatientStore.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
}
