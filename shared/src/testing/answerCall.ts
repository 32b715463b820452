import type { ApiCallName, ApiCalls, CallBody } from '@ewrt/contract';
import { CALL_ROUTES } from '@ewrt/contract/callRoutes';
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { CallAnswer } from '../api/callApi';
import { apiUrl } from './apiServer';

type Body<Name extends ApiCallName> = 'body' extends keyof ApiCalls[Name]['schema']
  ? CallBody<ApiCalls[Name]>
  : undefined;

/** What a test's answer receives: the path parameters as the URL carries them, the query, the JSON body. */
export interface CallReceived<Name extends ApiCallName> {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Body<Name>;
  request: Request;
}

type Answer<Name extends ApiCallName> = CallAnswer<Name> | Response;

/**
 * An MSW handler for the named call of the contract, at its method and path: a test's answer is typed as the
 * contract's reply, so a changed path or reply breaks the test at compile time rather than letting it pass
 * against an API that no longer exists. Return a `Response` (e.g. `HttpResponse.json(…, { status: 404 })`)
 * for anything else.
 */
export function answerCall<Name extends ApiCallName>(
  name: Name,
  answer: (received: CallReceived<Name>) => Answer<Name> | Promise<Answer<Name>>,
  options?: { once?: boolean },
): HttpHandler {
  const { method, url } = CALL_ROUTES[name];
  const handlerFor = http[method.toLowerCase() as Lowercase<typeof method>];
  return handlerFor(
    apiUrl(url),
    async ({ request, params }) => {
      const isJson = request.headers.get('content-type')?.includes('application/json') ?? false;
      const body = (isJson ? await request.clone().json() : undefined) as Body<Name>;
      const reply = await answer({
        params: params as Record<string, string>,
        query: new URL(request.url).searchParams,
        body,
        request,
      });
      return reply instanceof Response ? reply : HttpResponse.json(reply as object);
    },
    options,
  );
}
