// Audio uploads (TRN-06): real recorded speech (Debian's pocketsphinx-testdata) encoded as WAV
// and MP3 by ffmpeg, uploaded as the browser does, recognised by the real recogniser in a background job and saved
// as an Incomplete transcription; refusals keep nothing; a server killed mid-job completes it once on restart.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AudioUploadResponse, Job, Transcription } from '@ewrt/contract';
import { buildApp } from '../src/app/buildApp.js';
import { audioMultipart, encodedSpeech, GO_FORWARD_TEXT, uploadAudio } from './support/audioSamples.js';
import { finished, logsOf, storedFiles, waitFor } from './support/documentUploads.js';
import { collect, runEntry, waitForListening } from './support/serverProcess.js';
import {
  asUser,
  createTestClock,
  createTestServer,
  makeTempDir,
  patientIdByMrn,
  signIn,
  testConfig,
  type TestServer,
} from './support/testServer.js';

const QUEUED = 'Audio uploaded. Transcription is running in the background.';
const INVALID_AUDIO = 'Please select a valid audio file (MP3, WAV, M4A, AAC, OGG, WebM)';

async function outpatientTypeId(server: TestServer): Promise<number> {
  const { rows } = await server.app.ctx.db.query<{ id: number }>(
    `SELECT id FROM transcription_types WHERE name = 'Outpatient Consultation'`,
  );
  return rows[0]!.id;
}

/** Where the upload stored the audio (input_data.storage_key, beyond the contract's declared fields). */
const storedAudioKeyOf = (job: Job | null) =>
  String((job?.input_data as Record<string, unknown> | undefined)?.storage_key);

const waitForJob = (server: TestServer, jobId: number) =>
  waitFor(() => server.app.ctx.jobs.get(jobId), finished, `audio job ${jobId}`) as Promise<Job>;

describe('audio uploads recognised by the server', () => {
  let server: TestServer;
  let patelToken: string;
  let patientId: number;
  let typeId: number;

  before(async () => {
    // The test configuration starts from an empty environment: the recogniser finds ffmpeg on this PATH.
    server = await createTestServer({ PATH: process.env.PATH ?? '/usr/bin:/bin' });
    patelToken = await signIn(server, 'dr.patel');
    patientId = await patientIdByMrn(server, 'DEMO-1001');
    typeId = await outpatientTypeId(server);
  });
  after(() => server.close());

  it('transcribes a WAV recording into an Incomplete transcription and deletes the audio', async () => {
    const response = await uploadAudio(
      server,
      patelToken,
      { patientId, typeId },
      {
        filename: 'clinic dictation.wav',
        content: await encodedSpeech('wav'),
        contentType: 'audio/wav',
      },
    );
    assert.equal(response.statusCode, 202, response.body);
    const answer = response.json() as AudioUploadResponse;
    assert.deepEqual(
      { ...answer, job_id: 0 },
      { success: true, message: QUEUED, redirect_to: `/patient/${patientId}/jobs`, error: null, job_id: 0 },
    );
    const job = await waitForJob(server, answer.job_id);
    assert.equal(job.status, 'completed', job.error_message ?? '');
    assert.equal(job.job_type, 'audio_transcription');
    assert.equal(job.input_data?.filename, 'clinic dictation.wav');
    // As the jobs page reads it.
    const status = await asUser(server, patelToken).get(`/api/jobs/${answer.job_id}/status`);
    assert.equal(status.statusCode, 200, status.body);
    const result = status.json().job.output_data.transcription_result as {
      transcription_id: number;
      words: number;
      duration_seconds: number;
    };
    assert.equal(result.words, 4);
    assert.ok(result.duration_seconds > 1 && result.duration_seconds < 4, String(result.duration_seconds));

    const list = await asUser(server, patelToken).get(`/api/transcription/patient/${patientId}/incomplete`);
    const transcription = (list.json().transcriptions as Transcription[]).find(
      (each) => each.ID_Transcription === result.transcription_id,
    );
    assert.ok(transcription, list.body);
    assert.equal(transcription.Transcription, GO_FORWARD_TEXT);
    assert.equal(transcription.source, 'upload');
    assert.equal(transcription.Status, 'Incomplete');
    assert.equal(transcription.CreatedBy, 'Dr Asha Patel');
    assert.equal(transcription.text_transcription_type, 'Outpatient Consultation');
    // What the Live Transcription screen's summary shows when this recording is loaded there.
    assert.equal(transcription.duration_seconds, result.duration_seconds);
    assert.equal(transcription.segment_count, 1);
    assert.equal(await server.app.ctx.files.size(storedAudioKeyOf(job)), null, 'audio deleted');
  });

  it('transcribes an MP3 for a transcription-only user, who follows it on the manage screen', async () => {
    const reidToken = await signIn(server, 't.reid');
    const response = await uploadAudio(
      server,
      reidToken,
      { patientId, typeId },
      { filename: 'dictation.mp3', content: await encodedSpeech('mp3'), contentType: 'audio/mpeg' },
    );
    assert.equal(response.statusCode, 202, response.body);
    const answer = response.json() as AudioUploadResponse;
    assert.equal(answer.redirect_to, `/transcription/manage?patientId=${patientId}`);
    const job = await waitForJob(server, answer.job_id);
    assert.equal(job.status, 'completed', job.error_message ?? '');
    const { rows } = await server.app.ctx.db.query<{ text: string; source: string }>(
      `SELECT text, source FROM transcriptions WHERE job_id = $1`,
      [answer.job_id],
    );
    assert.deepEqual(rows, [{ text: GO_FORWARD_TEXT, source: 'upload' }]);
  });

  it('refuses a file that is not audio whatever its name says, keeping nothing', async () => {
    const before = await storedFiles(server);
    const response = await uploadAudio(
      server,
      patelToken,
      { patientId, typeId },
      {
        filename: 'notes.mp3',
        content: Buffer.from('%PDF-1.7\nnot audio at all\n'),
        contentType: 'audio/mpeg',
      },
    );
    assert.equal(response.statusCode, 415, response.body);
    assert.equal(response.json().message, INVALID_AUDIO);
    assert.deepEqual(await storedFiles(server), before);
  });

  it('needs the patient and type before the file, and refuses other groups and view-only patients', async () => {
    const fileFirst = audioMultipart([], { filename: 'a.wav', content: await encodedSpeech('wav') });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/transcription/upload-audio',
      headers: { authorization: `Bearer ${patelToken}`, 'content-type': fileFirst.contentType },
      payload: fileFirst.body,
    });
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(
      response.json().message,
      'Please select an audio file, transcription type, and ensure a patient is selected',
    );
    const wav = { filename: 'a.wav', content: await encodedSpeech('wav') };
    const foreign = await uploadAudio(
      server,
      patelToken,
      { patientId: await patientIdByMrn(server, 'DEMO-2001'), typeId },
      wav,
    );
    assert.equal(foreign.statusCode, 404, foreign.body);
    const viewOnly = await uploadAudio(
      server,
      patelToken,
      { patientId: await patientIdByMrn(server, 'DEMO-1003'), typeId },
      wav,
    );
    assert.equal(viewOnly.statusCode, 403, viewOnly.body);
    const viewer = await uploadAudio(server, await signIn(server, 'r.viewer'), { patientId, typeId }, wav);
    assert.equal(viewer.statusCode, 403, viewer.body);
  });

  it('refuses a declared size over 500 MB with 413 before reading the body', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/transcription/upload-audio',
        headers: {
          authorization: `Bearer ${patelToken}`,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(600 * 1024 * 1024),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.write('--x\r\n');
    });
    assert.equal(answer.status, 413, answer.body);
    assert.equal(JSON.parse(answer.body).message, 'File size must be less than 500MB');
  });
});

describe('audio uploads without a recogniser', () => {
  let server: TestServer;
  before(async () => {
    server = await createTestServer({ SPEECH_RECOGNIZER: 'off' });
  });
  after(() => server.close());

  it('answers 503 with the reason and stores nothing', async () => {
    const before = await storedFiles(server);
    const response = await uploadAudio(
      server,
      await signIn(server, 'dr.patel'),
      { patientId: await patientIdByMrn(server, 'DEMO-1001'), typeId: await outpatientTypeId(server) },
      { filename: 'a.wav', content: await encodedSpeech('wav') },
    );
    assert.equal(response.statusCode, 503, response.body);
    assert.match(response.json().message, /turned off/);
    assert.deepEqual(await storedFiles(server), before);
    const { rows } = await server.app.ctx.db.query(
      `SELECT 1 FROM jobs WHERE job_type = 'audio_transcription'`,
    );
    assert.equal(rows.length, 0);
  });
});

describe('a recording whose job has not run yet', () => {
  let server: TestServer;
  before(async () => {
    // No job runs here: the upload stays queued with its recording stored.
    server = await createTestServer({ PATH: process.env.PATH ?? '/usr/bin:/bin', JOB_CONCURRENCY: '0' });
  });
  after(() => server.close());

  it('is removed with the rest when all of the patient’s data is deleted', async () => {
    const token = await signIn(server, 'dr.patel');
    const patientId = await patientIdByMrn(server, 'DEMO-1001');
    const before = await storedFiles(server);
    const response = await uploadAudio(
      server,
      token,
      { patientId, typeId: await outpatientTypeId(server) },
      { filename: 'queued.wav', content: await encodedSpeech('wav') },
    );
    assert.equal(response.statusCode, 202, response.body);
    assert.equal((await storedFiles(server)).length, before.length + 1);
    const purged = await asUser(server, token).delete(`/api/patients/${patientId}/delete-all-data`);
    assert.equal(purged.statusCode, 200, purged.body);
    await waitFor(
      () => storedFiles(server),
      (files) => files.length === before.length,
      'the queued recording removed',
    );
  });
});

describe('audio uploads where ffmpeg is missing', () => {
  let server: TestServer;
  before(async () => {
    // No PATH: python3 is Debian's (found by its full path), ffmpeg is not found.
    server = await createTestServer();
  });
  after(() => server.close());

  it('are refused before anything is stored, naming what to install, while dictation stays available', async () => {
    const token = await signIn(server, 'dr.patel');
    const status = await asUser(server, token).get('/api/transcription/status');
    assert.equal(status.statusCode, 200, status.body);
    assert.deepEqual(
      { available: status.json().speech.available, reads_files: status.json().speech.reads_files },
      { available: true, reads_files: false },
    );
    const before = await storedFiles(server);
    const response = await uploadAudio(
      server,
      token,
      { patientId: await patientIdByMrn(server, 'DEMO-1001'), typeId: await outpatientTypeId(server) },
      { filename: 'a.wav', content: await encodedSpeech('wav') },
    );
    assert.equal(response.statusCode, 503, response.body);
    assert.match(response.json().message, /cannot be read until ffmpeg is installed/);
    assert.deepEqual(await storedFiles(server), before);
  });
});

describe('a server killed in the middle of an audio transcription', () => {
  const tempDirs: string[] = [];
  after(async () => {
    for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
  });

  it('recognises the audio again after a restart and saves one transcription', async () => {
    const dataDir = await makeTempDir('ewrt-audio-restart-');
    tempDirs.push(dataDir);
    // An ffmpeg that notes each call, so the kill lands once recognition has started.
    const binDir = await mkdtemp(path.join(tmpdir(), 'ewrt-audio-tools-'));
    tempDirs.push(binDir);
    const callsFile = path.join(binDir, 'ffmpeg-calls.txt');
    await writeFile(
      path.join(binDir, 'ffmpeg'),
      `#!/bin/sh\necho call >> "${callsFile}"\nexec /usr/bin/ffmpeg "$@"\n`,
    );
    await chmod(path.join(binDir, 'ffmpeg'), 0o755);
    const calls = () =>
      existsSync(callsFile) ? readFileSync(callsFile, 'utf8').split('\n').filter(Boolean).length : 0;
    const env = {
      PATH: `${binDir}${path.delimiter}${process.env.PATH ?? '/usr/bin:/bin'}`,
      JOB_LEASE_SECONDS: '2',
      JOB_HEARTBEAT_SECONDS: '1',
    };
    const repeats = 20;

    // Queued by a server that runs no jobs, so the job starts in the process killed below.
    const queueing = await serverOver(dataDir, { ...env, JOB_CONCURRENCY: '0' });
    let jobId: number;
    try {
      const response = await uploadAudio(
        queueing,
        await signIn(queueing, 'dr.patel'),
        { patientId: await patientIdByMrn(queueing, 'DEMO-1001'), typeId: await outpatientTypeId(queueing) },
        { filename: 'long dictation.mp3', content: await encodedSpeech('mp3', repeats) },
      );
      assert.equal(response.statusCode, 202, response.body);
      jobId = (response.json() as AudioUploadResponse).job_id;
    } finally {
      await queueing.close();
    }

    const first = runEntry('src/main.ts', { ...env, DATA_DIR: dataDir, PORT: '0' });
    const firstOut = collect(first);
    try {
      await waitForListening(firstOut.stdout, firstOut.exit);
      await waitFor(
        async () => calls(),
        (count) => count >= 1,
        'recognition to start',
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      first.kill('SIGKILL');
      await firstOut.exit;
    }

    const second = await serverOver(dataDir, env, true);
    try {
      const job = await waitFor(() => second.app.ctx.jobs.get(jobId), finished, 'the resumed job');
      assert.equal(job?.status, 'completed', job?.error_message ?? '');
      const { rows } = await second.app.ctx.db.query<{ text: string; attempts: number }>(
        `SELECT t.text, j.attempts FROM transcriptions t JOIN jobs j ON j.id = t.job_id WHERE t.job_id = $1`,
        [jobId],
      );
      assert.equal(rows.length, 1, 'one transcription for the job');
      assert.equal(rows[0]!.attempts, 2);
      const recognised = rows[0]!.text.split(GO_FORWARD_TEXT).length - 1;
      assert.ok(
        recognised >= repeats - 2,
        `"${GO_FORWARD_TEXT}" recognised ${recognised} of ${repeats} times`,
      );
      const logs = await logsOf(second, jobId);
      assert.equal(
        logs.filter((line) => line.startsWith('Saved as transcription')).length,
        1,
        logs.join(' | '),
      );
      assert.equal(
        await second.app.ctx.files.size(storedAudioKeyOf(job)),
        null,
        'the audio is deleted once transcribed',
      );
    } finally {
      await second.close();
    }
  });
});

/** The server over `dataDir` in this process (closing it keeps the directory); `realClock` for lease expiry. */
async function serverOver(dataDir: string, env: NodeJS.ProcessEnv, realClock = false): Promise<TestServer> {
  const config = testConfig(dataDir, env);
  const clock = createTestClock();
  const app = await buildApp(config, realClock ? {} : { clock: clock.now });
  return { app, config, clock, dataDir, secrets: new Map(), close: () => app.close() };
}
