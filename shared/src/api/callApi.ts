import type { AxiosRequestConfig } from 'axios';
import type {
  ApiCallName,
  ApiCalls,
  CallBody,
  CallParams,
  CallQuery,
  CallSuccess,
} from '@ewrt/contract';
import { CALL_ROUTES } from '@ewrt/contract/callRoutes';
import { apiClient } from './apiClient';

type Call<Name extends ApiCallName> = ApiCalls[Name];
type Has<Name extends ApiCallName, Part extends string> = Part extends keyof Call<Name>['schema'] ? true : false;

/**
 * What a call takes, as its contract declares it: path parameters and a JSON body when it has them (required), a
 * query when it has one (optional: the contract's query fields are), and for uploads a form in place of the body.
 */
export type CallRequest<Name extends ApiCallName> = (Has<Name, 'params'> extends true
  ? { params: CallParams<Call<Name>> }
  : { params?: never }) &
  (Has<Name, 'querystring'> extends true ? { query?: CallQuery<Call<Name>> } : { query?: never }) &
  (Has<Name, 'body'> extends true ? { body: CallBody<Call<Name>> } : { body?: never; form?: FormData });

/** What the call answers on success, as its contract declares it. */
export type CallAnswer<Name extends ApiCallName> = CallSuccess<Call<Name>>;

/** The path of a call with its parameters filled in, each percent-encoded. */
export function callPath(name: ApiCallName, params: Record<string, unknown> = {}): string {
  return CALL_ROUTES[name].url.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null || value === '') throw new Error(`${name}: no value for :${key}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Makes the named call of the contract through the suite's one client: its method and path come from the contract,
 * and so do the types of what it takes and answers, so a screen cannot ask for a path or read a field the API does
 * not have. `config` passes anything else axios takes (upload progress, a cancel signal, a time-out).
 */
export async function callApi<Name extends ApiCallName>(
  name: Name,
  // The request may be left out when nothing in it is required.
  ...[request, config]: object extends CallRequest<Name>
    ? [request?: CallRequest<Name>, config?: AxiosRequestConfig]
    : [request: CallRequest<Name>, config?: AxiosRequestConfig]
): Promise<CallAnswer<Name>> {
  const { method } = CALL_ROUTES[name];
  const parts = (request ?? {}) as { params?: Record<string, unknown>; query?: object; body?: unknown; form?: FormData };
  const { data } = await apiClient.request<CallAnswer<Name>>({
    ...config,
    method,
    url: callPath(name, parts.params),
    params: parts.query,
    data: parts.form ?? parts.body,
  });
  return data;
}
