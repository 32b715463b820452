// The federation contract of this remote (exposed as `./spa`): single-spa lifecycles the host mounts into its outlet.
import { createRemoteLifecycles } from '@ewrt/shared';
import { __COMPONENT__ } from './app/__COMPONENT__';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  name: '__CONTAINER__',
  App: __COMPONENT__,
});
