import { start, triggerAppChange } from 'single-spa';
import { selectedPatientStore, sessionStore, type RemoteConfig } from '@ewrt/shared';
import { registerFederatedRemotes } from './loadRemoteSpa';
import { registerRemoteApplications } from './remoteApplications';

let singleSpaStarted = false;

/**
 * Registers the configured remotes with the federation runtime and single-spa (nothing is fetched
 * yet) and starts single-spa. A remote's activeWhen depends on the session and the selected patient,
 * not only on the URL, so every change of either makes single-spa re-evaluate. Returns a function
 * that stops listening to the stores.
 */
export function startComposition(remotes: readonly RemoteConfig[]): () => void {
  registerFederatedRemotes(remotes);
  registerRemoteApplications(remotes);
  const reevaluate = () => {
    void triggerAppChange();
  };
  const unsubscribers = [sessionStore.subscribe(reevaluate), selectedPatientStore.subscribe(reevaluate)];
  // single-spa refuses a second start(); later calls (tests, a re-read configuration) only re-evaluate.
  if (singleSpaStarted) reevaluate();
  else {
    singleSpaStarted = true;
    start({ urlRerouteOnly: true });
  }
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
