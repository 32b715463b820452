import { lazy, Suspense } from 'react';

// The spinner is shown while a session is restored or a screen loads, never on a cold landing page:
// loaded when first shown, so that pages which never show it do not download antd's Spin.
const LargeSpin = lazy(() => import('./LargeSpin').then((module) => ({ default: module.LargeSpin })));

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
      <Suspense fallback={<div style={{ height: 32 }} />}>
        <LargeSpin />
      </Suspense>
      {tip ? <div>{tip}</div> : null}
    </div>
  );
}
