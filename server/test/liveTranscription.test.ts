import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type {
  Transcription,
  TranscriptionErrorPayload,
  TranscriptionPayload,
  TranscriptionStartedPayload,
} from '@ewrt/contract';
import { TRANSCRIPTION_CHUNK_SAMPLES, TRANSCRIPTION_EVENTS } from '@ewrt/contract';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app/buildApp.js';
import {
  createSpeechRecognizer,
  SPEECH_TURNED_OFF_MESSAGE,
} from '../src/platform/speech/createSpeechRecognizer.js';
import type { SpeechRecognizer } from '../src/platform/speech/SpeechRecognizer.js';
import { LiveTranscriptionSession } from '../src/features/transcription/liveTranscriptionSession.js';
import { LIVE_TRANSCRIPTION_MESSAGES } from '../src/features/transcription/liveTranscriptionMessages.js';
import { GO_FORWARD_RAW, GO_FORWARD_TEXT } from './support/audioSamples.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

// Live dictation over the browser's socket (TRN-03, TRN-04), recognised
// by the real pocketsphinx on real recorded speech, as the browser sends it: 16-bit PCM at 44.1 kHz in 4096-sample
// chunks.

const BROWSER_RATE = 44_100;
const EVENT_TIMEOUT_MS = 20_000;

/** The 16 kHz recording at the browser's rate, by linear interpolation. */
function upsample(samples: Int16Array, from: number, to: number): Int16Array {
  const output = new Int16Array(Math.floor((samples.length * to) / from));
  for (let index = 0; index < output.length; index += 1) {
    const position = (index * from) / to;
    const before = Math.floor(position);
    const next = Math.min(before + 1, samples.length - 1);
    const weight = position - before;
    output[index] = Math.round(samples[before]! * (1 - weight) + samples[next]! * weight);
  }
  return output;
}

async function browserSpeech(): Promise<Int16Array> {
  const raw = await readFile(GO_FORWARD_RAW);
  const speech = new Int16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
  return upsample(speech, 16_000, BROWSER_RATE);
}

const silence = (seconds: number) => new Int16Array(Math.round(seconds * BROWSER_RATE));

/** Every event a socket received, in order, and a way to wait for the next one that matches. */
function recordEvents(socket: Socket) {
  const events: { name: string; payload: unknown }[] = [];
  const waiting = new Set<() => void>();
  socket.onAny((name: string, payload: unknown) => {
    events.push({ name, payload });
    for (const check of waiting) check();
  });
  return {
    events,
    of: <T>(name: string) => events.filter((event) => event.name === name).map((event) => event.payload as T),
    /** Resolves with the first event named `name` after the first `skip` of them. */
    next<T>(name: string, skip = 0): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = events.filter((event) => event.name === name)[skip];
          if (!found) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found.payload as T);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(
            new Error(`no ${name} event #${skip + 1}; got ${events.map((event) => event.name).join(', ')}`),
          );
        }, EVENT_TIMEOUT_MS);
        waiting.add(check);
        check();
      });
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What `attempt` answers once it stops throwing, trying every 100 ms for up to EVENT_TIMEOUT_MS. */
async function eventually<T>(attempt: () => T): Promise<T> {
  const deadline = Date.now() + EVENT_TIMEOUT_MS;
  for (;;) {
    try {
      return attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

/** Sends audio as the browser does, in 4096-sample chunks, in real time (a partial is decoded while the speech goes on, as with a microphone). */
async function sendAudio(socket: Socket, samples: Int16Array): Promise<void> {
  const chunkMs = (TRANSCRIPTION_CHUNK_SAMPLES / BROWSER_RATE) * 1000;
  for (let offset = 0; offset < samples.length; offset += TRANSCRIPTION_CHUNK_SAMPLES) {
    const chunk = samples.slice(offset, offset + TRANSCRIPTION_CHUNK_SAMPLES);
    socket.emit(TRANSCRIPTION_EVENTS.AUDIO, chunk.buffer);
    await sleep(chunkMs);
  }
}

let server: TestServer;
let url: string;
let speech: Int16Array;
let patientId: number;
let otherGroupPatientId: number;
let typeId: number;
const tokens: Record<string, string> = {};
const sockets: Socket[] = [];

async function connect(token: unknown): Promise<Socket> {
  const socket = connectSocket(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connection_established', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}

async function transcriptionText(id: number): Promise<string> {
  const response = await asUser(server, tokens['dr.patel']!).get(`/api/transcription/${id}`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json().transcription as Transcription).Transcription;
}

async function transcriptionCount(): Promise<number> {
  const { rows } = await server.app.ctx.db.query<{ count: string }>(
    `SELECT count(*) AS count FROM transcriptions`,
  );
  return Number(rows[0]!.count);
}

/** Waits until the stored text satisfies `check` (the disconnect path stores after the socket is gone). */
async function storedTextWhen(id: number, check: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + EVENT_TIMEOUT_MS;
  for (;;) {
    const text = await transcriptionText(id);
    if (check(text) || Date.now() > deadline) return text;
    await sleep(100);
  }
}

const startPayload = (overrides: Record<string, unknown> = {}) => ({
  sampleRate: BROWSER_RATE,
  patient_id: patientId,
  transcription_type_id: typeId,
  ...overrides,
});

before(async () => {
  server = await createTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  for (const username of ['dr.patel', 'r.viewer', 'dr.okafor'])
    tokens[username] = await signIn(server, username);
  patientId = await patientIdByMrn(server, 'DEMO-1001');
  otherGroupPatientId = await patientIdByMrn(server, 'DEMO-2001');
  const { rows } = await server.app.ctx.db.query<{ id: number }>(
    `SELECT id FROM transcription_types WHERE name = 'Outpatient Consultation'`,
  );
  typeId = rows[0]!.id;
  speech = await browserSpeech();
});

after(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

describe('who may open a live transcription', () => {
  it('refuses a socket without a token or with a bad one', async () => {
    await assert.rejects(connect(undefined), /Authentication required/);
    await assert.rejects(connect('not-a-token'), /session is invalid or has expired/);
  });

  it("answers another group's patient as not found, and audits the attempt", async () => {
    const socket = await connect(tokens['dr.okafor']);
    const events = recordEvents(socket);
    const before = await transcriptionCount();
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload({ patient_id: patientId }));
    const error = await events.next<TranscriptionErrorPayload>(TRANSCRIPTION_EVENTS.ERROR);
    assert.equal(error.error, 'Patient not found');
    assert.equal(events.of(TRANSCRIPTION_EVENTS.STARTED).length, 0);
    assert.equal(await transcriptionCount(), before, 'no draft was made');
    const { rows } = await server.app.ctx.db.query<{ patient_id: number; details: { outcome: string } }>(
      `SELECT patient_id, details FROM audit_log WHERE action = 'transcription.live_start'
        AND user_id = (SELECT id FROM users WHERE username = 'dr.okafor') ORDER BY id DESC LIMIT 1`,
    );
    assert.equal(rows[0]?.patient_id, patientId);
    assert.equal(rows[0]?.details.outcome, 'refused');
  });

  it('refuses a user whose access level has no transcription', async () => {
    const socket = await connect(tokens['r.viewer']);
    const events = recordEvents(socket);
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload());
    const error = await events.next<TranscriptionErrorPayload>(TRANSCRIPTION_EVENTS.ERROR);
    assert.equal(error.error, 'Your access level does not allow transcription');
  });

  it('names what is wrong with a start it cannot read', async () => {
    const socket = await connect(tokens['dr.patel']);
    const events = recordEvents(socket);
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload({ transcription_type_id: null }));
    const error = await events.next<TranscriptionErrorPayload>(TRANSCRIPTION_EVENTS.ERROR);
    assert.equal(error.error, 'Please select a transcription type first');
    socket.emit(
      TRANSCRIPTION_EVENTS.START,
      startPayload({ patient_id: otherGroupPatientId, sampleRate: 10 }),
    );
    const second = await events.next<TranscriptionErrorPayload>(TRANSCRIPTION_EVENTS.ERROR, 1);
    assert.match(second.error, /sampleRate/);
  });
});

describe('dictating with the real recogniser', () => {
  it('stores each final in the draft before the browser hears it, then stops', async () => {
    const socket = await connect(tokens['dr.patel']);
    const events = recordEvents(socket);
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload());
    const started = await events.next<TranscriptionStartedPayload>(TRANSCRIPTION_EVENTS.STARTED);
    assert.equal(started.recognizer, 'pocketsphinx (offline, on this server)');
    assert.equal(started.recognizer_sample_rate, 16_000);
    assert.equal(await transcriptionText(started.transcription_id), '', 'an empty draft from the start');
    const { rows: audited } = await server.app.ctx.db.query<{
      patient_id: number;
      ip: string;
      details: Record<string, unknown>;
    }>(
      `SELECT patient_id, ip, details FROM audit_log WHERE action = 'transcription.live_start' ORDER BY id DESC LIMIT 1`,
    );
    assert.equal(audited[0]?.patient_id, patientId);
    assert.equal(audited[0]?.ip, '127.0.0.1');
    assert.equal(audited[0]?.details.transcription_id, started.transcription_id);
    assert.equal(audited[0]?.details.outcome, 'succeeded');

    await sendAudio(socket, speech);
    await sendAudio(socket, silence(1));
    const final = await waitForFinal(events);
    assert.equal(final.transcript, GO_FORWARD_TEXT);
    assert.ok(final.confidence === null || (final.confidence >= 0 && final.confidence <= 1));
    const partials = events
      .of<TranscriptionPayload>(TRANSCRIPTION_EVENTS.TRANSCRIPTION)
      .filter((t) => t.isPartial);
    assert.ok(partials.length > 0, 'partials came while speaking');
    assert.equal(await transcriptionText(started.transcription_id), GO_FORWARD_TEXT, 'stored before stop');

    socket.emit(TRANSCRIPTION_EVENTS.STOP);
    const stopped = await events.next<{ transcription_id: number }>(TRANSCRIPTION_EVENTS.STOPPED);
    assert.deepEqual(stopped, { transcription_id: started.transcription_id });
    const listed = await asUser(server, tokens['dr.patel']!).get(
      `/api/transcription/${started.transcription_id}`,
    );
    assert.equal((listed.json().transcription as Transcription).Status, 'Incomplete');
    assert.equal((listed.json().transcription as Transcription).source, 'live');
  });

  it('keeps the utterance in progress when the browser goes away before stopping', async () => {
    const socket = await connect(tokens['dr.patel']);
    const events = recordEvents(socket);
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload());
    const started = await events.next<TranscriptionStartedPayload>(TRANSCRIPTION_EVENTS.STARTED);
    await sendAudio(socket, speech);
    const finalsBefore = events
      .of<TranscriptionPayload>(TRANSCRIPTION_EVENTS.TRANSCRIPTION)
      .filter((t) => !t.isPartial);
    assert.equal(finalsBefore.length, 0, 'the utterance was still in progress');
    socket.disconnect();
    const text = await storedTextWhen(started.transcription_id, (stored) => stored !== '');
    assert.equal(text, GO_FORWARD_TEXT);
  });

  it('ignores audio while paused and records again after resume', async () => {
    const socket = await connect(tokens['dr.patel']);
    const events = recordEvents(socket);
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload());
    const started = await events.next<TranscriptionStartedPayload>(TRANSCRIPTION_EVENTS.STARTED);
    socket.emit(TRANSCRIPTION_EVENTS.PAUSE);
    assert.deepEqual(await events.next(TRANSCRIPTION_EVENTS.PAUSED), {
      transcription_id: started.transcription_id,
    });
    await sendAudio(socket, speech);
    await sendAudio(socket, silence(1));
    assert.equal(events.of(TRANSCRIPTION_EVENTS.TRANSCRIPTION).length, 0, 'nothing heard while paused');

    socket.emit(TRANSCRIPTION_EVENTS.RESUME);
    await events.next(TRANSCRIPTION_EVENTS.RESUMED);
    await sendAudio(socket, speech);
    await sendAudio(socket, silence(1));
    assert.equal((await waitForFinal(events)).transcript, GO_FORWARD_TEXT);
    assert.equal(await transcriptionText(started.transcription_id), GO_FORWARD_TEXT);
    socket.emit(TRANSCRIPTION_EVENTS.STOP);
    await events.next(TRANSCRIPTION_EVENTS.STOPPED);
  });

  it('continues an incomplete transcription, and starts a new one once tracking is cleared', async () => {
    const patel = asUser(server, tokens['dr.patel']!);
    const saved = await patel.post('/api/transcription/save', {
      patient_id: patientId,
      transcription_text: 'History taken earlier.',
      transcription_type_id: typeId,
      is_complete: false,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const savedId = saved.json().transcription_id as number;

    const socket = await connect(tokens['dr.patel']);
    const events = recordEvents(socket);
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload({ transcription_id: savedId }));
    const started = await events.next<TranscriptionStartedPayload>(TRANSCRIPTION_EVENTS.STARTED);
    assert.equal(started.transcription_id, savedId);
    await sendAudio(socket, speech);
    await sendAudio(socket, silence(1));
    await waitForFinal(events);
    assert.equal(await transcriptionText(savedId), `History taken earlier. ${GO_FORWARD_TEXT}`);
    socket.emit(TRANSCRIPTION_EVENTS.STOP);
    await events.next(TRANSCRIPTION_EVENTS.STOPPED);

    // Started again on the same socket: the same draft, until the browser clears the tracking.
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload());
    const again = await events.next<TranscriptionStartedPayload>(TRANSCRIPTION_EVENTS.STARTED, 1);
    assert.equal(again.transcription_id, savedId);
    socket.emit(TRANSCRIPTION_EVENTS.STOP);
    socket.emit(TRANSCRIPTION_EVENTS.CLEAR_TRACKING);
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload());
    const fresh = await events.next<TranscriptionStartedPayload>(TRANSCRIPTION_EVENTS.STARTED, 2);
    assert.notEqual(fresh.transcription_id, savedId);
    assert.equal(await transcriptionText(fresh.transcription_id), '');
    socket.emit(TRANSCRIPTION_EVENTS.STOP);
    await events.next(TRANSCRIPTION_EVENTS.STOPPED, 2);
  });

  it('ends a running stream when the socket starts another, its utterance kept in its own draft', async () => {
    const socket = await connect(tokens['dr.patel']);
    const events = recordEvents(socket);
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload());
    const first = await events.next<TranscriptionStartedPayload>(TRANSCRIPTION_EVENTS.STARTED);
    await sendAudio(socket, speech);
    socket.emit(TRANSCRIPTION_EVENTS.CLEAR_TRACKING);
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload());
    const second = await events.next<TranscriptionStartedPayload>(TRANSCRIPTION_EVENTS.STARTED, 1);
    assert.notEqual(second.transcription_id, first.transcription_id);
    assert.equal(await transcriptionText(first.transcription_id), GO_FORWARD_TEXT);
    assert.equal(await transcriptionText(second.transcription_id), '');
    socket.emit(TRANSCRIPTION_EVENTS.STOP);
    await events.next(TRANSCRIPTION_EVENTS.STOPPED);
  });

  it('refuses to continue a transcription of another patient', async () => {
    const otherPatient = await patientIdByMrn(server, 'DEMO-1004');
    const saved = await asUser(server, tokens['dr.patel']!).post('/api/transcription/save', {
      patient_id: otherPatient,
      transcription_text: 'Another patient entirely.',
      transcription_type_id: typeId,
      is_complete: false,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const socket = await connect(tokens['dr.patel']);
    const events = recordEvents(socket);
    socket.emit(
      TRANSCRIPTION_EVENTS.START,
      startPayload({ transcription_id: saved.json().transcription_id }),
    );
    const error = await events.next<TranscriptionErrorPayload>(TRANSCRIPTION_EVENTS.ERROR);
    assert.equal(error.error, 'Transcription not found');
  });

  it('stops a stream whose audio comes far faster than anyone speaks', async () => {
    const socket = await connect(tokens['dr.patel']);
    const events = recordEvents(socket);
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload());
    await events.next(TRANSCRIPTION_EVENTS.STARTED);
    const chunk = new Int16Array(TRANSCRIPTION_CHUNK_SAMPLES);
    // A minute of audio at once: far past the ten seconds a browser may hold while the stream opens.
    for (let sent = 0; sent < 60 * BROWSER_RATE; sent += chunk.length) {
      socket.emit(TRANSCRIPTION_EVENTS.AUDIO, chunk.buffer);
    }
    const error = await events.next<TranscriptionErrorPayload>(TRANSCRIPTION_EVENTS.ERROR);
    assert.equal(error.error, LIVE_TRANSCRIPTION_MESSAGES.audioTooFast);
    socket.emit(TRANSCRIPTION_EVENTS.RESUME);
    const afterwards = await events.next<TranscriptionErrorPayload>(TRANSCRIPTION_EVENTS.ERROR, 1);
    assert.equal(afterwards.error, LIVE_TRANSCRIPTION_MESSAGES.notRunning, 'the stream is over');
  });
  it('stops a stream sent audio in pieces far larger than the browser sends', async () => {
    const socket = await connect(tokens['dr.patel']);
    const events = recordEvents(socket);
    socket.emit(TRANSCRIPTION_EVENTS.START, startPayload());
    await events.next(TRANSCRIPTION_EVENTS.STARTED);
    socket.emit(TRANSCRIPTION_EVENTS.AUDIO, new Int16Array(64 * 1024).buffer);
    const error = await events.next<TranscriptionErrorPayload>(TRANSCRIPTION_EVENTS.ERROR);
    assert.equal(error.error, LIVE_TRANSCRIPTION_MESSAGES.audioChunkTooLarge);
  });
});

/** The first final segment the socket received. */
async function waitForFinal(events: ReturnType<typeof recordEvents>): Promise<TranscriptionPayload> {
  for (let index = 0; ; index += 1) {
    const event = await events.next<TranscriptionPayload>(TRANSCRIPTION_EVENTS.TRANSCRIPTION, index);
    if (!event.isPartial) return event;
  }
}

/** Dr Patel's socket on a server of its own (listening), its events recorded, once dictation for DEMO-1001 is asked. */
async function startDictationOn(server: TestServer) {
  const token = await signIn(server, 'dr.patel');
  const port = (server.app.server.address() as AddressInfo).port;
  const socket = connectSocket(`http://127.0.0.1:${port}`, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const events = recordEvents(socket);
  await events.next('connection_established');
  socket.emit(TRANSCRIPTION_EVENTS.START, {
    ...startPayload(),
    patient_id: await patientIdByMrn(server, 'DEMO-1001'),
  });
  return { socket, events };
}

describe('a long pause', () => {
  it('gives the recogniser back after a bounded time, and takes one again on resume', async () => {
    const real = createSpeechRecognizer({ ...server.config.speech, maxLiveStreams: 1 });
    const streams = { started: 0, closed: 0 };
    const counted: SpeechRecognizer = {
      ...real,
      startLive(listener, options) {
        const recognition = real.startLive(listener, options);
        streams.started += 1;
        return {
          ...recognition,
          close: async () => {
            streams.closed += 1;
            await recognition.close();
          },
        };
      },
    };
    const received: { name: string; payload: unknown }[] = [];
    const { db, clock, users } = server.app.ctx;
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'dr.patel'`);
    const session = new LiveTranscriptionSession(
      { db, clock, users, speech: counted, log: server.app.log, pausedReleaseMs: 200 },
      {
        userId: rows[0]!.id,
        origin: { ip: '127.0.0.1', headers: {} },
        emit: (name, payload) => received.push({ name, payload }),
      },
    );
    const named = (name: string) => received.filter((event) => event.name === name);
    try {
      await session.start(startPayload());
      const started = named(TRANSCRIPTION_EVENTS.STARTED)[0]?.payload as TranscriptionStartedPayload;
      assert.ok(started, JSON.stringify(received));
      await session.pause();
      // The place is free once the worker has quit: another stream can take it (the limit here is one).
      const other = await eventually(() =>
        real.startLive({ onPartial() {}, onFinal() {}, onError() {} }, { sampleRate: BROWSER_RATE }),
      );
      assert.deepEqual(streams, { started: 1, closed: 1 }, 'the paused stream gave its place back');
      await other.close();

      await session.resume();
      assert.equal(named(TRANSCRIPTION_EVENTS.RESUMED).length, 1, JSON.stringify(received));
      assert.equal(streams.started, 2, 'resuming took a recogniser again');
      for (let offset = 0; offset < speech.length; offset += TRANSCRIPTION_CHUNK_SAMPLES)
        session.receiveAudio(speech.slice(offset, offset + TRANSCRIPTION_CHUNK_SAMPLES).buffer);
      await session.stop();
      const finals = named(TRANSCRIPTION_EVENTS.TRANSCRIPTION)
        .map((event) => event.payload as TranscriptionPayload)
        .filter((payload) => !payload.isPartial);
      assert.deepEqual(
        finals.map((final) => final.transcript),
        [GO_FORWARD_TEXT],
      );
      assert.equal(await transcriptionText(started.transcription_id), GO_FORWARD_TEXT);
      assert.equal(streams.closed, 2);
    } finally {
      await session.end();
      await real.close();
    }
  });

  it('keeps the recogniser through a short pause', async () => {
    const real = createSpeechRecognizer(server.config.speech);
    let started = 0;
    const counted: SpeechRecognizer = {
      ...real,
      startLive(listener, options) {
        started += 1;
        return real.startLive(listener, options);
      },
    };
    const { db, clock, users } = server.app.ctx;
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'dr.patel'`);
    const received: string[] = [];
    const session = new LiveTranscriptionSession(
      { db, clock, users, speech: counted, log: server.app.log, pausedReleaseMs: 60_000 },
      { userId: rows[0]!.id, origin: { ip: '127.0.0.1', headers: {} }, emit: (name) => received.push(name) },
    );
    try {
      await session.start(startPayload());
      await session.pause();
      await session.resume();
      assert.equal(started, 1);
      assert.deepEqual(received, [
        TRANSCRIPTION_EVENTS.STARTED,
        TRANSCRIPTION_EVENTS.PAUSED,
        TRANSCRIPTION_EVENTS.RESUMED,
      ]);
    } finally {
      await session.end();
      await real.close();
    }
  });
});

describe("the user's own words", () => {
  it("reach the recogniser of that user's dictation only", async () => {
    const real = createSpeechRecognizer(server.config.speech);
    const asked: (readonly string[] | undefined)[] = [];
    const recording: SpeechRecognizer = {
      ...real,
      startLive(listener, options) {
        asked.push(options.vocabulary);
        return real.startLive(listener, options);
      },
    };
    const patel = asUser(server, tokens['dr.patel']!);
    const okafor = asUser(server, tokens['dr.okafor']!);
    const lead = asUser(server, await signIn(server, 'groupadmin'));
    assert.equal(
      (await patel.put('/api/transcription/my-words', { words: ['Wythenshawe'] })).statusCode,
      200,
    );
    assert.equal((await okafor.put('/api/transcription/my-words', { words: ['Okonkwo'] })).statusCode, 200);
    const { db, clock, users } = server.app.ctx;
    const dictate = async (username: string, patient: number) => {
      const { rows } = await db.query<{ id: number }>(`SELECT id FROM users WHERE username = $1`, [username]);
      const session = new LiveTranscriptionSession(
        { db, clock, users, speech: recording, log: server.app.log },
        { userId: rows[0]!.id, origin: { ip: '127.0.0.1', headers: {} }, emit: () => undefined },
      );
      await session.start(startPayload({ patient_id: patient }));
      await session.end();
    };
    try {
      await dictate('dr.patel', patientId);
      await dictate('dr.okafor', otherGroupPatientId);
      assert.deepEqual(asked, [['Wythenshawe'], ['Okonkwo']]);
      // The group's words join each member's own, and only its members'.
      assert.equal(
        (await lead.put('/api/transcription/group-words', { words: ['Salford Royal', 'wythenshawe'] }))
          .statusCode,
        200,
      );
      await dictate('dr.patel', patientId);
      await dictate('dr.okafor', otherGroupPatientId);
      assert.deepEqual(asked.slice(2), [['Wythenshawe', 'Salford Royal'], ['Okonkwo']]);
    } finally {
      await real.close();
      await patel.put('/api/transcription/my-words', { words: [] });
      await okafor.put('/api/transcription/my-words', { words: [] });
      await lead.put('/api/transcription/group-words', { words: [] });
    }
  });
});

describe('without a recogniser', () => {
  let offServer: TestServer;
  before(async () => {
    offServer = await createTestServer({ SPEECH_RECOGNIZER: 'off' });
    await offServer.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => offServer.close());

  it('says recognition is turned off and leaves no draft', async () => {
    const { events } = await startDictationOn(offServer);
    const error = await events.next<TranscriptionErrorPayload>(TRANSCRIPTION_EVENTS.ERROR);
    assert.equal(error.error, SPEECH_TURNED_OFF_MESSAGE);
    const { rows } = await offServer.app.ctx.db.query<{ count: string }>(
      `SELECT count(*) AS count FROM transcriptions`,
    );
    assert.equal(Number(rows[0]!.count), 0);
  });
});

describe('when the server shuts down', () => {
  it('stores the utterance in progress and tells the browser', async () => {
    const stopping = await createTestServer();
    let reopened: Awaited<ReturnType<typeof buildApp>> | null = null;
    try {
      await stopping.app.listen({ port: 0, host: '127.0.0.1' });
      const { socket, events } = await startDictationOn(stopping);
      const started = await events.next<TranscriptionStartedPayload>(TRANSCRIPTION_EVENTS.STARTED);
      await sendAudio(socket, speech);
      await stopping.app.close();

      assert.equal((await waitForFinal(events)).transcript, GO_FORWARD_TEXT);
      const error = await events.next<TranscriptionErrorPayload>(TRANSCRIPTION_EVENTS.ERROR);
      assert.equal(error.error, LIVE_TRANSCRIPTION_MESSAGES.serverStopping);
      // The data directory outlives the server: started again, it holds the final.
      reopened = await buildApp(stopping.config, { clock: stopping.clock.now });
      const { rows } = await reopened.ctx.db.query<{ text: string }>(
        `SELECT text FROM transcriptions WHERE id = $1`,
        [started.transcription_id],
      );
      assert.equal(rows[0]?.text, GO_FORWARD_TEXT);
    } finally {
      await reopened?.close();
      await rm(stopping.dataDir, { recursive: true, force: true });
    }
  });
});
