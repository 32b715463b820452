import type { ApiCallName, ApiCalls, CallBody, CallParams } from '@ewrt/contract';
import { CALL_ROUTES, CALL_SUCCESS_STATUSES } from '@ewrt/contract/callRoutes';
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { CallAnswer } from '../api/callApi';
import { apiUrl } from './apiUrl';

type Body<Name extends ApiCallName> = 'body' extends keyof ApiCalls[Name]['schema']
  ? CallBody<ApiCalls[Name]>
  : undefined;

/** The path parameters by the contract's names, as the URL carries them (text), so a renamed one fails to compile. */
type Params<Name extends ApiCallName> = 'params' extends keyof ApiCalls[Name]['schema']
  ? { [Key in keyof CallParams<ApiCalls[Name]>]: string }
  : Record<never, string>;

/** What a test's answer receives: the path parameters as the URL carries them, the query, the JSON body. */
export interface CallReceived<Name extends ApiCallName> {
  params: Params<Name>;
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
        params: params as Params<Name>,
        query: new URL(request.url).searchParams,
        body,
        request,
      });
      return reply instanceof Response ? reply : HttpResponse.json(reply as object);
    },
    options,
  );
}

/** A test's answer to a call: the reply itself, or a function of what the call received. */
export type CallAnswering<Name extends ApiCallName> =
  CallAnswer<Name> | ((received: CallReceived<Name>) => Answer<Name> | Promise<Answer<Name>>);

/**
 * answerCall for a fixed reply, sent as JSON with the contract's success status (202 for a started job) unless
 * told otherwise, or for a function of what the call received, for anything dynamic.
 */
export function answerCallWith<Name extends ApiCallName>(
  name: Name,
  answering: CallAnswering<Name>,
  status: number = CALL_SUCCESS_STATUSES[name],
): HttpHandler {
  if (typeof answering === 'function') {
    return answerCall(name, answering as Exclude<CallAnswering<Name>, CallAnswer<Name>>);
  }
  return answerCall(name, () =>
    HttpResponse.json(answering as Parameters<typeof HttpResponse.json>[0], { status }),
  );
}
