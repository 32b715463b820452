import { useCallback, useEffect, useState } from 'react';
import type { ManagedUser } from '@ewrt/contract';
import { getErrorMessage, type User } from '@ewrt/shared';
import { canViewUserDashboard, dashboardAccess } from '../access/userManagementRules';
import { getUser } from '../api/usersApi';
import { ADMIN_MESSAGES } from '../messages/adminMessages';

export type DashboardUserState =
  { status: 'loading' } | { status: 'loaded'; user: ManagedUser } | { status: 'failed'; message: string };

type LoadState = DashboardUserState & { targetId: number | null };

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** The HTTP status of a failed API call, if an answer arrived. */
function httpStatusOf(failure: unknown): number | undefined {
  if (typeof failure !== 'object' || failure === null || !('response' in failure)) return undefined;
  const response = (failure as { response?: { status?: unknown } }).response;
  return typeof response?.status === 'number' ? response.status : undefined;
}

function failureMessage(failure: unknown): string {
  const status = httpStatusOf(failure);
  if (status === 403) return ADMIN_MESSAGES.noDashboardPermission;
  if (status === 404) return ADMIN_MESSAGES.userNotFound;
  return getErrorMessage(failure, ADMIN_MESSAGES.loadUserFailed);
}

/**
 * The user whose dashboard is open: the viewer when the path names nobody. Another user is fetched only when
 * USR-08 may allow it: an ordinary user asking for someone else is refused without a call, and a group
 * admin sees a fetched user only if they share the group. A 403 or 404 from the server says the same.
 */
export function useDashboardUser(viewer: User | null, userIdParam: string | undefined) {
  const targetId =
    userIdParam === undefined
      ? (viewer?.ID_User ?? null)
      : ID_PATTERN.test(userIdParam)
        ? Number(userIdParam)
        : null;
  const access = targetId === null ? null : dashboardAccess(viewer, targetId);
  const [loaded, setLoaded] = useState<LoadState>({ status: 'loading', targetId: null });

  useEffect(() => {
    if (targetId === null || access === 'denied') return;
    let current = true;
    setLoaded({ status: 'loading', targetId });
    getUser(targetId)
      .then((user) => {
        if (current) setLoaded({ status: 'loaded', user, targetId });
      })
      .catch((failure: unknown) => {
        if (current) setLoaded({ status: 'failed', message: failureMessage(failure), targetId });
      });
    return () => {
      current = false;
    };
  }, [targetId, access]);

  const replace = useCallback(
    (user: ManagedUser) => setLoaded({ status: 'loaded', user, targetId: user.ID_User }),
    [],
  );

  let state: DashboardUserState;
  if (targetId === null) state = { status: 'failed', message: ADMIN_MESSAGES.userNotFound };
  else if (access === 'denied') state = { status: 'failed', message: ADMIN_MESSAGES.noDashboardPermission };
  else if (loaded.targetId !== targetId) state = { status: 'loading' };
  else if (loaded.status === 'loaded' && !canViewUserDashboard(viewer, loaded.user)) {
    state = { status: 'failed', message: ADMIN_MESSAGES.noDashboardPermission };
  } else state = loaded;

  return { state, ownDashboard: targetId !== null && targetId === viewer?.ID_User, replace };
}
