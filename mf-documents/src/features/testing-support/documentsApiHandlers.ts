// Test data for the documents and jobs calls, for the tests of this remote.
import { HttpResponse } from '@ewrt/shared/testing';

/** An error answer as the server sends it (PROD-04: clients show `message`). */
export function apiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}
