import { Type, type Static } from '@sinclair/typebox';

/** Every failure answers this (PROD-04): clients show `message`. */
export const ApiErrorBodySchema = Type.Object({
  message: Type.String(),
  /** For a body that is one object: each failing field's message, by field name. */
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ApiErrorBody = Static<typeof ApiErrorBodySchema>;

/** The failure answers every call can give. */
export const ERROR_RESPONSES = {
  '4xx': ApiErrorBodySchema,
  '5xx': ApiErrorBodySchema,
} as const;
