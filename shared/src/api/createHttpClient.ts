import axios, { AxiosHeaders, type AxiosInstance } from 'axios';
import { CALL_ROUTES } from '@ewrt/contract/callRoutes';
import { REQUEST_TIMEOUT_MS } from '../constants';

/**
 * What the client needs from the session, handed in by the session store so that the client never
 * imports it (ARCH-01: no import circle inside shared).
 */
export interface ApiSessionHooks {
  /** The bearer token for the next request; null sends none. */
  getToken: () => string | null;
  /**
   * A request other than a sign-in attempt was answered 401, having been sent with `sentToken`: the
   * session has expired unless another tab has replaced the token since.
   */
  onUnauthorized: (sentToken: string | null) => void;
}

/**
 * A failed sign-in attempt is not an expired session, nor is the refusal to revoke a token that is
 * already gone: the 401 rule does not apply to them.
 */
const NOT_SESSION_CALLS = new Set<string>([CALL_ROUTES.login.url, CALL_ROUTES.logout.url]);

function bearerTokenOf(headers: unknown): string | null {
  const authorization = AxiosHeaders.from(headers as AxiosHeaders).get('Authorization');
  return typeof authorization === 'string' ? authorization.replace(/^Bearer\s+/i, '') : null;
}

/** The axios instance behind `apiClient`: bearer token, 120 s time-out, the 401 rule. */
export function createHttpClient(sessionHooks: () => ApiSessionHooks | null): AxiosInstance {
  const client = axios.create({ timeout: REQUEST_TIMEOUT_MS });

  client.interceptors.request.use((config) => {
    const token = sessionHooks()?.getToken();
    const headers = AxiosHeaders.from(config.headers);
    // A call made for a given token (the revocation of one just signed out) keeps it.
    if (token && !headers.has('Authorization')) {
      headers.set('Authorization', `Bearer ${token}`);
      config.headers = headers;
    }
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    if (
      axios.isAxiosError(error) &&
      error.response?.status === 401 &&
      !NOT_SESSION_CALLS.has(error.config?.url ?? '')
    ) {
      sessionHooks()?.onUnauthorized(bearerTokenOf(error.config?.headers));
    }
    return Promise.reject(error);
  });
  return client;
}
