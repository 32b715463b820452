// The federation contract of this remote (exposed as `./spa`): single-spa lifecycles the host mounts into its outlet.
import { createRemoteLifecycles } from '@ewrt/shared';
import { ReportsApp } from './app/ReportsApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  name: 'mf_reports',
  App: ReportsApp,
});
