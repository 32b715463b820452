import { useCallback, useState } from 'react';
import { Spin } from 'antd';
import { AreaUnavailable, type AreaName, type RemoteConfig } from '@ewrt/shared';
import { AREA_LABELS } from './areaLabels';
import { setOutletElement } from './outletElement';
import { useRemoteStatus } from './remoteStatusStore';

export interface AreaOutletProps {
  /** The area of the route being shown (from the route table). */
  area: AreaName;
  /** The configured remote that owns the path, or null when the area is not deployed. */
  remote: RemoteConfig | null;
  onRetryRemote: (remoteName: string) => Promise<void>;
  onRetryMissing: () => Promise<void>;
}

/**
 * Where remotes appear. The outlet element is always rendered (single-spa mounts the owning remote
 * into it); a spinner or the "area unavailable" fallback is shown beside it when loading is under way
 * or failed, or when no remote owns the area.
 */
export function AreaOutlet({ area, remote, onRetryRemote, onRetryMissing }: AreaOutletProps) {
  const status = useRemoteStatus(remote?.name ?? null);
  const [retryingMissing, setRetryingMissing] = useState(false);
  const [missingDetail, setMissingDetail] = useState<string | null>(null);
  const areaLabel = AREA_LABELS[area];

  const retryMissing = useCallback(() => {
    setRetryingMissing(true);
    onRetryMissing()
      .then(() => setMissingDetail(null))
      .catch((error: unknown) => setMissingDetail(error instanceof Error ? error.message : String(error)))
      .finally(() => setRetryingMissing(false));
  }, [onRetryMissing]);

  let overlay: React.ReactNode = null;
  if (!remote) {
    overlay = retryingMissing ? (
      <Spin size="large" tip={`Loading ${areaLabel}...`}>
        <div className="area-outlet__placeholder" />
      </Spin>
    ) : (
      <AreaUnavailable
        areaLabel={areaLabel}
        detail={missingDetail ?? `No ${areaLabel} module is deployed in this installation yet.`}
        onRetry={retryMissing}
      />
    );
  } else if (status.state === 'failed') {
    overlay = (
      <AreaUnavailable
        areaLabel={areaLabel}
        detail={status.detail}
        onRetry={() => {
          void onRetryRemote(remote.name);
        }}
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

  const outletHidden = !remote || status.state === 'failed';
  return (
    <section className="area-outlet" aria-label={areaLabel}>
      {overlay}
      <div
        ref={setOutletElement}
        className="area-outlet__remote"
        data-testid="area-outlet"
        hidden={outletHidden}
      />
    </section>
  );
}
