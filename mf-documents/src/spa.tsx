// The federation contract of this remote (exposed as `./spa`): single-spa lifecycles the host mounts into its outlet.
import { createRemoteLifecycles } from '@ewrt/shared';
import { DocumentsApp } from './app/DocumentsApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  name: 'mf_documents',
  App: DocumentsApp,
});
