import { Button, Result } from 'antd';

export interface AreaUnavailableProps {
  /** The area's name as users know it, e.g. "Patients". */
  areaLabel: string;
  /** A technical detail line, e.g. why loading failed. */
  detail?: string;
  onRetry: () => void;
}

/** The fallback when an area cannot be shown: failed remote load, no remote configured, or a crash. */
export function AreaUnavailable({ areaLabel, detail, onRetry }: AreaUnavailableProps) {
  return (
    <Result
      status="warning"
      title="This area is unavailable"
      subTitle={
        <>
          <div>{`${areaLabel} could not be loaded. Please try again in a moment.`}</div>
          {detail ? <div>{detail}</div> : null}
        </>
      }
      extra={
        <Button type="primary" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
