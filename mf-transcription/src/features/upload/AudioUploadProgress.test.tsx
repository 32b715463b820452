// The upload's progress and time-out, which the test network cannot produce: the upload call itself is replaced so
// the test decides how far the file has gone and how the request ends. Everything else talks to MSW as usual.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AudioUploadResponse } from '@ewrt/contract';
import { makePatient, makeUser, renderWithProviders, setupApiServer } from '@ewrt/shared/testing';
import { uploadAudio } from '../api/transcriptionApi';
import {
  audioFile,
  fileInput,
  queuedUpload,
  transcriptionStatusHandler,
  transcriptionTypesHandler,
} from './audioUploadHandlers';
import { AudioUploadPage } from './AudioUploadPage';

jest.mock('../api/transcriptionApi', () => ({
  ...jest.requireActual<object>('../api/transcriptionApi'),
  uploadAudio: jest.fn(),
}));
const mockedUploadAudio = jest.mocked(uploadAudio);

jest.setTimeout(30_000);

setupApiServer(transcriptionTypesHandler(), transcriptionStatusHandler());

/** An upload the test drives: `progress` reports how far it has gone, `finish` and `fail` end it. */
function controlledUpload() {
  const control = {
    progress: (_percent: number) => undefined as void,
    finish: (_answer: AudioUploadResponse) => undefined as void,
    fail: (_error: unknown) => undefined as void,
  };
  mockedUploadAudio.mockImplementation(
    (_file, _patientId, _typeId, onProgress) =>
      new Promise<AudioUploadResponse>((resolve, reject) => {
        control.progress = onProgress;
        control.finish = resolve;
        control.fail = reject;
      }),
  );
  return control;
}

async function startUpload() {
  renderWithProviders(<AudioUploadPage />, {
    route: '/transcription/upload',
    user: makeUser(),
    selectedPatient: makePatient(),
  });
  const user = userEvent.setup({ delay: null });
  await waitFor(() => expect(screen.getByLabelText('Transcription type')).toBeEnabled());
  await user.click(screen.getByLabelText('Transcription type'));
  await user.click(await screen.findByTitle('Outpatient Consultation'));
  await user.upload(fileInput(), audioFile());
  await user.click(screen.getByRole('button', { name: /Upload and Transcribe/ }));
  await waitFor(() => expect(mockedUploadAudio).toHaveBeenCalledTimes(1));
  return user;
}

const progressBar = () => screen.getByRole('progressbar', { name: 'Upload progress' });

it('shows how much of the file has been sent, in percent', async () => {
  const upload = controlledUpload();
  await startUpload();
  expect(mockedUploadAudio.mock.calls[0]?.slice(1, 3)).toEqual([101, 1]);
  expect(progressBar()).toHaveAttribute('aria-valuenow', '0');

  act(() => upload.progress(45));
  expect(progressBar()).toHaveAttribute('aria-valuenow', '45');
  expect(screen.getByText('45%')).toBeVisible();

  act(() => upload.progress(100));
  await act(async () => upload.finish(queuedUpload()));
  expect(await screen.findByText('Queued for transcription as job #77')).toBeVisible();
});

it('says plainly when the upload ran out of its 2 minutes, and Upload can be pressed again', async () => {
  const upload = controlledUpload();
  await startUpload();
  act(() => upload.progress(60));
  await act(async () =>
    upload.fail(Object.assign(new Error('timeout of 120000ms exceeded'), { code: 'ECONNABORTED' })),
  );
  expect(
    await screen.findByText(
      'Error starting audio transcription: the upload did not finish within 2 minutes. Check the connection, ' +
        'or upload a shorter or more compressed recording (MP3 or M4A)',
    ),
  ).toBeVisible();
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Upload and Transcribe/ })).toBeEnabled();
});
