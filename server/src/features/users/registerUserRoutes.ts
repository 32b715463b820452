import { userCalls } from '@ewrt/contract';
import type { ApiInstance } from '../../http/ApiInstance.js';
import { auditOf } from '../audit/registerAuditTrail.js';
import { currentUser } from '../auth/authenticateRequest.js';
import type { UserService } from './createUserService.js';

/** The user and group administration calls: each route is its contract declaration, its audit and one service call. */
export function registerUserRoutes(app: ApiInstance, users: UserService): void {
  app.route({
    ...userCalls.listUsers,
    config: { audit: { action: 'user.list', resource: 'users' } },
    handler: (request) => users.list(currentUser(request), auditOf(request)),
  });

  app.route({
    ...userCalls.getUser,
    config: { audit: { action: 'user.read', resource: 'user' } },
    handler: (request) => users.get(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...userCalls.createUser,
    config: { audit: { action: 'user.create', resource: 'user' } },
    handler: async (request, reply) => {
      const created = await users.create(currentUser(request), request.body, auditOf(request));
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...userCalls.updateUser,
    config: { audit: { action: 'user.update', resource: 'user' } },
    handler: (request) =>
      users.update(currentUser(request), request.params.id, request.body, auditOf(request)),
  });

  app.route({
    ...userCalls.deleteUser,
    config: { audit: { action: 'user.delete', resource: 'user' } },
    handler: (request) => users.remove(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...userCalls.resetUserTwoFactor,
    config: { audit: { action: 'user.reset_two_factor', resource: 'user' } },
    handler: (request) => users.resetTwoFactor(currentUser(request), request.params.id, auditOf(request)),
  });

  app.route({
    ...userCalls.createGroup,
    config: { audit: { action: 'group.create', resource: 'group' } },
    handler: async (request, reply) => {
      const created = await users.createGroup(currentUser(request), request.body, auditOf(request));
      return reply.status(201).send(created);
    },
  });
}
