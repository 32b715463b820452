import { apiClient } from './apiClient';
import type { UserNameResponse } from './types';

export async function getUserName(id: number): Promise<UserNameResponse> {
  const { data } = await apiClient.get<UserNameResponse>(`/api/user/${encodeURIComponent(id)}/name`);
  return data;
}

export async function invalidateUserCache(): Promise<void> {
  await apiClient.post('/api/cache/invalidate-user');
}
