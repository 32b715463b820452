// The federation contract of this remote (exposed as `./spa`): single-spa lifecycles the host mounts into its outlet.
import { createRemoteLifecycles } from '@ewrt/shared';
import { TranscriptionApp } from './app/TranscriptionApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  name: 'mf_transcription',
  App: TranscriptionApp,
});
