import { Type, type Static } from '@sinclair/typebox';
import { defineCall } from './defineCall.js';

export const HealthResponseSchema = Type.Object({ status: Type.Literal('ok') });
export type HealthResponse = Static<typeof HealthResponseSchema>;

export const HealthUnavailableResponseSchema = Type.Object({
  status: Type.Literal('unavailable'),
  message: Type.String(),
});
export type HealthUnavailableResponse = Static<typeof HealthUnavailableResponseSchema>;

export const ReadinessResponseSchema = Type.Object({
  status: Type.Literal('ok'),
  /** What this instance does: api (HTTP and socket.io), worker (background jobs) or all. */
  role: Type.Union([Type.Literal('api'), Type.Literal('worker'), Type.Literal('all')]),
});
export type ReadinessResponse = Static<typeof ReadinessResponseSchema>;

export const healthCalls = {
  /** No token needed; 503 when the database does not answer. */
  getHealth: defineCall({
    method: 'GET',
    url: '/api/health',
    schema: { response: { 200: HealthResponseSchema, 503: HealthUnavailableResponseSchema } },
  }),
  /**
   * Liveness for a load balancer or supervisor: the process answers. No database call, so a slow database never
   * gets a healthy instance restarted.
   */
  getLiveness: defineCall({
    method: 'GET',
    url: '/api/health/live',
    schema: { response: { 200: HealthResponseSchema } },
  }),
  /** Readiness: the database answers, its migrations are applied and the instance is not draining; 503 otherwise. */
  getReadiness: defineCall({
    method: 'GET',
    url: '/api/health/ready',
    schema: { response: { 200: ReadinessResponseSchema, 503: HealthUnavailableResponseSchema } },
  }),
};
