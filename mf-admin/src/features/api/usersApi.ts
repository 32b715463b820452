// The user and group calls of part 2 §7: only this remote makes them, so they live here rather than in shared.
import type {
  AccessLevel,
  AccessLevelListResponse,
  Group,
  GroupCreate,
  GroupCreatedResponse,
  GroupListResponse,
  ManagedUser,
  UserCreate,
  UserDeletedResponse,
  UserListResponse,
  UserResponse,
  UserSavedResponse,
  UserUpdate,
} from '@ewrt/contract';
import { apiClient } from '@ewrt/shared';

const userPath = (id: number) => `/api/users/${encodeURIComponent(id)}`;

export async function listUsers(): Promise<ManagedUser[]> {
  const { data } = await apiClient.get<UserListResponse>('/api/users');
  return data.users;
}

export async function getUser(id: number): Promise<ManagedUser> {
  const { data } = await apiClient.get<UserResponse>(userPath(id));
  return data.user;
}

export async function createUser(input: UserCreate): Promise<UserSavedResponse> {
  const { data } = await apiClient.post<UserSavedResponse>('/api/users', input);
  return data;
}

export async function updateUser(id: number, input: UserUpdate): Promise<UserSavedResponse> {
  const { data } = await apiClient.put<UserSavedResponse>(userPath(id), input);
  return data;
}

export async function deleteUser(id: number): Promise<UserDeletedResponse> {
  const { data } = await apiClient.delete<UserDeletedResponse>(userPath(id));
  return data;
}

/** Clears the user's two-factor set-up so that their next sign-in enrols again. */
export async function resetUserTwoFactor(id: number): Promise<UserSavedResponse> {
  const { data } = await apiClient.post<UserSavedResponse>(`${userPath(id)}/reset-2fa`);
  return data;
}

/** Every group for an administrator, one's own group for anybody else. */
export async function listGroups(): Promise<Group[]> {
  const { data } = await apiClient.get<GroupListResponse>('/api/groups');
  return data.groups;
}

export async function createGroup(input: GroupCreate): Promise<GroupCreatedResponse> {
  const { data } = await apiClient.post<GroupCreatedResponse>('/api/groups', input);
  return data;
}

export async function listAccessLevels(): Promise<AccessLevel[]> {
  const { data } = await apiClient.get<AccessLevelListResponse>('/api/access-levels');
  return data.access_levels;
}
