import { lazy, Suspense } from 'react';
import { useSession } from '@ewrt/shared';

// Loaded after sign-in, in its own chunk: nothing of it weighs on the landing page or delays the first screen.
const BackgroundJobsDropdown = lazy(() =>
  import('./BackgroundJobsDropdown').then((module) => ({ default: module.BackgroundJobsDropdown })),
);

/** The navbar's background job indicator, for a signed-in user only. */
export function JobIndicator() {
  const { status, user } = useSession();
  if (status !== 'signed-in' || !user) return null;
  return (
    <Suspense fallback={null}>
      {/* A new user starts from fresh lists. */}
      <BackgroundJobsDropdown key={user.ID_User} userId={user.ID_User} />
    </Suspense>
  );
}
