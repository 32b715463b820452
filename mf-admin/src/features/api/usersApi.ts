// The user and group calls: only this remote makes them, so they live here rather than in shared.
import type {
  AccessLevel,
  Group,
  GroupCreate,
  GroupCreatedResponse,
  ManagedUser,
  UserCreate,
  UserDeletedResponse,
  UserSavedResponse,
  UserUpdate,
} from '@ewrt/contract';
import { callApi } from '@ewrt/shared';

export async function listUsers(): Promise<ManagedUser[]> {
  return (await callApi('listUsers')).users;
}

export async function getUser(id: number): Promise<ManagedUser> {
  return (await callApi('getUser', { params: { id } })).user;
}

export function createUser(input: UserCreate): Promise<UserSavedResponse> {
  return callApi('createUser', { body: input });
}

export function updateUser(id: number, input: UserUpdate): Promise<UserSavedResponse> {
  return callApi('updateUser', { params: { id }, body: input });
}

export function deleteUser(id: number): Promise<UserDeletedResponse> {
  return callApi('deleteUser', { params: { id } });
}

/** Clears the user's two-factor set-up so that their next sign-in enrols again. */
export function resetUserTwoFactor(id: number): Promise<UserSavedResponse> {
  return callApi('resetUserTwoFactor', { params: { id } });
}

/** Every group for an administrator, one's own group for anybody else. */
export async function listGroups(): Promise<Group[]> {
  return (await callApi('listGroups')).groups;
}

export function createGroup(input: GroupCreate): Promise<GroupCreatedResponse> {
  return callApi('createGroup', { body: input });
}

export async function listAccessLevels(): Promise<AccessLevel[]> {
  return (await callApi('listAccessLevels')).access_levels;
}
