import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { AUDIO_UPLOAD_REDIRECT_DELAY_MS } from '@ewrt/contract/limits';
import {
  HttpResponse,
  makePatient,
  makeUser,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import {
  audioFile,
  bareTranscriptionError,
  fileInput,
  INSTALL_COMMAND,
  makeTranscriptionStatus,
  queuedUpload,
  transcriptionStatusHandler,
  transcriptionTypesHandler,
  transcriptionApiError,
} from './audioUploadHandlers';
import { AudioUploadPage } from './AudioUploadPage';

jest.setTimeout(30_000);
const slow = { timeout: 8_000 };

const PATIENT = makePatient();
const EXPERT = makeUser();
const TRANSCRIPTION_ONLY = makeUser({ ID_User: 9, txt_access_level: 'Transcription Only' });

const server = setupApiServer(transcriptionTypesHandler(), transcriptionStatusHandler());

afterEach(() => {
  jest.useRealTimers();
});

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

type User = ReturnType<typeof userEvent.setup>;

function renderPage({
  route = '/transcription/upload',
  selected = true,
  user = EXPERT,
  fakeClock = false,
} = {}): User {
  if (fakeClock) jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  renderWithProviders(
    <Routes>
      <Route path="/transcription/upload" element={<AudioUploadPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { route, user, selectedPatient: selected ? PATIENT : undefined },
  );
  // Files are dropped rather than picked, so the picker's accept list does not hide a wrong one from the check.
  const options = { delay: null, applyAccept: false };
  return userEvent.setup(fakeClock ? { ...options, advanceTimers: jest.advanceTimersByTime } : options);
}

const region = (name: string) => within(screen.getByRole('region', { name }));
const QUEUED = 'Queued for transcription as job #77';
const SERVER_QUEUED_MESSAGE = queuedUpload().message;

/**
 * Waits for `check` to pass on a fake clock, moving it 1 ms at a time (waitFor would move it 50 ms per poll, past
 * the redirect, while the upload's answer is still on its way); fails once `budgetMs` of clock time has passed.
 */
async function waitOnFakeClock(check: () => void, budgetMs = 500) {
  for (let elapsed = 0; ; elapsed += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (elapsed >= budgetMs) throw error;
    }
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
  }
}
const uploadButton = () => screen.getByRole('button', { name: /Upload and Transcribe/ });

async function chooseType(user: User, option: string) {
  await waitFor(() => expect(screen.getByLabelText('Transcription type')).toBeEnabled(), slow);
  await user.click(screen.getByLabelText('Transcription type'));
  const item = await waitFor(() => {
    const open = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';
    const found = [...document.querySelectorAll<HTMLElement>(open)].find(
      (element) => element.getAttribute('title') === option,
    );
    if (!found) throw new Error(`No option "${option}"`);
    return found;
  }, slow);
  await user.click(item);
}

/** Records the upload's multipart fields, in the order they were sent, and answers with `answer`. */
function recordUploads(
  answer: () => Response | Promise<Response> = () => HttpResponse.json(queuedUpload(), { status: 202 }),
) {
  const sent: [string, string][][] = [];
  server.use(
    answerCallWith('uploadAudio', async ({ request }) => {
      const form = await request.formData();
      sent.push(
        [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
      );
      return answer();
    }),
  );
  return sent;
}

describe('the patient', () => {
  it.each([
    [
      'no patient is selected',
      '/transcription/upload',
      'Please select a patient to upload audio for transcription',
    ],
    [
      'the ?patientId= patient cannot be loaded',
      '/transcription/upload?patientId=999',
      'Failed to load patient information',
    ],
  ])('when %s, says so and Select Patient opens the patient search', async (_, route, shown) => {
    server.use(answerCallWith('getPatient', () => transcriptionApiError(404, 'Patient not found')));
    const user = renderPage({ route, selected: false });
    expect(await screen.findByText(shown, {}, slow)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Upload and Transcribe/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select Patient' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/patients');
  });

  it('shows the patient with date of birth and Date of Event, and links to the dashboard and live recording', async () => {
    const other = makePatient({
      ID_Patient: 202,
      FirstName: 'Bea',
      Surname: 'Other',
      MRN: 'DEMO-0202',
      DateofEvent: null,
    });
    server.use(answerCallWith('getPatient', other));
    renderPage({ route: '/transcription/upload?patientId=202' });
    const patient = within(await screen.findByRole('region', { name: 'Patient' }, slow));
    expect(patient.getByText('Bea Other')).toBeVisible();
    expect(patient.getByText('DEMO-0202')).toBeVisible();
    expect(patient.getByText('12/05/1980')).toBeVisible();
    expect(patient.getByText('Not specified')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Patient Dashboard' })).toHaveAttribute(
      'href',
      '/patients/202/dashboard',
    );
    expect(screen.getByRole('link', { name: 'Live Recording' })).toHaveAttribute(
      'href',
      '/transcription/live?patientId=202',
    );
    expect(screen.getByText(/usually takes 5 to 30 minutes/)).toBeVisible();
    expect(region('Selected File').getByText('No file selected')).toBeVisible();
    expect(region('Processing Status').getByText('Waiting for an audio file')).toBeVisible();
  });

  it('edits the Date of Event for a user with the documents tools', async () => {
    let stored: unknown = null;
    server.use(
      answerCallWith('updateDateOfEvent', async ({ request }) => {
        stored = await request.json();
        return HttpResponse.json({
          patient: { ...PATIENT, DateofEvent: '2024-06-15' },
          message: 'Date of Event updated successfully!',
        });
      }),
    );
    const user = renderPage();
    await user.click(await region('Patient').findByRole('button', { name: 'Edit Event Date' }, slow));
    const input = region('Patient').getByLabelText('Date of Event');
    await user.clear(input);
    await user.type(input, '15/06/2024');
    await user.click(region('Patient').getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Date of Event updated successfully!', {}, slow)).toBeInTheDocument();
    expect(stored).toEqual({ DateofEvent: '2024-06-15' });
    expect(region('Patient').getByText('15/06/2024')).toBeVisible();
  });

  it('shows the Date of Event without Edit to a Transcription Only user', async () => {
    renderPage({ user: TRANSCRIPTION_ONLY });
    expect(await region('Patient').findByText('01/03/2024', {}, slow)).toBeVisible();
    expect(region('Patient').queryByRole('button', { name: 'Edit Event Date' })).not.toBeInTheDocument();
  });
});

describe('choosing what to upload', () => {
  it('offers the transcription types, and says when they cannot be loaded, with Retry', async () => {
    server.use(transcriptionTypesHandler(bareTranscriptionError));
    const user = renderPage();
    expect(await screen.findByText('Failed to load transcription types', {}, slow)).toBeVisible();
    server.use(transcriptionTypesHandler());
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await chooseType(user, 'Medicolegal Assessment');
    expect(screen.queryByText('Failed to load transcription types')).not.toBeInTheDocument();
  });

  it('Upload without a file or a type says what is missing and sends nothing', async () => {
    const sent = recordUploads();
    const user = renderPage();
    await waitFor(() => expect(screen.getByLabelText('Transcription type')).toBeEnabled(), slow);
    await user.click(uploadButton());
    const missing = 'Please select an audio file, transcription type, and ensure a patient is selected';
    expect(await screen.findByText(missing)).toBeVisible();

    await user.upload(fileInput(), audioFile());
    await user.click(uploadButton());
    expect(await screen.findByText(missing)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('shows the chosen file in the sidebar, with a notice above 10MB, and Remove forgets it', async () => {
    const user = renderPage();
    await user.upload(fileInput(), audioFile('ward round.m4a', '', 11 * 1024 * 1024));
    const file = region('Selected File');
    expect(await file.findByText('ward round.m4a')).toBeVisible();
    expect(file.getByText('11 MB')).toBeVisible();
    expect(file.getByText('M4A')).toBeVisible();
    expect(region('Processing Status').getByText('Ready to upload')).toBeVisible();
    expect(screen.getByText(/This is a large file \(11 MB\)/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove ward round.m4a' }));
    expect(file.getByText('No file selected')).toBeVisible();
    expect(screen.queryByText(/This is a large file/)).not.toBeInTheDocument();
  });

  it('gives no large-file notice for a file of 10MB', async () => {
    const user = renderPage();
    await user.upload(fileInput(), audioFile('short.mp3', 'audio/mpeg', 10 * 1024 * 1024));
    expect(await region('Selected File').findByText('short.mp3')).toBeVisible();
    expect(screen.queryByText(/This is a large file/)).not.toBeInTheDocument();
  });

  it('refuses a file that is not audio, and one of 500MB, keeping neither', async () => {
    const user = renderPage();
    await user.upload(fileInput(), new File(['%PDF'], 'clinic letter.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('Please select a valid audio file (MP3, WAV, M4A, AAC, OGG, WebM)'),
    ).toBeVisible();
    expect(region('Selected File').getByText('No file selected')).toBeVisible();

    const huge = audioFile('all-day.wav', 'audio/wav', 16);
    Object.defineProperty(huge, 'size', { value: 500 * 1024 * 1024 });
    await user.upload(fileInput(), huge);
    expect(await screen.findByText('File size must be less than 500MB')).toBeVisible();
    expect(region('Selected File').getByText('No file selected')).toBeVisible();
  });

  it('says up front when speech recognition is not available, with its install command, and disables Upload', async () => {
    server.use(
      transcriptionStatusHandler(
        makeTranscriptionStatus({
          available: false,
          message: 'pocketsphinx is not installed on this server',
          install_command: INSTALL_COMMAND,
        }),
      ),
    );
    renderPage();
    expect(
      await screen.findByText('Speech recognition is not available on this server', {}, slow),
    ).toBeVisible();
    expect(screen.getByText('pocketsphinx is not installed on this server')).toBeVisible();
    expect(screen.getByText(INSTALL_COMMAND)).toBeVisible();
    expect(uploadButton()).toBeDisabled();
  });

  it('says so when dictation works but audio files cannot be read (no ffmpeg), and disables Upload', async () => {
    server.use(
      transcriptionStatusHandler(
        makeTranscriptionStatus({
          available: true,
          reads_files: false,
          message: 'Live dictation works; uploaded audio files cannot be read until ffmpeg is installed',
          install_command: INSTALL_COMMAND,
        }),
      ),
    );
    renderPage();
    expect(await screen.findByText('Audio files cannot be read on this server', {}, slow)).toBeVisible();
    expect(screen.getByText(INSTALL_COMMAND)).toBeVisible();
    expect(uploadButton()).toBeDisabled();
  });
});

describe('uploading', () => {
  it('sends patient, type and file, shows the progress, then the queued job, and moves on to the server’s target after 2 seconds', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent = recordUploads(async () => {
      await held;
      return HttpResponse.json(queuedUpload(), { status: 202 });
    });
    const user = renderPage({ fakeClock: true });
    await chooseType(user, 'Medical Opinion');
    await user.upload(fileInput(), audioFile());
    await user.click(uploadButton());

    await waitOnFakeClock(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual([
      ['patient_id', '101'],
      ['transcription_type_id', '3'],
      ['audio_file', 'clinic-dictation.wav'],
    ]);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    expect(region('Processing Status').getByText('Uploading the audio file')).toBeVisible();
    expect(uploadButton()).toBeDisabled();

    release();
    await waitOnFakeClock(() => expect(region('Processing Status').getByText(QUEUED)).toBeVisible());
    expect(screen.getByText(SERVER_QUEUED_MESSAGE)).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByRole('link', { name: 'Go there now' })).toHaveAttribute('href', '/patient/101/jobs');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(AUDIO_UPLOAD_REDIRECT_DELAY_MS - 100);
    });
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/patient/101/jobs');
  });

  it('moves on to Manage Transcriptions when the server says so', async () => {
    recordUploads(() =>
      HttpResponse.json(queuedUpload({ redirect_to: '/transcription/manage?patientId=101' }), {
        status: 202,
      }),
    );
    const user = renderPage({ user: TRANSCRIPTION_ONLY });
    await chooseType(user, 'Outpatient Consultation');
    await user.upload(fileInput(), audioFile());
    await user.click(uploadButton());
    expect(await screen.findByTestId('location', {}, slow)).toHaveTextContent(
      '/transcription/manage?patientId=101',
    );
  });

  it.each([
    [
      'the server’s reason',
      () => transcriptionApiError(415, 'The file is not a supported audio recording'),
      'The file is not a supported audio recording',
    ],
    ['its own words', bareTranscriptionError, 'Unknown error'],
    [
      'the answer’s error',
      () => HttpResponse.json(queuedUpload({ success: false, error: 'Queue is full' }), { status: 202 }),
      'Queue is full',
    ],
  ])(
    'a failed upload says so with %s, keeps the file and type, and Upload again sends it',
    async (_, answer, detail) => {
      let attempt = 0;
      const sent = recordUploads(() => {
        attempt += 1;
        return attempt === 1 ? answer() : HttpResponse.json(queuedUpload(), { status: 202 });
      });
      const user = renderPage();
      await chooseType(user, 'Medicolegal Assessment');
      await user.upload(fileInput(), audioFile());
      await user.click(uploadButton());

      expect(
        await screen.findByText(`Error starting audio transcription: ${detail}`, {}, slow),
      ).toBeVisible();
      expect(region('Processing Status').getByText(/Upload failed/)).toBeVisible();
      expect(region('Selected File').getByText('clinic-dictation.wav')).toBeVisible();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

      await user.click(uploadButton());
      expect(await screen.findByTestId('location', {}, slow)).toHaveTextContent('/patient/101/jobs');
      expect(sent).toHaveLength(2);
      expect(sent[1]).toEqual(sent[0]);
      expect(sent[1]).toContainEqual(['transcription_type_id', '2']);
    },
  );

  it('a network failure is named', async () => {
    server.use(answerCallWith('uploadAudio', () => HttpResponse.error()));
    const user = renderPage();
    await chooseType(user, 'Medicolegal Assessment');
    await user.upload(fileInput(), audioFile());
    await user.click(uploadButton());
    expect(
      await screen.findByText('Error starting audio transcription: Network Error', {}, slow),
    ).toBeVisible();
  });
});
