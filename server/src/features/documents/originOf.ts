import type { FastifyRequest } from 'fastify';

/** The API's own origin as the caller reached it, for absolute download links. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
