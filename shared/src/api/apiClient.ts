import axios, { AxiosHeaders } from 'axios';
import { REQUEST_TIMEOUT_MS, STORAGE_KEYS } from '../constants';
import { navigateTo } from '../navigation/navigateTo';
import { readStorage } from '../session/browserStorage';
import { sessionStore } from '../session/sessionStore';

/** The one HTTP client of the suite: base URL from the runtime configuration, bearer token, 120 s time-out. */
export const apiClient = axios.create({ timeout: REQUEST_TIMEOUT_MS });

/** A failed sign-in attempt is not an expired session: the 401 rule does not apply to it. */
const LOGIN_PATH = '/api/login';

export function configureApi({ baseUrl }: { baseUrl: string }): void {
  apiClient.defaults.baseURL = baseUrl.replace(/\/+$/, '');
}

apiClient.interceptors.request.use((config) => {
  const token = readStorage(STORAGE_KEYS.token);
  if (token) {
    const headers = AxiosHeaders.from(config.headers);
    headers.set('Authorization', `Bearer ${token}`);
    config.headers = headers;
  }
  return config;
});

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 401 && error.config?.url !== LOGIN_PATH) {
    sessionStore.expire();
    if (window.location.pathname !== '/') navigateTo('/');
  }
  return Promise.reject(error);
});
