import type { ManagedUser } from '@ewrt/contract';

export type UserStatusFilter = 'all' | 'active' | 'inactive';

export interface UserFilters {
  /** Part of a name or username, any case; blank matches everybody. */
  search: string;
  status: UserStatusFilter;
  /** A group id; null matches every group. */
  groupId: number | null;
}

export const NO_USER_FILTERS: UserFilters = { search: '', status: 'all', groupId: null };

export type UserSortField = 'Name' | 'date_added';

export interface UserSort {
  field: UserSortField;
  direction: 'ascend' | 'descend';
}

/** The users that the search, status and group filters let through, in the order given. */
export function filterUsers(users: readonly ManagedUser[], filters: UserFilters): ManagedUser[] {
  const needle = filters.search.trim().toLocaleLowerCase('en-GB');
  return users.filter((user) => {
    if (filters.status === 'active' && user.user_active !== 1) return false;
    if (filters.status === 'inactive' && user.user_active === 1) return false;
    if (filters.groupId !== null && user.Group !== filters.groupId) return false;
    if (needle === '') return true;
    return (
      user.Name.toLocaleLowerCase('en-GB').includes(needle) ||
      user.Username.toLocaleLowerCase('en-GB').includes(needle)
    );
  });
}

const byName = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

function addedTime(user: ManagedUser): number | null {
  if (!user.date_added) return null;
  const time = new Date(user.date_added).getTime();
  return Number.isNaN(time) ? null : time;
}

/** Sorted by name or date added; users without a date added come last either way. Null keeps the order. */
export function sortUsers(users: readonly ManagedUser[], sort: UserSort | null): ManagedUser[] {
  if (!sort) return [...users];
  const sign = sort.direction === 'ascend' ? 1 : -1;
  return [...users].sort((a, b) => {
    if (sort.field === 'Name') return sign * byName.compare(a.Name, b.Name);
    const timeA = addedTime(a);
    const timeB = addedTime(b);
    if (timeA === null || timeB === null) return (timeA === null ? 1 : 0) - (timeB === null ? 1 : 0);
    return sign * (timeA - timeB);
  });
}

/** The sort after a click on a column's sort button: a new column ascends first, the same column flips. */
export function nextSort(current: UserSort | null, field: UserSortField): UserSort {
  if (current?.field === field) {
    return { field, direction: current.direction === 'ascend' ? 'descend' : 'ascend' };
  }
  return { field, direction: 'ascend' };
}
