import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDateTime, LiteralUnion, Nullable, OptionalText, RequiredName } from './fieldSchemas.js';
import {
  CONTACT_NUMBER_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  MAX_ID,
  PASSWORD_MAX_LENGTH,
  USER_NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  YES_NO,
} from './limits.js';
import { GroupSchema } from './directory.js';

const YesNoSchema = LiteralUnion(YES_NO);
const ActiveFlagSchema = Type.Union([Type.Literal(1), Type.Literal(0)]);

/** A user as the administration screens see it (USR-01). The password is never answered. */
export const ManagedUserSchema = Type.Object({
  ID_User: Type.Integer(),
  Name: Type.String(),
  Email: Nullable(Type.String()),
  ContactNumber: Nullable(Type.String()),
  Username: Type.String(),
  Group: Nullable(Type.Integer()),
  Group_Name: Nullable(Type.String()),
  user_active: ActiveFlagSchema,
  Administrator: YesNoSchema,
  group_admin: YesNoSchema,
  access_level: Nullable(Type.Integer()),
  txt_access_level: Nullable(Type.String()),
  date_added: Nullable(IsoDateTime()),
  is_2fa_enabled: Type.Boolean(),
  created_at: Nullable(IsoDateTime()),
  last_login: Nullable(IsoDateTime()),
});
export type ManagedUser = Static<typeof ManagedUserSchema>;

/** The Add New User form (USR-04): Name, Email, Username, Password and Group required. */
export const UserCreateSchema = Type.Object(
  {
    Name: RequiredName(USER_NAME_MAX_LENGTH, { title: 'Name' }),
    Email: Type.String({
      format: 'email',
      maxLength: EMAIL_MAX_LENGTH,
      title: 'Email',
      errorMessage: { format: 'Enter a valid email address' },
    }),
    ContactNumber: OptionalText(CONTACT_NUMBER_MAX_LENGTH, { title: 'Contact number' }),
    Username: RequiredName(USERNAME_MAX_LENGTH, { title: 'Username' }),
    Password: Type.String({ maxLength: PASSWORD_MAX_LENGTH, title: 'Password' }),
    Group: Type.Integer({ minimum: 1, maximum: MAX_ID, title: 'Group' }),
    user_active: Type.Optional(ActiveFlagSchema),
    Administrator: Type.Optional(YesNoSchema),
    group_admin: Type.Optional(YesNoSchema),
    access_level: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, title: 'Access level' })),
  },
  { errorMessage: { type: 'Send the user fields as a JSON object' } },
);
export type UserCreate = Static<typeof UserCreateSchema>;

/** The Edit User form: the same fields; a blank or absent password keeps the current one. */
export const UserUpdateSchema = Type.Object(
  {
    ...UserCreateSchema.properties,
    Password: Type.Optional(Nullable(Type.String({ maxLength: PASSWORD_MAX_LENGTH, title: 'Password' }))),
  },
  { errorMessage: { type: 'Send the user fields as a JSON object' } },
);
export type UserUpdate = Static<typeof UserUpdateSchema>;

export const UserListResponseSchema = Type.Object({ users: Type.Array(ManagedUserSchema) });
export type UserListResponse = Static<typeof UserListResponseSchema>;

export const UserResponseSchema = Type.Object({ user: ManagedUserSchema });
export type UserResponse = Static<typeof UserResponseSchema>;

export const UserSavedResponseSchema = Type.Object({ message: Type.String(), user: ManagedUserSchema });
export type UserSavedResponse = Static<typeof UserSavedResponseSchema>;

export const UserDeletedResponseSchema = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type UserDeletedResponse = Static<typeof UserDeletedResponseSchema>;

export const GroupCreateSchema = Type.Object(
  { Group_Name: RequiredName(GROUP_NAME_MAX_LENGTH, { title: 'Group Name' }) },
  { errorMessage: { type: 'Send the group as a JSON object' } },
);
export type GroupCreate = Static<typeof GroupCreateSchema>;

export const GroupCreatedResponseSchema = Type.Object({ message: Type.String(), group: GroupSchema });
export type GroupCreatedResponse = Static<typeof GroupCreatedResponseSchema>;

const UserIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: 'Invalid user id' }),
});

export const userCalls = {
  /** Administrators: every user; group admins: their group's users; anybody else is refused. */
  listUsers: defineCall({
    method: 'GET',
    url: '/api/users',
    schema: { response: { 200: UserListResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** One user for the user dashboard: oneself, a group admin's group member, or anyone for an administrator. */
  getUser: defineCall({
    method: 'GET',
    url: '/api/users/:id',
    schema: { params: UserIdParams, response: { 200: UserResponseSchema, ...ERROR_RESPONSES } },
  }),
  createUser: defineCall({
    method: 'POST',
    url: '/api/users',
    schema: { body: UserCreateSchema, response: { 201: UserSavedResponseSchema, ...ERROR_RESPONSES } },
  }),
  updateUser: defineCall({
    method: 'PUT',
    url: '/api/users/:id',
    schema: {
      params: UserIdParams,
      body: UserUpdateSchema,
      response: { 200: UserSavedResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  deleteUser: defineCall({
    method: 'DELETE',
    url: '/api/users/:id',
    schema: { params: UserIdParams, response: { 200: UserDeletedResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Beyond the spec: clears a user's two-factor set-up (lost phone) so their next sign-in enrols again. */
  resetUserTwoFactor: defineCall({
    method: 'POST',
    url: '/api/users/:id/reset-2fa',
    schema: { params: UserIdParams, response: { 200: UserSavedResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Administrators only. */
  createGroup: defineCall({
    method: 'POST',
    url: '/api/groups',
    schema: { body: GroupCreateSchema, response: { 201: GroupCreatedResponseSchema, ...ERROR_RESPONSES } },
  }),
};
