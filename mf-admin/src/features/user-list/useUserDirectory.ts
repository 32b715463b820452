import { useCallback, useEffect, useRef, useState } from 'react';
import type { AccessLevel, Group, ManagedUser } from '@ewrt/contract';
import { ACCESS_LEVELS, getErrorMessage, type User } from '@ewrt/shared';
import { canAdministerEverything } from '../access/userManagementRules';
import { listAccessLevels, listGroups, listUsers } from '../api/usersApi';
import { ADMIN_MESSAGES } from '../messages/adminMessages';

// The suite's own table of levels (README "Access levels"), which the server seeds: the level choice still
// works if the list cannot be fetched.
const KNOWN_ACCESS_LEVELS: AccessLevel[] = ACCESS_LEVELS.map((level) => ({
  ID_Access_level: level.id,
  txt_access_level: level.label,
}));

export interface UserDirectory {
  users: ManagedUser[];
  loading: boolean;
  /** Why the users could not be loaded (the server's message when it gave one). */
  error: string | null;
  /** Every group; loaded for administrators only (everybody else manages their own group). */
  groups: Group[];
  groupsError: string | null;
  accessLevels: AccessLevel[];
  reloadUsers: () => Promise<void>;
  reloadGroups: () => Promise<void>;
}

/** The users the actor manages and, for an administrator, the groups and access levels the forms offer. */
export function useUserDirectory(actor: User | null): UserDirectory {
  const administers = canAdministerEverything(actor);
  const [users, setUsers] = useState<ManagedUser[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [groups, setGroups] = useState<Group[]>([]);
  const [groupsError, setGroupsError] = useState<string | null>(null);
  const [accessLevels, setAccessLevels] = useState<AccessLevel[]>(KNOWN_ACCESS_LEVELS);
  // Only the newest answer of each list counts: an older one arriving late must not overwrite it.
  const usersRequest = useRef(0);
  const groupsRequest = useRef(0);

  const reloadUsers = useCallback(async () => {
    const request = ++usersRequest.current;
    setLoading(true);
    try {
      const answer = await listUsers();
      if (request !== usersRequest.current) return;
      setUsers(answer);
      setError(null);
    } catch (failure) {
      if (request !== usersRequest.current) return;
      setError(getErrorMessage(failure, ADMIN_MESSAGES.loadUsersFailed));
    } finally {
      if (request === usersRequest.current) setLoading(false);
    }
  }, []);

  const reloadGroups = useCallback(async () => {
    const request = ++groupsRequest.current;
    try {
      const answer = await listGroups();
      if (request !== groupsRequest.current) return;
      setGroups(answer);
      setGroupsError(null);
    } catch (failure) {
      if (request !== groupsRequest.current) return;
      setGroupsError(getErrorMessage(failure, ADMIN_MESSAGES.loadGroupsFailed));
    }
  }, []);

  useEffect(() => {
    void reloadUsers();
  }, [reloadUsers]);

  useEffect(() => {
    if (!administers) return;
    void reloadGroups();
    let current = true;
    listAccessLevels()
      .then((levels) => {
        if (current && levels.length > 0) setAccessLevels(levels);
      })
      .catch((failure: unknown) => {
        console.warn('The access levels could not be loaded; the suite table is offered instead', failure);
      });
    return () => {
      current = false;
    };
  }, [administers, reloadGroups]);

  return { users, loading, error, groups, groupsError, accessLevels, reloadUsers, reloadGroups };
}
