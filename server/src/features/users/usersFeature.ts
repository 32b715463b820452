import { userRoom } from '../../platform/realtime/attachSocketServer.js';
import { removeStoredFilesOfUser } from '../documents/removeStoredFilesOfUser.js';
import type { FeatureModule } from '../FeatureModule.js';
import { createUserService } from './createUserService.js';
import { registerUserRoutes } from './registerUserRoutes.js';

/** User management by administrators: ending a user's sessions closes their sockets, deleting one their files. */
export const usersFeature: FeatureModule = {
  name: 'users',
  routes: (scope, { db, clock, users, io, files, log }) =>
    registerUserRoutes(
      scope,
      createUserService({
        db,
        clock,
        users,
        onSessionsEnded: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
        onDeleting: (tx, userId) => removeStoredFilesOfUser({ db, files, log }, tx, userId),
      }),
    ),
};
