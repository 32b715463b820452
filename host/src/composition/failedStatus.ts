import { describeLoadFailure } from './describeLoadFailure';
import { RemoteRefusedError } from './loadRemoteSpa';
import type { RemoteStatus } from './remoteStatusStore';

/**
 * The outlet's status after a remote failed: what went wrong, and whether Retry can help. A remote refused for the
 * versions it was built against stays refused until it is redeployed, so the fallback offers no Retry for it.
 */
export function failedStatus(error: unknown): RemoteStatus {
  return {
    state: 'failed',
    detail: describeLoadFailure(error),
    retryable: !(error instanceof RemoteRefusedError),
  };
}
