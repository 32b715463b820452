import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import { MAX_ID } from './limits.js';

export const AccessLevelSchema = Type.Object({
  ID_Access_level: Type.Integer(),
  txt_access_level: Type.String(),
});
export type AccessLevel = Static<typeof AccessLevelSchema>;

export const AccessLevelListResponseSchema = Type.Object({ access_levels: Type.Array(AccessLevelSchema) });
export type AccessLevelListResponse = Static<typeof AccessLevelListResponseSchema>;

export const GroupSchema = Type.Object({
  ID_Group: Type.Integer(),
  Group_Name: Type.String(),
  /** How many users the group has (the All Groups list). */
  user_count: Type.Optional(Type.Integer()),
});
export type Group = Static<typeof GroupSchema>;

export const GroupListResponseSchema = Type.Object({ groups: Type.Array(GroupSchema) });
export type GroupListResponse = Static<typeof GroupListResponseSchema>;

export const UserIdParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid user id' }),
});

/** The spec leaves the shape open; this is what the reference server answers. */
export const UserNameResponseSchema = Type.Object({
  ID_User: Type.Integer(),
  Name: Type.String(),
});
export type UserNameResponse = Static<typeof UserNameResponseSchema>;

export const SuccessResponseSchema = Type.Object({ success: Type.Boolean() });
export type SuccessResponse = Static<typeof SuccessResponseSchema>;

export const directoryCalls = {
  listAccessLevels: defineCall({
    method: 'GET',
    url: '/api/access-levels',
    schema: { response: { 200: AccessLevelListResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Administrators get every group, everybody else their own. */
  listGroups: defineCall({
    method: 'GET',
    url: '/api/groups',
    schema: { response: { 200: GroupListResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** A user of the caller's group (any user for an Administrator); 404 otherwise. */
  getUserName: defineCall({
    method: 'GET',
    url: '/api/user/:id/name',
    schema: { params: UserIdParamsSchema, response: { 200: UserNameResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Drops the server's cached copy of the caller's account. */
  invalidateUserCache: defineCall({
    method: 'POST',
    url: '/api/cache/invalidate-user',
    schema: { response: { 200: SuccessResponseSchema, ...ERROR_RESPONSES } },
  }),
};
