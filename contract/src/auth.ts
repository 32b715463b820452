import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';
import { ERROR_RESPONSES } from './errors.js';
import { IsoDateTime, Nullable } from './fieldSchemas.js';
import {
  LOGIN_CHALLENGE_TOKEN_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  YES_NO,
} from './limits.js';

export const YesNoSchema = Type.Union([Type.Literal(YES_NO[0]), Type.Literal(YES_NO[1])]);

/**
 * The user as every answer gives it (AUTH-05; the full fields of USR-01 are optional here because the
 * part-1 session needs only the others). Never a password hash or two-factor secret.
 */
export const UserSchema = Type.Object({
  ID_User: Type.Integer(),
  Name: Type.String(),
  Username: Type.String(),
  Email: Type.Optional(Nullable(Type.String())),
  ContactNumber: Type.Optional(Nullable(Type.String())),
  /** Numeric group id. */
  Group: Nullable(Type.Integer()),
  Group_Name: Nullable(Type.String()),
  Administrator: YesNoSchema,
  group_admin: YesNoSchema,
  /** ID_Access_level of the user's level. */
  access_level: Type.Optional(Nullable(Type.Integer())),
  txt_access_level: Nullable(Type.String()),
  is_2fa_enabled: Type.Boolean(),
  /** 1 active, 0 inactive. */
  user_active: Type.Optional(Type.Integer()),
  last_login: Nullable(IsoDateTime()),
  date_added: Type.Optional(Nullable(IsoDateTime())),
  created_at: Type.Optional(Nullable(IsoDateTime())),
});
export type User = Static<typeof UserSchema>;

const CODE_MAX_LENGTH = 64;
const codeStepMessage = 'A two-factor code and its token are required';

/** Step 2a: the set-up token with the first code of the new secret. */
export const SetupLoginRequestSchema = Type.Object(
  {
    setup_token: Type.String({ minLength: 1, maxLength: LOGIN_CHALLENGE_TOKEN_MAX_LENGTH }),
    totp_token: Type.String({ maxLength: CODE_MAX_LENGTH }),
  },
  { errorMessage: codeStepMessage },
);

/** Step 2b: the temp token with a code of the stored secret. */
export const VerifyLoginRequestSchema = Type.Object(
  {
    temp_token: Type.String({ minLength: 1, maxLength: LOGIN_CHALLENGE_TOKEN_MAX_LENGTH }),
    totp_token: Type.String({ maxLength: CODE_MAX_LENGTH }),
  },
  { errorMessage: codeStepMessage },
);

const tooLong = { maxLength: 'Username or password is too long' };

/** Step 1: the credentials. */
export const PasswordLoginRequestSchema = Type.Object(
  {
    username: Type.String({ pattern: '\\S', maxLength: USERNAME_MAX_LENGTH, errorMessage: tooLong }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, errorMessage: tooLong }),
  },
  { errorMessage: 'Username and password are required' },
);

/** A body is read as the step whose fields it carries (set-up, then verification, then credentials). */
export const LoginRequestSchema = Type.Union(
  [SetupLoginRequestSchema, VerifyLoginRequestSchema, PasswordLoginRequestSchema],
  { errorMessage: 'Send a username and password, or a two-factor code with its token' },
);
export type LoginRequest = Static<typeof LoginRequestSchema>;

/** Every field is optional: which ones are present decides the next step of the sign-in (AUTH-01). */
export const LoginResponseSchema = Type.Object({
  requires_2fa_setup: Type.Optional(Type.Boolean()),
  setup_token: Type.Optional(Type.String()),
  /** Base32 secret, for typing into an authenticator app. */
  totp_secret: Type.Optional(Type.String()),
  /** otpauth:// URI, drawn as a QR code in the browser. */
  totp_uri: Type.Optional(Type.String()),
  user_id: Type.Optional(Type.Integer()),
  requires_2fa: Type.Optional(Type.Boolean()),
  temp_token: Type.Optional(Type.String()),
  token: Type.Optional(Type.String()),
  user: Type.Optional(UserSchema),
  message: Type.Optional(Type.String()),
});
export type LoginResponse = Static<typeof LoginResponseSchema>;

export const RefreshTokenResponseSchema = Type.Object({
  user: UserSchema,
  token: Type.String(),
});
export type RefreshTokenResponse = Static<typeof RefreshTokenResponseSchema>;

export const LogoutResponseSchema = Type.Object({ message: Type.String() });
export type LogoutResponse = Static<typeof LogoutResponseSchema>;

export const authCalls = {
  login: defineCall({
    method: 'POST',
    url: '/api/login',
    schema: {
      body: LoginRequestSchema,
      response: { 200: LoginResponseSchema, ...ERROR_RESPONSES },
    },
  }),
  /**
   * Needs the bearer token; answers a fresh user and a new token. The presented token stops working once the new
   * one is used or a short grace has passed; within it, the same refresh again answers the same new token.
   */
  refreshToken: defineCall({
    method: 'POST',
    url: '/api/refresh-token',
    schema: { response: { 200: RefreshTokenResponseSchema, ...ERROR_RESPONSES } },
  }),
  /** Not in the spec: needs the bearer token, which stops working (sign-out ends the session on the server). */
  logout: defineCall({
    method: 'POST',
    url: '/api/logout',
    schema: { response: { 200: LogoutResponseSchema, ...ERROR_RESPONSES } },
  }),
};
