import { apiClient } from './apiClient';
import type { LoginRequest, LoginResponse, RefreshTokenResponse } from './types';

export async function login(body: LoginRequest): Promise<LoginResponse> {
  const { data } = await apiClient.post<LoginResponse>('/api/login', body);
  return data;
}

/** Rotates `token` (by default the stored one): answers the user and the token that replaces it. */
export async function refreshToken(token?: string): Promise<RefreshTokenResponse> {
  const headers = token === undefined ? undefined : { Authorization: `Bearer ${token}` };
  const { data } = await apiClient.post<RefreshTokenResponse>('/api/refresh-token', undefined, { headers });
  return data;
}

/**
 * Revokes `token` on the server. Sent with that token, not the stored one: signing out clears the
 * session locally first, so by now storage holds no token (or already a newer one).
 */
export async function logout(token: string): Promise<void> {
  await apiClient.post('/api/logout', undefined, { headers: { Authorization: `Bearer ${token}` } });
}
