import { Spin } from 'antd';
import { AreaUnavailable, type RemoteConfig } from '@ewrt/shared';
import { setOutletElement } from './outletElement';
import { useRemoteStatus } from './remoteStatusStore';

export interface AreaOutletProps {
  /** The configured remote that declares the route being shown. */
  remote: RemoteConfig;
  onRetryRemote: (remoteName: string) => Promise<void>;
}

/**
 * Where remotes appear. The outlet element is always rendered (single-spa mounts the owning remote
 * into it); a spinner or the "area unavailable" fallback is shown beside it while loading is under way
 * or after it failed.
 */
export function AreaOutlet({ remote, onRetryRemote }: AreaOutletProps) {
  const status = useRemoteStatus(remote.name);
  const { areaLabel } = remote;

  let overlay: React.ReactNode = null;
  if (status.state === 'failed') {
    overlay = (
      <AreaUnavailable
        areaLabel={areaLabel}
        detail={status.detail}
        onRetry={
          status.retryable
            ? () => {
                void onRetryRemote(remote.name);
              }
            : undefined
        }
      />
    );
  } else if (status.state === 'loading') {
    overlay = (
      <div className="area-outlet__loading" role="status" aria-live="polite">
        <Spin size="large" />
        <span>{`Loading ${areaLabel}...`}</span>
      </div>
    );
  }

  return (
    <section className="area-outlet" aria-label={areaLabel}>
      {overlay}
      <div
        ref={setOutletElement}
        className="area-outlet__remote"
        data-testid="area-outlet"
        hidden={status.state === 'failed'}
      />
    </section>
  );
}
