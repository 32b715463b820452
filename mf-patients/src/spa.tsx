// The federation contract of this remote (exposed as `./spa`): single-spa lifecycles the host mounts
// into its outlet.
import { createRemoteLifecycles } from '@ewrt/shared';
import { PatientsApp } from './app/PatientsApp';
import { areaLabel } from './routes';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  name: 'mf_patients',
  App: PatientsApp,
  areaLabel,
});
