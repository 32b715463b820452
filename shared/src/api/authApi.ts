import { apiClient } from './apiClient';
import type { LoginRequest, LoginResponse, RefreshTokenResponse } from './types';

export async function login(body: LoginRequest): Promise<LoginResponse> {
  const { data } = await apiClient.post<LoginResponse>('/api/login', body);
  return data;
}

export async function refreshToken(): Promise<RefreshTokenResponse> {
  const { data } = await apiClient.post<RefreshTokenResponse>('/api/refresh-token');
  return data;
}
