import { Spin } from 'antd';

/** A centred spinner with a caption, e.g. 'Restoring your session...'. */
export function FullPageSpinner({ tip }: { tip?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
      }}
    >
      <Spin size="large" />
      {tip ? <div>{tip}</div> : null}
    </div>
  );
}
