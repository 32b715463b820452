import { callApi } from './callApi';
import type { LoginRequest, LoginResponse, RefreshTokenResponse } from './types';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return callApi('login', { body });
}

/** Rotates `token` (by default the stored one): answers the user and the token that replaces it. */
export function refreshToken(token?: string): Promise<RefreshTokenResponse> {
  const headers = token === undefined ? undefined : { Authorization: `Bearer ${token}` };
  return callApi('refreshToken', {}, { headers });
}

/**
 * Revokes `token` on the server. Sent with that token, not the stored one: signing out clears the
 * session locally first, so by now storage holds no token (or already a newer one).
 */
export async function logout(token: string): Promise<void> {
  await callApi('logout', {}, { headers: { Authorization: `Bearer ${token}` } });
}
