/** The API base URL every test talks to; MSW answers for it. */
export const TEST_API_BASE_URL = 'http://api.test';

/** An absolute URL on the test API, for MSW handlers: apiUrl('/api/login'). */
export function apiUrl(path: string): string {
  return `${TEST_API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
}
