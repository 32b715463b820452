import type { Static, TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The parts of a call, in the names Fastify's route `schema` uses. */
export interface CallSchema {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** By status code, or a range such as '4xx'. */
  response: Record<string | number, TSchema>;
}

export interface CallDefinition {
  method: HttpMethod;
  /** Fastify's path syntax: `/api/patients/:id`. */
  url: string;
  schema: CallSchema;
}

/** Declares one API call; `const` keeps its literal method, path and schemas for the types below. */
export function defineCall<const Call extends CallDefinition>(call: Call): Call {
  return call;
}

/** The path parameters a call takes, as TypeScript. */
export type CallParams<Call extends CallDefinition> = Call['schema']['params'] extends TSchema
  ? Static<Call['schema']['params']>
  : never;

/** The body a call takes, as TypeScript. */
export type CallBody<Call extends CallDefinition> = Call['schema']['body'] extends TSchema
  ? Static<Call['schema']['body']>
  : never;

/** The query a call takes, as TypeScript. */
export type CallQuery<Call extends CallDefinition> = Call['schema']['querystring'] extends TSchema
  ? Static<Call['schema']['querystring']>
  : never;

/** A call's answer for one status, as TypeScript. */
export type CallReply<
  Call extends CallDefinition,
  Status extends keyof Call['schema']['response'],
> = Call['schema']['response'][Status] extends TSchema ? Static<Call['schema']['response'][Status]> : never;

/** The statuses a call answers with success. */
type SuccessStatus<Call extends CallDefinition> = Extract<keyof Call['schema']['response'], 200 | 201 | 202 | 204>;

/** A call's successful answer, as TypeScript. */
export type CallSuccess<Call extends CallDefinition> = CallReply<Call, SuccessStatus<Call>>;
