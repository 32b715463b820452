import { directoryCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { notFound } from '../../http/HttpError.js';
import { currentUser } from '../auth/authenticateRequest.js';
import type { UserDirectory } from '../auth/userDirectory.js';
import type { DirectoryRepository } from './createDirectoryRepository.js';

/** Access levels, groups, user names and the user cache. */
export function registerDirectoryRoutes(
  app: ApiInstance,
  deps: { directory: DirectoryRepository; users: UserDirectory },
): void {
  const { directory, users } = deps;

  app.route({
    ...directoryCalls.listAccessLevels,
    handler: async () => ({ access_levels: await directory.accessLevels() }),
  });

  app.route({
    ...directoryCalls.listGroups,
    handler: async (request) => ({ groups: await directory.groupsVisibleTo(currentUser(request)) }),
  });

  // Anyone outside the caller's reach is told the user does not exist.
  app.route({
    ...directoryCalls.getUserName,
    handler: async (request) => {
      const name = await directory.userNameVisibleTo(currentUser(request), request.params.id);
      if (!name) throw notFound('User not found');
      return name;
    },
  });

  // Drops the server's cached copy of the caller, so changes to their account apply to the next request.
  app.route({
    ...directoryCalls.invalidateUserCache,
    handler: async (request) => {
      users.invalidate(currentUser(request).id);
      return { success: true };
    },
  });
}
