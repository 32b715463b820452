// @ewrt/shared/testing: helpers for the tests of every front-end package (never for app code).
// The reference gives every package that imports this entry the jest-dom matcher types.
/// <reference types="@testing-library/jest-dom" />
export { renderWithProviders, type RenderWithProvidersOptions } from './renderWithProviders';
export { makePatient, makeUser } from './factories';
export { TEST_API_BASE_URL, apiUrl, setupApiServer } from './apiServer';
export { answerCall, answerCallWith, type CallAnswering, type CallReceived } from './answerCall';
export {
  ADMIN_REMOTE,
  DOCUMENTS_REMOTE,
  PATIENTS_REMOTE,
  REPORTS_REMOTE,
  SUITE_REMOTES,
  TRANSCRIPTION_REMOTE,
  makeRuntimeConfig,
  provideRuntimeConfig,
} from './suiteRemotes';
export { generatedRuntimeConfig } from './generatedRuntimeConfig';
export {
  openFakeSockets,
  openJobSockets,
  pushJobUpdate,
  socketListeningFor,
  type FakeSocket,
} from './fakeSocketIo';
export { delay, http, HttpResponse } from 'msw';
export { makeDocumentPage, makePageImage } from './pageViewHandlers';
