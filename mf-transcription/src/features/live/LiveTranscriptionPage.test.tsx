import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { TranscriptionPayload } from '@ewrt/contract';
import { TRANSCRIPTION_AUTOSAVE_INTERVAL_MS, TRANSCRIPTION_EVENTS } from '@ewrt/contract/limits';
import {
  answerCall,
  HttpResponse,
  makeUser,
  provideRuntimeConfig,
  renderWithProviders,
  setupApiServer,
  socketListeningFor,
  type FakeSocket,
} from '@ewrt/shared/testing';
import { LiveTranscriptionPage } from './LiveTranscriptionPage';
import { installFakeAudioCapture } from './testing/fakeAudioCapture';
import {
  answerSummaries,
  transcriptionApiError,
  createLiveTranscriptionBackend,
  INSTALL_COMMAND,
  liveTranscriptionHandlers,
  makeStatus,
  makeTranscription,
  MEDICOLEGAL_RESULT,
  requestsTo,
  resetLiveTranscriptionBackend,
  SERVER_MODEL_LABEL,
} from './testing/liveTranscriptionBackend';

// jest cannot evaluate import.meta: the worklet's URL is what webpack would give it.
jest.mock('./pcmCaptureWorkletUrl', () => ({
  pcmCaptureWorkletUrl: () => 'http://localhost:3004/pcmCaptureWorklet.js',
}));

jest.setTimeout(60_000);
const slow = { timeout: 8_000 };

const CLINICIAN = makeUser({ ID_User: 3, Name: 'Dr Asha Patel', txt_access_level: 'Full Access' });
const LIVE_ROUTE = '/transcription/live?patientId=101';

const backend = createLiveTranscriptionBackend();
const server = setupApiServer(...liveTranscriptionHandlers(backend));
const audio = installFakeAudioCapture();

beforeEach(() => {
  resetLiveTranscriptionBackend(backend);
  provideRuntimeConfig();
});
afterEach(() => {
  jest.useRealTimers();
});

type User = ReturnType<typeof userEvent.setup>;

function renderPage({ route = LIVE_ROUTE, fakeClock = false } = {}): User {
  if (fakeClock) jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
  renderWithProviders(
    <Routes>
      <Route path="/transcription/live" element={<LiveTranscriptionPage />} />
      <Route path="/patients" element={<p>Patient search</p>} />
    </Routes>,
    { route, user: CLINICIAN },
  );
  const options = { delay: null };
  return userEvent.setup(fakeClock ? { ...options, advanceTimers: jest.advanceTimersByTime } : options);
}

const region = (name: string) => within(screen.getByRole('region', { name }));
/** The live line as read: its "Hearing:" label and the words still being recognised. */
const partialLine = () => screen.queryByText('Hearing:')?.closest('p')?.textContent ?? null;
/** The final text only: a log (appended to, announced politely) while recording, else a text box to correct. */
const transcriptText = () => {
  const log = screen.queryByRole('log', { name: 'Final transcript' });
  if (log) return log.textContent?.trim();
  return screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Final transcript' }).value.trim();
};

async function connectedSocket(): Promise<FakeSocket> {
  const socket = await socketListeningFor(TRANSCRIPTION_EVENTS.TRANSCRIPTION);
  act(() => socket.simulateConnect());
  expect(await screen.findByText('Connected', {}, slow)).toBeVisible();
  return socket;
}

async function chooseType(user: User, option: string) {
  await user.click(await screen.findByLabelText('Transcription type', {}, slow));
  const item = await waitFor(() => {
    // Only the open list: a list opened earlier stays in the document, hidden.
    const open = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';
    const found = [...document.querySelectorAll<HTMLElement>(open)].find(
      (element) => element.getAttribute('title') === option,
    );
    if (!found) throw new Error(`No option "${option}"`);
    return found;
  }, slow);
  await user.click(item);
}

/**
 * The open dialog with this title. Found by its title rather than by role and name: under test antd gives every
 * dialog the same id for its title, so two dialogs in the document would share one name.
 */
async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen
      .getAllByText(title)
      .map((element) => element.closest<HTMLElement>('[role="dialog"]'))
      .find((element) => element !== null && element.style.display !== 'none');
    if (!dialog) throw new Error(`No open dialog titled "${title}"`);
    return dialog;
  }, slow);
}

const startButton = () => screen.getByRole('button', { name: /Start Recording/ });

/** Start, then the server's answer: the draft the segments go to. */
async function startRecording(user: User, socket: FakeSocket, draftId = 55) {
  const startsBefore = socket.emitted(TRANSCRIPTION_EVENTS.START).length;
  await user.click(startButton());
  await waitFor(
    () => expect(socket.emitted(TRANSCRIPTION_EVENTS.START)).toHaveLength(startsBefore + 1),
    slow,
  );
  act(() =>
    socket.receive(TRANSCRIPTION_EVENTS.STARTED, {
      transcription_id: draftId,
      recognizer: 'pocketsphinx (offline, on this server)',
      recognizer_sample_rate: 16_000,
    }),
  );
  expect(await screen.findByText('RECORDING')).toBeVisible();
}

function recognised(
  socket: FakeSocket,
  transcript: string,
  isPartial: boolean,
  confidence: number | null = 0.87,
) {
  const payload: TranscriptionPayload = {
    transcript,
    isPartial,
    confidence,
    timestamp: '2026-01-05T10:15:30.000Z',
  };
  act(() => socket.receive(TRANSCRIPTION_EVENTS.TRANSCRIPTION, payload));
}

/** A connected screen with the type chosen, recording into draft 55, with one final segment. */
async function recordingWithText(options: { fakeClock?: boolean } = {}) {
  const user = renderPage(options);
  const socket = await connectedSocket();
  await chooseType(user, 'Medicolegal Assessment');
  await startRecording(user, socket);
  recognised(socket, 'the claimant reports neck pain', false);
  await waitFor(() => expect(transcriptText()).toBe('the claimant reports neck pain'));
  return { user, socket };
}

describe('the patient', () => {
  it("without a patient says 'Please select a patient' with a button to the patient search", async () => {
    const user = renderPage({ route: '/transcription/live' });
    expect(await screen.findByText('Please select a patient', {}, slow)).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Select Patient/ }));
    expect(await screen.findByText('Patient search')).toBeVisible();
  });

  it('shows the patient with the date of birth as day, short month and year, and where to go next', async () => {
    renderPage();
    const patient = within(await screen.findByRole('region', { name: 'Patient' }, slow));
    expect(patient.getByText('Alex Example')).toBeVisible();
    expect(patient.getByText('DEMO-0101')).toBeVisible();
    expect(patient.getByText('12 May 1980')).toBeVisible();
    expect(screen.getByRole('link', { name: /Patient Dashboard/ })).toHaveAttribute(
      'href',
      '/patients/101/dashboard',
    );
    expect(screen.getByRole('link', { name: /Manage Transcriptions/ })).toHaveAttribute(
      'href',
      '/transcription/manage?patientId=101',
    );
  });
});

describe('the connection', () => {
  it('connects with the session token over the socket and says so in words', async () => {
    renderPage();
    const socket = await socketListeningFor(TRANSCRIPTION_EVENTS.TRANSCRIPTION);
    expect(socket.options).toEqual(
      expect.objectContaining({ auth: { token: 'test-token' }, transports: ['websocket'], timeout: 20_000 }),
    );
    expect(region('Transcription Service').getByText('Connecting...')).toBeVisible();
    act(() => socket.simulateConnect());
    expect(await region('Transcription Service').findByText('Connected')).toBeVisible();
  });

  it("a failed connection (the 20 s timeout) says 'Failed to connect to transcription service' and offers Reconnect", async () => {
    renderPage();
    const socket = await socketListeningFor(TRANSCRIPTION_EVENTS.TRANSCRIPTION);
    act(() => socket.simulateConnectError('timeout'));
    const service = region('Transcription Service');
    expect(await service.findByText('Failed to connect to transcription service')).toBeVisible();
    expect(service.getByText('Disconnected')).toBeVisible();
    await userEvent.setup({ delay: null }).click(service.getByRole('button', { name: /Reconnect/ }));
    expect(service.getByText('Connecting...')).toBeVisible();
    act(() => socket.simulateConnect());
    expect(await service.findByText('Connected')).toBeVisible();
    expect(service.queryByText('Failed to connect to transcription service')).not.toBeInTheDocument();
  });
});

describe('starting', () => {
  it('refuses without a type, then without a connection, and never asks for the microphone', async () => {
    const user = renderPage();
    await socketListeningFor(TRANSCRIPTION_EVENTS.TRANSCRIPTION);
    await screen.findByLabelText('Transcription type', {}, slow);

    await user.click(startButton());
    expect(await screen.findByText('Please select a transcription type first')).toBeVisible();

    await chooseType(user, 'Outpatient Consultation');
    await user.click(startButton());
    expect(await screen.findByText('Not connected to transcription service')).toBeVisible();
    expect(audio.getUserMedia).not.toHaveBeenCalled();
  });

  it("says 'Failed to access microphone: {detail}' when the browser refuses it", async () => {
    audio.refuseMicrophone(new DOMException('Permission denied', 'NotAllowedError'));
    const user = renderPage();
    const socket = await connectedSocket();
    await chooseType(user, 'Outpatient Consultation');
    await user.click(startButton());
    expect(await screen.findByText('Failed to access microphone: Permission denied')).toBeVisible();
    expect(socket.emitted(TRANSCRIPTION_EVENTS.START)).toHaveLength(0);
    expect(startButton()).toBeEnabled();
  });

  it('says before anyone speaks when this server cannot recognise speech, with the install command', async () => {
    backend.status = {
      ...makeStatus(false),
      speech: {
        available: false,
        name: 'pocketsphinx (offline, on this server)',
        message: 'pocketsphinx is not installed',
        install_command: INSTALL_COMMAND,
        on_server: true,
        reads_files: true,
      },
    };
    renderPage();
    expect(
      await screen.findByText('Speech recognition is not available: pocketsphinx is not installed', {}, slow),
    ).toBeVisible();
    expect(screen.getByText(INSTALL_COMMAND)).toBeVisible();
  });

  it("shows 'Failed to load transcription types' when the types cannot be loaded", async () => {
    server.use(answerCall('getTranscriptionTypes', () => new HttpResponse(null, { status: 500 })));
    renderPage();
    expect(await screen.findByText('Failed to load transcription types', {}, slow)).toBeVisible();
  });
});

describe('recording', () => {
  it('streams the microphone: start, partial, final, duplicates dropped, pause, resume, stop', async () => {
    audio.setContextSampleRate(48_000);
    const user = renderPage();
    const socket = await connectedSocket();
    await chooseType(user, 'Outpatient Consultation');
    await user.click(startButton());

    // The microphone as TRN-04 asks for it, and the rate the audio context actually runs at.
    expect(audio.getUserMedia).toHaveBeenCalledWith({
      audio: {
        sampleRate: 44_100,
        channelCount: 1,
        echoCancellation: true,
        noiseSuppression: true,
        autoGainControl: true,
      },
    });
    await waitFor(() => expect(socket.emitted(TRANSCRIPTION_EVENTS.START)).toHaveLength(1), slow);
    expect(socket.emitted(TRANSCRIPTION_EVENTS.START)[0]).toEqual([
      { sampleRate: 48_000, patient_id: 101, transcription_type_id: 1, transcription_id: null },
    ]);
    expect(audio.contexts[0]!.options).toEqual({ sampleRate: 44_100 });
    expect(audio.contexts[0]!.modules).toEqual(['http://localhost:3004/pcmCaptureWorklet.js']);
    expect(audio.nodes[0]!.options.processorOptions).toEqual({ chunkSamples: 4096 });

    // Audio captured before the server opened the stream is held, then sent in order.
    const early = new ArrayBuffer(8192);
    act(() => audio.sendChunk(early));
    expect(socket.emitted(TRANSCRIPTION_EVENTS.AUDIO)).toHaveLength(0);
    act(() =>
      socket.receive(TRANSCRIPTION_EVENTS.STARTED, {
        transcription_id: 55,
        recognizer: 'pocketsphinx (offline, on this server)',
        recognizer_sample_rate: 16_000,
      }),
    );
    expect(await screen.findByText('RECORDING')).toBeVisible();
    const next = new ArrayBuffer(8192);
    act(() => audio.sendChunk(next));
    expect(socket.emitted(TRANSCRIPTION_EVENTS.AUDIO)).toEqual([[early], [next]]);

    // Partials replace the live line; the final replaces it in the text.
    recognised(socket, 'go for', true);
    await waitFor(() => expect(partialLine()).toBe('Hearing: go for'));
    recognised(socket, 'go forward ten', true);
    await waitFor(() => expect(partialLine()).toBe('Hearing: go forward ten'));
    // The live line is not part of the final text.
    expect(transcriptText()).toBe('');
    recognised(socket, 'go forward ten meters', false, 0.87);
    await waitFor(() => expect(transcriptText()).toBe('go forward ten meters'));
    expect(partialLine()).toBeNull();

    // A repeat of the previous segment, or of one already there, is dropped.
    recognised(socket, 'Go forward ten meters', false);
    recognised(socket, 'then turn left', false, null);
    recognised(socket, 'go forward ten meters', false);
    await waitFor(() => expect(transcriptText()).toBe('go forward ten meters then turn left'));
    const summary = region('Transcription Summary');
    expect(summary.getByText('Outpatient Consultation')).toBeVisible();
    expect(summary.getByText('7')).toBeVisible();
    expect(summary.getByText('2')).toBeVisible();
    expect(summary.getByText('#55')).toBeVisible();
    expect(summary.getByText('pocketsphinx (offline, on this server)')).toBeVisible();

    // The detailed segments, collapsed until asked for, with their confidence.
    const toggle = screen.getByRole('button', { name: /Detailed segments \(2\)/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(/Segment 1 · .* · Confidence 87%/)).toBeVisible();
    expect(screen.getByText(/Segment 2 · .* · Confidence not given/)).toBeVisible();

    // Pause: no audio is sent until Resume.
    await user.click(screen.getByRole('button', { name: /Pause/ }));
    expect(await screen.findByText('PAUSED')).toBeVisible();
    expect(socket.emitted(TRANSCRIPTION_EVENTS.PAUSE)).toHaveLength(1);
    expect(audio.contexts[0]!.state).toBe('suspended');
    act(() => audio.sendChunk(new ArrayBuffer(8192)));
    expect(socket.emitted(TRANSCRIPTION_EVENTS.AUDIO)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Resume/ }));
    expect(await screen.findByText('RECORDING')).toBeVisible();
    expect(socket.emitted(TRANSCRIPTION_EVENTS.RESUME)).toHaveLength(1);
    act(() => audio.sendChunk(new ArrayBuffer(8192)));
    expect(socket.emitted(TRANSCRIPTION_EVENTS.AUDIO)).toHaveLength(3);

    // Stop releases the microphone and the audio context.
    await user.click(screen.getByRole('button', { name: /Stop/ }));
    expect(await screen.findByText('Stopped')).toBeVisible();
    expect(screen.queryByText('RECORDING')).not.toBeInTheDocument();
    expect(socket.emitted(TRANSCRIPTION_EVENTS.STOP)).toHaveLength(1);
    expect(audio.tracks.every((track) => track.stopped)).toBe(true);
    await waitFor(() => expect(audio.contexts[0]!.state).toBe('closed'));
    expect(socket.emittedEvents().filter((event) => event !== TRANSCRIPTION_EVENTS.AUDIO)).toEqual([
      'start_transcription',
      'pause_transcription',
      'resume_transcription',
      'stop_transcription',
    ]);
  });

  it("a lost connection stops the recording with 'Connection lost during recording' and saves the draft", async () => {
    const { socket } = await recordingWithText();
    act(() => socket.simulateDisconnect('transport close'));
    expect(await screen.findByText('Connection lost during recording')).toBeVisible();
    expect(screen.queryByText('RECORDING')).not.toBeInTheDocument();
    expect(audio.tracks.every((track) => track.stopped)).toBe(true);
    await waitFor(() => expect(requestsTo(backend, 'POST', '/api/transcription/save')).toHaveLength(1));
    expect(requestsTo(backend, 'POST', '/api/transcription/save')[0]!.body).toEqual({
      patient_id: 101,
      transcription_text: 'the claimant reports neck pain',
      transcription_type_id: 2,
      is_complete: false,
      transcription_id: 55,
      based_on_text: 'the claimant reports neck pain',
    });
  });

  it('an error from the service stops the recording, saves, and shows the command that installs the recogniser', async () => {
    const { socket } = await recordingWithText();
    act(() =>
      socket.receive(TRANSCRIPTION_EVENTS.ERROR, {
        error: 'Speech recognition is not installed on this server',
        install_command: INSTALL_COMMAND,
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Speech recognition is not installed on this server')).toBeVisible();
    expect(within(alert).getByText(INSTALL_COMMAND)).toBeVisible();
    expect(within(alert).getByRole('button', { name: /copy/i })).toBeVisible();
    expect(socket.emitted(TRANSCRIPTION_EVENTS.STOP)).toHaveLength(1);
    expect(screen.queryByText('RECORDING')).not.toBeInTheDocument();
    await waitFor(() => expect(requestsTo(backend, 'POST', '/api/transcription/save')).toHaveLength(1));
  });

  it('auto-saves every 30 seconds while recording; a failed auto-save is only logged', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, socket } = await recordingWithText({ fakeClock: true });
    const saves = () => requestsTo(backend, 'POST', '/api/transcription/save');

    await act(async () => {
      await jest.advanceTimersByTimeAsync(TRANSCRIPTION_AUTOSAVE_INTERVAL_MS - 1000);
    });
    expect(saves()).toHaveLength(0);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toEqual(
      expect.objectContaining({
        transcription_id: 55,
        is_complete: false,
        transcription_text: 'the claimant reports neck pain',
      }),
    );

    recognised(socket, 'worse on turning the head', false);
    server.use(
      answerCall('saveTranscription', () => transcriptionApiError(500, 'The database is unavailable')),
    );
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TRANSCRIPTION_AUTOSAVE_INTERVAL_MS);
    });
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Auto-save of the live transcription failed', expect.anything()),
    );
    expect(screen.queryByText('The database is unavailable')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to save transcription')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Paused: no auto-save.
    await user.click(screen.getByRole('button', { name: /Pause/ }));
    const before = saves().length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TRANSCRIPTION_AUTOSAVE_INTERVAL_MS * 2);
    });
    expect(saves()).toHaveLength(before);
  });
});

describe('continuing and starting over', () => {
  it('?loadTranscription= restores the text and type, and the next start continues that draft', async () => {
    backend.transcriptions.set(77, makeTranscription());
    const user = renderPage({ route: '/transcription/live?patientId=101&loadTranscription=77' });
    expect(
      await screen.findByText(
        'Transcription loaded from Manage Transcriptions. You can now continue editing and recording.',
        {},
        slow,
      ),
    ).toBeVisible();
    expect(transcriptText()).toBe('the claimant reports neck pain since the collision');
    expect(region('Transcription Summary').getByText('Medicolegal Assessment')).toBeVisible();
    expect(region('Transcription Summary').getByText('#77')).toBeVisible();

    const socket = await connectedSocket();
    await startRecording(user, socket, 77);
    expect(socket.emitted(TRANSCRIPTION_EVENTS.START)[0]).toEqual([
      expect.objectContaining({ transcription_type_id: 2, transcription_id: 77 }),
    ]);
    recognised(socket, 'and in the lower back', false);
    await waitFor(() =>
      expect(transcriptText()).toBe(
        'the claimant reports neck pain since the collision and in the lower back',
      ),
    );
  });

  it("says 'Failed to load selected transcription' when it cannot be loaded, or the server's reason", async () => {
    server.use(answerCall('getTranscription', () => new HttpResponse(null, { status: 500 })));
    renderPage({ route: '/transcription/live?patientId=101&loadTranscription=404' });
    expect(await screen.findByText('Failed to load selected transcription', {}, slow)).toBeVisible();
  });

  it('does not continue a transcription that is already complete', async () => {
    backend.transcriptions.set(77, makeTranscription({ Status: 'Complete', S3_Link: 'patients/101/t.docx' }));
    renderPage({ route: '/transcription/live?patientId=101&loadTranscription=77' });
    expect(await screen.findByText('Failed to load selected transcription', {}, slow)).toBeVisible();
    expect(screen.getByText(/The transcript appears here as you speak/)).toBeVisible();
  });

  it('continues one of the Previous Transcriptions chosen from the list', async () => {
    const previous = makeTranscription({ ID_Transcription: 78, Transcription: 'follow-up of the left knee' });
    backend.incomplete = [previous];
    backend.transcriptions.set(78, previous);
    const user = renderPage();
    await user.click(await screen.findByLabelText('Previous Transcriptions', {}, slow));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      );
      if (!found) throw new Error('No option');
      return found;
    }, slow);
    expect(option).toHaveTextContent('05/01/2026');
    expect(option).toHaveTextContent('follow-up of the left knee');
    await user.click(option);
    expect(
      await screen.findByText('Previous transcription loaded. You can now continue editing and recording.'),
    ).toBeVisible();
    expect(transcriptText()).toBe('follow-up of the left knee');
  });

  it("New Transcription stops the recording and starts afresh: 'Started new transcription'", async () => {
    const { user, socket } = await recordingWithText();
    await user.click(screen.getByRole('button', { name: /New Transcription/ }));
    expect(await screen.findByText('Started new transcription')).toBeVisible();
    expect(socket.emitted(TRANSCRIPTION_EVENTS.STOP)).toHaveLength(1);
    expect(socket.emitted(TRANSCRIPTION_EVENTS.CLEAR_TRACKING)).toHaveLength(1);
    expect(audio.tracks.every((track) => track.stopped)).toBe(true);
    expect(screen.queryByText('RECORDING')).not.toBeInTheDocument();
    expect(screen.getByText(/The transcript appears here as you speak/)).toBeVisible();
    expect(region('Transcription Summary').getByText('Not saved yet')).toBeVisible();

    // The next start opens a new draft.
    await startRecording(user, socket, 56);
    expect(socket.emitted(TRANSCRIPTION_EVENTS.START)[1]).toEqual([
      expect.objectContaining({ transcription_id: null }),
    ]);
  });

  it("Clear All empties the transcript: 'Transcription cleared'", async () => {
    const { user, socket } = await recordingWithText();
    await user.click(screen.getByRole('button', { name: /Stop/ }));
    await user.click(screen.getByRole('button', { name: /Clear All/ }));
    expect(await screen.findByText('Transcription cleared')).toBeVisible();
    expect(socket.emitted(TRANSCRIPTION_EVENTS.CLEAR_TRACKING)).toHaveLength(1);
    expect(screen.getByText(/The transcript appears here as you speak/)).toBeVisible();
  });
});

describe('saving and completing', () => {
  it("Save Incomplete with nothing recorded says 'No transcription to save'", async () => {
    const user = renderPage();
    await screen.findByLabelText('Transcription type', {}, slow);
    await user.click(screen.getByRole('button', { name: /Save Incomplete/ }));
    expect(await screen.findByText('No transcription to save')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("Save Incomplete saves the transcript over the draft, and says 'Failed to save transcription' when it cannot", async () => {
    const { user } = await recordingWithText();
    await user.click(screen.getByRole('button', { name: /Save Incomplete/ }));
    const dialog = await dialogTitled('Save Incomplete Transcription');
    expect(
      within(dialog).getByText(/Saves the Medicolegal Assessment transcription of Alex Example \(5 words\)/),
    ).toBeInTheDocument();

    server.use(
      answerCall('saveTranscription', () => new HttpResponse(null, { status: 500 }), {
        once: true,
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: /Save Incomplete/ }));
    expect(await within(dialog).findByText('Failed to save transcription')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /Save Incomplete/ }));
    expect(await screen.findByText('Transcription saved successfully')).toBeVisible();
    const saves = requestsTo(backend, 'POST', '/api/transcription/save');
    expect(saves.at(-1)!.body).toEqual({
      patient_id: 101,
      transcription_text: 'the claimant reports neck pain',
      transcription_type_id: 2,
      is_complete: false,
      transcription_id: 55,
      based_on_text: 'the claimant reports neck pain',
    });
    expect(
      region('Transcription Summary').queryByText('Not saved from this page yet'),
    ).not.toBeInTheDocument();
  });

  it('without a language model says so plainly and writes the document from the transcript as it stands', async () => {
    const clicked: { href: string; download: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:transcription' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const { user, socket } = await recordingWithText();

    await user.click(screen.getByRole('button', { name: 'Complete' }));
    const dialog = await dialogTitled('Complete Transcription');
    // Completing ends the recording first.
    expect(socket.emitted(TRANSCRIPTION_EVENTS.STOP)).toHaveLength(1);
    expect(
      await within(dialog).findByText('AI formatting is not configured on this server'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Process with AI/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /Generate Document from transcript/ }));
    expect(
      await screen.findAllByText('Transcription completed and document generated successfully'),
    ).not.toHaveLength(0);
    expect(requestsTo(backend, 'POST', '/api/transcription/complete-llm')[0]!.body).toEqual({
      transcription_id: 55,
      patient_id: 101,
      transcription_text: 'the claimant reports neck pain',
      transcription_type_id: 2,
      consultation_type: 'medicolegal',
      llm_response: null,
      llm_model: null,
    });
    expect(requestsTo(backend, 'POST', '/api/bedrock/summarize-medicolegal')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /Download/ }));
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:transcription', download: 'Example_Alex_transcription.docx' }]),
    );
    expect(requestsTo(backend, 'GET', '/api/transcription/download')).toHaveLength(1);
  });

  it('with a language model shows the processed sections and the model the server named, then writes them', async () => {
    backend.status = makeStatus(true);
    const { user } = await recordingWithText();
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    const dialog = await dialogTitled('Complete Transcription');
    expect(
      await within(dialog).findByText(
        new RegExp(`AI formatting is available: ${SERVER_MODEL_LABEL.replace(/[()]/g, '\\$&')}`),
      ),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /Process with AI/ }));
    const processed = await dialogTitled('Processed Transcription');
    expect(within(processed).getByText(`Formatted by ${SERVER_MODEL_LABEL}`)).toBeInTheDocument();
    expect(within(processed).getByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    expect(within(processed).getByText(MEDICOLEGAL_RESULT.summary)).toBeInTheDocument();
    expect(within(processed).getByRole('heading', { name: 'Key Points' })).toBeInTheDocument();
    expect(within(processed).getByText('No previous neck problems')).toBeInTheDocument();
    expect(within(processed).getByRole('heading', { name: 'Mechanism of Injury' })).toBeInTheDocument();
    expect(requestsTo(backend, 'POST', '/api/bedrock/summarize-medicolegal')[0]!.body).toEqual({
      text: 'the claimant reports neck pain',
      patient_name: 'Alex Example',
      user_name: 'Dr Asha Patel',
    });

    await user.click(within(processed).getByRole('button', { name: /^Generate Document$/ }));
    expect(
      await screen.findAllByText('Transcription completed and document generated successfully'),
    ).not.toHaveLength(0);
    expect(requestsTo(backend, 'POST', '/api/transcription/complete-llm')[0]!.body).toEqual(
      expect.objectContaining({
        consultation_type: 'medicolegal',
        llm_response: { ...MEDICOLEGAL_RESULT, transcript: 'the claimant reports neck pain' },
        llm_model: SERVER_MODEL_LABEL,
      }),
    );
  });

  it("shows 'Error processing transcription: {server error}' when the model fails", async () => {
    backend.status = makeStatus(true);
    const { user } = await recordingWithText();
    server.use(...answerSummaries(() => transcriptionApiError(502, 'The language model did not answer')));
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    const dialog = await dialogTitled('Complete Transcription');
    await user.click(await within(dialog).findByRole('button', { name: /Process with AI/ }));
    expect(
      await within(dialog).findByText('Error processing transcription: The language model did not answer'),
    ).toBeInTheDocument();
  });

  it('Complete needs a type that still exists', async () => {
    backend.transcriptions.set(
      77,
      makeTranscription({ transcriptionType: null, text_transcription_type: null }),
    );
    backend.transcriptions.set(79, makeTranscription({ ID_Transcription: 79, transcriptionType: 9 }));
    backend.incomplete = [backend.transcriptions.get(79)!];
    const user = renderPage({ route: '/transcription/live?patientId=101&loadTranscription=77' });
    await waitFor(
      () => expect(transcriptText()).toBe('the claimant reports neck pain since the collision'),
      slow,
    );
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Please select a transcription type')).toBeVisible();

    await user.click(await screen.findByLabelText('Previous Transcriptions'));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      );
      if (!found) throw new Error('No option');
      return found;
    }, slow);
    await user.click(option);
    await screen.findByText('Previous transcription loaded. You can now continue editing and recording.');
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(
      await screen.findByText(
        'Unable to find the selected transcription type. Please try selecting it again.',
      ),
    ).toBeVisible();
    expect(requestsTo(backend, 'POST', '/api/transcription/complete-llm')).toHaveLength(0);
  });

  it("Complete needs text and a type: 'No transcription to process'", async () => {
    const user = renderPage();
    await screen.findByLabelText('Transcription type', {}, slow);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('No transcription to process')).toBeVisible();
  });
});

describe('correcting the transcript', () => {
  const editor = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Final transcript' });
  const saves = () => requestsTo(backend, 'POST', '/api/transcription/save');

  it('is read-only while recording; once paused the typist corrects it and new finals follow the correction', async () => {
    const { user, socket } = await recordingWithText({ fakeClock: true });
    expect(screen.queryByRole('textbox', { name: 'Final transcript' })).not.toBeInTheDocument();
    recognised(socket, 'from the whip lash', false, 0.31);
    await waitFor(() => expect(transcriptText()).toBe('the claimant reports neck pain from the whip lash'));
    // Low confidence is said in words, not only shown by colour.
    expect(screen.getByText(/Words to check \(1\)/)).toBeVisible();
    expect(screen.getByText('“from the whip lash”')).toBeVisible();
    expect(screen.getByText('Confidence 31%')).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Pause/ }));
    expect(await screen.findByText('PAUSED')).toBeVisible();
    // Find selects the doubtful words in the text box.
    await user.click(screen.getByRole('button', { name: 'Find “from the whip lash” in the transcript' }));
    expect(editor()).toHaveFocus();
    expect(editor().value.slice(editor().selectionStart, editor().selectionEnd)).toBe('from the whip lash');
    await user.clear(editor());
    await user.paste('The claimant reports neck pain from the whiplash.');
    expect(screen.queryByText(/Words to check/)).not.toBeInTheDocument();

    // Corrections not yet saved are auto-saved even while paused, as a merge over what the server holds.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TRANSCRIPTION_AUTOSAVE_INTERVAL_MS);
    });
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toEqual({
      patient_id: 101,
      transcription_text: 'The claimant reports neck pain from the whiplash.',
      transcription_type_id: 2,
      is_complete: false,
      transcription_id: 55,
      based_on_text: 'the claimant reports neck pain from the whip lash',
    });

    await user.click(screen.getByRole('button', { name: /Resume/ }));
    expect(await screen.findByText('RECORDING')).toBeVisible();
    recognised(socket, 'worse on turning the head', false);
    await waitFor(() =>
      expect(transcriptText()).toBe(
        'The claimant reports neck pain from the whiplash. worse on turning the head',
      ),
    );
    // The next save is based on the saved correction and the final heard since.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(TRANSCRIPTION_AUTOSAVE_INTERVAL_MS);
    });
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.body).toEqual(
      expect.objectContaining({
        transcription_text: 'The claimant reports neck pain from the whiplash. worse on turning the head',
        based_on_text: 'The claimant reports neck pain from the whiplash. worse on turning the head',
      }),
    );
  });

  it('Save Incomplete and Complete use the corrected text', async () => {
    const { user } = await recordingWithText();
    await user.click(screen.getByRole('button', { name: /Stop/ }));
    expect(await screen.findByText('Stopped')).toBeVisible();
    await user.clear(editor());
    await user.paste('The claimant reports neck pain.\nSeen with his wife.');

    await user.click(screen.getByRole('button', { name: /Save Incomplete/ }));
    const dialog = await dialogTitled('Save Incomplete Transcription');
    await user.click(within(dialog).getByRole('button', { name: /Save Incomplete/ }));
    expect(await screen.findByText('Transcription saved successfully')).toBeVisible();
    expect(saves().at(-1)!.body).toEqual(
      expect.objectContaining({
        transcription_text: 'The claimant reports neck pain.\nSeen with his wife.',
        based_on_text: 'the claimant reports neck pain',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Complete' }));
    const complete = await dialogTitled('Complete Transcription');
    await user.click(
      await within(complete).findByRole('button', { name: /Generate Document from transcript/ }, slow),
    );
    expect(
      await screen.findAllByText('Transcription completed and document generated successfully'),
    ).not.toHaveLength(0);
    expect(requestsTo(backend, 'POST', '/api/transcription/complete-llm')[0]!.body).toEqual(
      expect.objectContaining({
        transcription_id: 55,
        transcription_text: 'The claimant reports neck pain.\nSeen with his wife.',
      }),
    );
  });

  it('an uploaded recording loaded here shows its length and segments, and can be corrected before recording', async () => {
    backend.transcriptions.set(
      78,
      makeTranscription({ ID_Transcription: 78, source: 'upload', duration_seconds: 83.4, segment_count: 4 }),
    );
    const user = renderPage({ route: '/transcription/live?patientId=101&loadTranscription=78' });
    await waitFor(
      () => expect(transcriptText()).toBe('the claimant reports neck pain since the collision'),
      slow,
    );
    const summary = region('Transcription Summary');
    expect(summary.getByText('1:23')).toBeVisible();
    expect(summary.getByText('4')).toBeVisible();
    await user.click(editor());
    await user.keyboard('{End} in June');
    expect(transcriptText()).toBe('the claimant reports neck pain since the collision in June');
  });
});

describe('my words', () => {
  it("loads the user's own words and saves them, one a line", async () => {
    backend.myWords = ['Ramipril'];
    const user = renderPage();
    const field = await screen.findByRole<HTMLTextAreaElement>(
      'textbox',
      { name: 'Words and names the recogniser should know' },
      slow,
    );
    await waitFor(() => expect(field.value).toBe('Ramipril'));
    await user.click(field);
    await user.keyboard('{End}');
    await user.paste('\n  Wythenshawe Hospital \n\nMr Okonkwo');
    await user.click(screen.getByRole('button', { name: /Save my words/ }));
    expect(await screen.findByText('Your words are saved: your next recording uses them')).toBeVisible();
    expect(requestsTo(backend, 'PUT', '/api/transcription/my-words')[0]!.body).toEqual({
      words: ['Ramipril', 'Wythenshawe Hospital', 'Mr Okonkwo'],
    });
    expect(field.value).toBe('Ramipril\nWythenshawe Hospital\nMr Okonkwo');
  });
});

describe('group words', () => {
  const field = () =>
    screen.findByRole<HTMLTextAreaElement>(
      'textbox',
      { name: 'Words and names the recogniser should know for your group' },
      slow,
    );

  it("shows a member their group's words to read, with nothing to save", async () => {
    backend.groupWords = { words: ['Salford Royal', 'Mr Okonkwo'], canEdit: false };
    renderPage();
    const list = await field();
    await waitFor(() => expect(list.value).toBe('Salford Royal\nMr Okonkwo'));
    expect(list).toHaveAttribute('readonly');
    expect(screen.getByText(/kept by its group administrators/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Save group words/ })).not.toBeInTheDocument();
  });

  it('lets a group administrator change them, one a line', async () => {
    backend.groupWords = { words: ['Salford Royal'], canEdit: true };
    const user = renderPage();
    const list = await field();
    await waitFor(() => expect(list.value).toBe('Salford Royal'));
    await user.click(list);
    await user.keyboard('{End}');
    await user.paste('\n Wythenshawe Hospital ');
    await user.click(screen.getByRole('button', { name: /Save group words/ }));
    expect(
      await screen.findByText("Your group's words are saved: every member's next recording uses them"),
    ).toBeVisible();
    expect(requestsTo(backend, 'PUT', '/api/transcription/group-words')[0]!.body).toEqual({
      words: ['Salford Royal', 'Wythenshawe Hospital'],
    });
  });
});
