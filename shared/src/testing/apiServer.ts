import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { configureApi } from '../api/apiClient';
import { resetSharedState } from './resetSharedState';

/** The API base URL every test talks to; MSW answers for it. */
export const TEST_API_BASE_URL = 'http://api.test';

/** An absolute URL on the test API, for MSW handlers: apiUrl('/api/login'). */
export function apiUrl(path: string): string {
  return `${TEST_API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
}

type Handlers = Parameters<typeof setupServer>;

/**
 * An MSW server for the test file, wired to beforeAll/afterEach/afterAll. The API client points at
 * TEST_API_BASE_URL; stores and storage are reset after each test. A request no handler answers
 * fails the test (it is also reported by MSW as an error); only the sign-out's revocation of the
 * token and the navbar's background-job lists (empty) are answered by default.
 */
export function setupApiServer(...handlers: Handlers) {
  // Signing out revokes the token (POST /api/logout); any screen with a sign-out button may send it.
  const revokeToken = http.post(apiUrl('/api/logout'), () => HttpResponse.json({ message: 'Logged out' }));
  // The host's navbar lists the user's background jobs on every signed-in screen: none, unless a test says so.
  const noActiveJobs = http.get(apiUrl('/api/background-jobs/user/:userId/active'), () =>
    HttpResponse.json({ active_jobs: [] }),
  );
  const noRecentJobs = http.get(apiUrl('/api/background-jobs/user/:userId/recent-completed'), () =>
    HttpResponse.json({ recent_completed: [] }),
  );
  const server = setupServer(...handlers, revokeToken, noActiveJobs, noRecentJobs);
  const unhandled: string[] = [];

  beforeAll(() => {
    server.listen({
      onUnhandledRequest(request, print) {
        unhandled.push(`${request.method} ${request.url}`);
        print.error();
      },
    });
  });
  beforeEach(() => {
    configureApi({ baseUrl: TEST_API_BASE_URL });
  });
  afterEach(() => {
    server.resetHandlers();
    resetSharedState();
    const requests = unhandled.splice(0);
    if (requests.length > 0) {
      throw new Error(`Requests without an MSW handler: ${requests.join(', ')}`);
    }
  });
  afterAll(() => {
    server.close();
  });
  return server;
}
