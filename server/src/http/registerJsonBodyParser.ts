import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies with the framework's safe parser (prototype-poisoning protection), except that an empty body is
 * no body: clients send `POST /api/refresh-token` and similar calls without a payload but with a JSON type.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // The API takes JSON only (uploads add multipart); plain text would reach handlers as a string.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultParser(request, text, done);
  });
}
