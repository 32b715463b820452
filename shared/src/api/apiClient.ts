import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import type { ApiSessionHooks } from './createHttpClient';

export type { ApiSessionHooks } from './createHttpClient';

let sessionHooks: ApiSessionHooks | null = null;
let httpClient: Promise<AxiosInstance> | null = null;

/**
 * The one HTTP client of the suite: base URL from the runtime configuration, bearer token, 120 s time-out.
 * axios itself (~20 KB gzip) loads with the first request, not with the landing page, which makes none until
 * the visitor signs in.
 */
export const apiClient = {
  defaults: {} as { baseURL?: string },
  async request<T>(config: AxiosRequestConfig): Promise<AxiosResponse<T>> {
    httpClient ??= import('./createHttpClient').then(
      (module) => module.createHttpClient(() => sessionHooks),
      (error: unknown) => {
        // A failed download of the client (network down) is retried by the next request.
        httpClient = null;
        throw error;
      },
    );
    const client = await httpClient;
    return client.request<T>({ baseURL: apiClient.defaults.baseURL, ...config });
  },
};

export function configureApi({ baseUrl }: { baseUrl: string }): void {
  apiClient.defaults.baseURL = baseUrl.replace(/\/+$/, '');
}

/** Connects the client to the session; a later call replaces the earlier hooks. */
export function configureApiSession(hooks: ApiSessionHooks): void {
  sessionHooks = hooks;
}
