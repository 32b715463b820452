import axios, { AxiosHeaders } from 'axios';
import { REQUEST_TIMEOUT_MS } from '../constants';

/** The one HTTP client of the suite: base URL from the runtime configuration, bearer token, 120 s time-out. */
export const apiClient = axios.create({ timeout: REQUEST_TIMEOUT_MS });

/** A failed sign-in attempt is not an expired session: the 401 rule does not apply to it. */
const LOGIN_PATH = '/api/login';

/**
 * What the client needs from the session, handed in by the session store so that the client never
 * imports it (ARCHITECTURE §1: no import circle inside shared).
 */
export interface ApiSessionHooks {
  /** The bearer token for the next request; null sends none. */
  getToken: () => string | null;
  /** A request other than a sign-in attempt was answered 401: the session has expired. */
  onUnauthorized: () => void;
}

let sessionHooks: ApiSessionHooks | null = null;

export function configureApi({ baseUrl }: { baseUrl: string }): void {
  apiClient.defaults.baseURL = baseUrl.replace(/\/+$/, '');
}

/** Connects the client to the session; a later call replaces the earlier hooks. */
export function configureApiSession(hooks: ApiSessionHooks): void {
  sessionHooks = hooks;
}

apiClient.interceptors.request.use((config) => {
  const token = sessionHooks?.getToken();
  if (token) {
    const headers = AxiosHeaders.from(config.headers);
    headers.set('Authorization', `Bearer ${token}`);
    config.headers = headers;
  }
  return config;
});

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 401 && error.config?.url !== LOGIN_PATH) {
    sessionHooks?.onUnauthorized();
  }
  return Promise.reject(error);
});
