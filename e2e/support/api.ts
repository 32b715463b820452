// Talking to the API server directly: sign-in with two-factor (set up on first use, secret remembered for the
// run) and authenticated calls. Used to prepare state quickly; the UI flows themselves are driven in the browser.
import type { ApiErrorBody, LoginResponse, Patient, PatientInput, PatientResponse } from '@ewrt/contract';
import { DEMO_PASSWORD } from './demoAccounts';
import { readRunState, updateRunState } from './runState';
import { stackInfo } from './stackInfo';
import { nextCode } from './totp';

async function call<T>(
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${stackInfo().apiUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as unknown) : undefined;
  return { status: response.status, body: parsed as T };
}

async function postLogin(body: Record<string, string>): Promise<LoginResponse> {
  const answer = await call<LoginResponse>('POST', '/api/login', { body });
  if (answer.status >= 400) {
    throw new Error(`POST /api/login answered ${answer.status}: ${answer.body?.message ?? 'no message'}`);
  }
  return answer.body;
}

export function rememberSecret(username: string, secret: string): void {
  updateRunState((state) => {
    state.secrets[username] = secret;
  });
}

export function rememberToken(username: string, token: string): void {
  updateRunState((state) => {
    state.tokens[username] = token;
  });
}

export function secretOf(username: string): string | undefined {
  return readRunState().secrets[username];
}

/** Signs `username` in through the API, setting up two-factor the first time. */
export async function apiSignIn(
  username: string,
): Promise<{ token: string; user: NonNullable<LoginResponse['user']> }> {
  const first = await postLogin({ username, password: DEMO_PASSWORD });
  let final = first;
  if (first.requires_2fa_setup) {
    if (!first.totp_secret || !first.setup_token)
      throw new Error(`Two-factor set-up answer for ${username} lacks a secret`);
    rememberSecret(username, first.totp_secret);
    final = await postLogin({
      setup_token: first.setup_token,
      totp_token: await nextCode(first.totp_secret),
    });
  } else if (first.requires_2fa) {
    const secret = secretOf(username);
    if (!secret || !first.temp_token)
      throw new Error(`${username} already has two-factor but this run never saw its secret`);
    final = await postLogin({ temp_token: first.temp_token, totp_token: await nextCode(secret) });
  }
  if (!final.token || !final.user) throw new Error(`Signing ${username} in through the API gave no token`);
  const { token, user } = final;
  rememberToken(username, token);
  return { token, user };
}

/** A valid bearer token for `username`, signing in only when this run has none the API still accepts. */
export async function tokenFor(username: string): Promise<string> {
  // Tokens live for hours, but signing out revokes one (and a refresh may replace it): check before reuse.
  const known = readRunState().tokens[username];
  if (known && (await call('GET', '/api/access-levels', { token: known })).status !== 401) return known;
  return (await apiSignIn(username)).token;
}

export async function apiGet<T>(path: string, username?: string): Promise<{ status: number; body: T }> {
  const token = username ? await tokenFor(username) : undefined;
  return call<T>('GET', path, { token });
}

export async function apiPost<T>(
  path: string,
  body: unknown,
  username: string,
): Promise<{ status: number; body: T }> {
  return call<T>('POST', path, { token: await tokenFor(username), body });
}

/** Adds a patient to `username`'s group through the API (for flows that need one but are not about adding). */
export async function createPatient(
  username: string,
  fields: Pick<PatientInput, 'FirstName' | 'Surname' | 'DateOfBirth' | 'MRN'> &
    Partial<Pick<PatientInput, 'DateofEvent'>>,
): Promise<Patient> {
  const answer = await apiPost<Partial<PatientResponse> & Partial<ApiErrorBody>>(
    '/api/patients',
    {
      DateofEvent: null,
      ...fields,
      Solicitorname: null,
      Solicitorcompany: null,
      Solicitorreference: null,
      Ourreference: null,
    },
    username,
  );
  if (answer.status >= 400 || !answer.body.patient) {
    throw new Error(`POST /api/patients answered ${answer.status}: ${answer.body.message ?? 'no patient'}`);
  }
  return answer.body.patient;
}
