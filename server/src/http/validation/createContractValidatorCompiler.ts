import { CONTRACT_FORMATS } from '@ewrt/contract';
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { FastifySchemaCompiler } from 'fastify';
import { badRequest } from '../HttpError.js';
import { describeValidationFailure } from './describeValidationFailure.js';
import { findUnstorableText, unstorableTextMessage } from './findUnstorableText.js';
import { readPathParams } from './readPathParams.js';

type HttpPart = 'body' | 'querystring' | 'params' | 'headers';

const PART_LABELS: Record<HttpPart, string> = {
  body: 'The request body',
  querystring: 'The query',
  params: 'The path',
  headers: 'A header',
};

/**
 * Validates each route's params, query and body against its contract schema (TypeBox's compiled checker). Query
 * and path values arrive as text and are converted to the schema's types first (a path id only from canonical
 * digits: see readPathParams); a body is taken as sent. A failure answers 400 with a message that names the field
 * (see describeValidationFailure).
 *
 * A value that passes its schema is also refused when any text in it, declared or not (a field a schema does
 * not yet mark as `text`, an unknown one), holds a NUL or an unpaired surrogate: the database cannot hold
 * such text, and it would otherwise fail deep inside as a server error.
 */
export function createContractValidatorCompiler(): FastifySchemaCompiler<TSchema> {
  for (const [name, check] of Object.entries(CONTRACT_FORMATS)) {
    if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
  }
  return ({ schema, httpPart }) => {
    const checker = TypeCompiler.Compile(schema);
    const part = (httpPart ?? 'body') as HttpPart;
    return (input: unknown) => {
      const value =
        part === 'body'
          ? input
          : part === 'params'
            ? readPathParams(schema, input)
            : Value.Convert(schema, input);
      if (!checker.Check(value)) {
        const { message, errors } = describeValidationFailure(schema, value, part);
        return { error: badRequest(message, errors ? { errors } : undefined) };
      }
      const unstorable = findUnstorableText(value, PART_LABELS[part]);
      if (unstorable === null) return { value };
      const message = unstorableTextMessage(unstorable);
      const listsFields = part === 'body' && (schema as { type?: unknown }).type === 'object';
      return { error: badRequest(message, listsFields ? { errors: { [unstorable]: message } } : undefined) };
    };
  };
}
