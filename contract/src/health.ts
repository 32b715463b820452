import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';

export const HealthResponseSchema = Type.Object({ status: Type.Literal('ok') });
export type HealthResponse = Static<typeof HealthResponseSchema>;

export const HealthUnavailableResponseSchema = Type.Object({
  status: Type.Literal('unavailable'),
  message: Type.String(),
});
export type HealthUnavailableResponse = Static<typeof HealthUnavailableResponseSchema>;

export const healthCalls = {
  /** No token needed; 503 when the database does not answer. */
  getHealth: defineCall({
    method: 'GET',
    url: '/api/health',
    schema: { response: { 200: HealthResponseSchema, 503: HealthUnavailableResponseSchema } },
  }),
};
