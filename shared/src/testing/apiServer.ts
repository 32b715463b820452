import { setupServer } from 'msw/node';
import { configureApi } from '../api/apiClient';
import { answerCall } from './answerCall';
import { TEST_API_BASE_URL } from './apiUrl';
import { resetSharedState } from './resetSharedState';

export { TEST_API_BASE_URL, apiUrl } from './apiUrl';

type Handlers = Parameters<typeof setupServer>;

/**
 * An MSW server for the test file, wired to beforeAll/afterEach/afterAll. The API client points at
 * TEST_API_BASE_URL; stores and storage are reset after each test. A request no handler answers
 * fails the test (it is also reported by MSW as an error); only the sign-out's revocation of the
 * token and the navbar's background-job lists (empty) are answered by default.
 */
export function setupApiServer(...handlers: Handlers) {
  // Signing out revokes the token; any screen with a sign-out button may send it.
  const revokeToken = answerCall('logout', () => ({ message: 'Logged out' }));
  // The host's navbar lists the user's background jobs on every signed-in screen: none, unless a test says so.
  const noActiveJobs = answerCall('listActiveJobs', () => ({ active_jobs: [] }));
  const noRecentJobs = answerCall('listRecentCompletedJobs', () => ({ recent_completed: [] }));
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
