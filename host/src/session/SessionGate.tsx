import type { ReactNode } from 'react';
import { FullPageSpinner, MESSAGES, useSession } from '@ewrt/shared';

/** While a stored session is being restored nothing else is shown (SHELL-02). */
export function SessionGate({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'restoring') return <FullPageSpinner tip={MESSAGES.restoringSession} />;
  return <>{children}</>;
}
