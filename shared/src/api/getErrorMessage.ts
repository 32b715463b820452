import type { AxiosError } from 'axios';
import { MESSAGES } from '../messages';

/** axios's own test (`axios.isAxiosError`), without loading axios for it: the client loads on first use. */
function isAxiosError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

function nonBlank(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The message rule of PROD-04: the server's `message` when present; otherwise, when no HTTP answer
 * arrived at all (network error, time-out), the network error's message; otherwise the fallback.
 * Never returns an empty string.
 */
export function getErrorMessage(error: unknown, fallback: string = MESSAGES.genericError): string {
  const safeFallback = nonBlank(fallback) ? fallback : MESSAGES.genericError;
  if (!isAxiosError(error)) return safeFallback;
  const body: unknown = error.response?.data;
  if (typeof body === 'object' && body !== null) {
    const message = (body as { message?: unknown }).message;
    if (nonBlank(message)) return message;
  }
  if (!error.response && nonBlank(error.message)) return error.message;
  return safeFallback;
}
