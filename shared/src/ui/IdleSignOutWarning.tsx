import { lazy, Suspense } from 'react';
import type { IdleSignOutWarningProps } from './IdleSignOutWarningModal';

// Loaded once a user has signed in: shared is one module in every bundle, and the idle timer with its warning has no
// place on the landing page's budget.
const IdleSignOutWarningModal = lazy(() =>
  import('./IdleSignOutWarningModal').then((module) => ({ default: module.IdleSignOutWarningModal })),
);

/**
 * Signs the user out after the configured time without activity in any tab, and a minute before asks whether to
 * stay signed in. Mount it once in the signed-in shell.
 */
export function IdleSignOutWarning(props: IdleSignOutWarningProps) {
  return (
    <Suspense fallback={null}>
      <IdleSignOutWarningModal {...props} />
    </Suspense>
  );
}
