import { AxiosError, AxiosHeaders } from 'axios';
import { answerCall, HttpResponse, setupApiServer } from '../testing';
import { MESSAGES } from '../messages';
import { callApi } from './callApi';
import { getErrorMessage } from './getErrorMessage';

const server = setupApiServer();

/** The error of a call answered by `answer`; which call does not matter to the message. */
async function failureOf(answer: () => Response): Promise<unknown> {
  server.use(answerCall('listRecentPatients', answer));
  try {
    await callApi('listRecentPatients');
  } catch (error) {
    return error;
  }
  throw new Error('The request was expected to fail');
}

test("shows the server's message when present", async () => {
  const error = await failureOf(() => HttpResponse.json({ message: 'Patient not found' }, { status: 404 }));
  expect(getErrorMessage(error, 'Fallback')).toBe('Patient not found');
});

test('uses the fallback when the answer has no message', async () => {
  const error = await failureOf(() => HttpResponse.json({ error: 'boom' }, { status: 500 }));
  expect(getErrorMessage(error, 'An error occurred while saving the patient.')).toBe(
    'An error occurred while saving the patient.',
  );
});

test('uses the fallback when the message is blank or the body is not JSON', async () => {
  const blank = await failureOf(() => HttpResponse.json({ message: '  ' }, { status: 400 }));
  const text = await failureOf(() => HttpResponse.text('Bad gateway', { status: 502 }));
  expect(getErrorMessage(blank, 'Login failed')).toBe('Login failed');
  expect(getErrorMessage(text, 'Login failed')).toBe('Login failed');
});

test("shows the network error's message when no answer arrived", async () => {
  const error = await failureOf(() => HttpResponse.error());
  expect(getErrorMessage(error, 'Fallback')).toBe('Network Error');
});

test("shows the time-out's message when the server does not answer in time", () => {
  // MSW's XHR interception does not fire time-outs, so the error is built the way axios builds it.
  const timeout = new AxiosError('timeout of 120000ms exceeded', AxiosError.ECONNABORTED, {
    headers: new AxiosHeaders(),
  });
  expect(getErrorMessage(timeout, 'Fallback')).toBe('timeout of 120000ms exceeded');
});

test("defaults to 'An error occurred' and never returns an empty string", () => {
  expect(getErrorMessage(new Error('internal detail'))).toBe(MESSAGES.genericError);
  expect(getErrorMessage('weird')).toBe('An error occurred');
  expect(getErrorMessage(undefined, '')).toBe('An error occurred');
  expect(getErrorMessage(null, '   ')).toBe('An error occurred');
});
