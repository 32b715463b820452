// The chronology described by a language model: the local OpenAI-compatible stand-in (test/support/openAiStandIn.ts)
// answers each batch of events with JSON, so the prompt, the support check that flags an unsupported summary, the
// model named, and the fall-back to rules when the model fails are all real.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ChronologyResponse } from '@ewrt/contract';
import { finished, uploadAndProcess, waitFor } from './support/documentUploads.js';
import {
  DEFAULT_UNSUPPORTED_SENTENCE,
  startOpenAiStandIn,
  type OpenAiStandIn,
} from './support/openAiStandIn.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

const JOB_ENV = { JOB_LEASE_SECONDS: '3600', JOB_HEARTBEAT_SECONDS: '3000' };
const REPORTED_MODEL = 'stand-in-chat-9';
const LETTER = [
  'An X-ray of the right wrist on 03/06/2023 showed an undisplaced fracture of the distal radius.',
  'Mr Hughes performed an open reduction and internal fixation on 4 Jul 23.',
  'She attended physiotherapy in August 2023.',
].join('\n');

let standIn: OpenAiStandIn;
let server: TestServer;
let patel: ReturnType<typeof asUser>;
let url: string;

async function build(): Promise<ChronologyResponse> {
  const response = await patel.post(`${url}/build`);
  assert.equal(response.statusCode, 202, response.body);
  const job = await waitFor(
    () => server.app.ctx.jobs.get(response.json().job_id),
    finished,
    'the chronology job',
  );
  assert.equal(job?.status, 'completed', job?.error_message ?? '');
  const answer = await patel.get(url);
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json();
}

before(async () => {
  standIn = await startOpenAiStandIn({
    reportedModel: REPORTED_MODEL,
    mode: 'describe-events-with-unsupported',
  });
  server = await createTestServer({
    ...JOB_ENV,
    AI_BASE_URL: standIn.baseUrl,
    AI_MODEL: 'configured-chat-model',
  });
  const token = await signIn(server, 'dr.patel');
  patel = asUser(server, token);
  const patientId = await patientIdByMrn(server, 'DEMO-1001');
  url = `/api/patients/${patientId}/chronology`;
  const job = await uploadAndProcess(server, token, patientId, {
    filename: 'clinic-letter.txt',
    content: Buffer.from(LETTER, 'utf8'),
  });
  assert.equal(job.status, 'completed', job.error_message ?? '');
});
after(async () => {
  await server.close();
  await standIn.close();
});

describe('a chronology described by the language model', () => {
  it('summarises each event, names the model, and flags a summary its passage does not support', async () => {
    const answer = await build();
    const host = new URL(standIn.baseUrl).host;
    assert.equal(answer.described_by, 'language-model');
    assert.deepEqual(answer.model_info, {
      mode: 'language-model',
      model: REPORTED_MODEL,
      provider: host,
      label: `${REPORTED_MODEL} (${host})`,
    });
    const chat = standIn.requests.filter((request) => request.path === '/v1/chat/completions');
    assert.equal(chat.length, 1, 'three events are one batch');
    const prompt = chat[0]!.body.messages!.at(-1)!.content;
    assert.match(prompt, /\[E1\] 03\/06\/2023\nAn X-ray of the right wrist/);
    assert.match(prompt, /\[E3\] August 2023\nShe attended physiotherapy/);

    const [xray, fixation, physiotherapy] = answer.events;
    assert.equal(xray?.summary, DEFAULT_UNSUPPORTED_SENTENCE);
    assert.equal(xray?.summary_supported, false, 'a date and terms the passage does not contain');
    assert.equal(fixation?.summary_supported, true);
    assert.match(fixation!.summary!, /^Mr Hughes performed an open reduction/);
    assert.equal(fixation?.clinician, 'Mr Hughes');
    assert.equal(physiotherapy?.summary_supported, true);
    // The stand-in calls every event correspondence: the model's kind, not the rules' imaging/operation/therapy.
    assert.deepEqual(
      answer.events.map((event) => event.kind),
      ['correspondence', 'correspondence', 'correspondence'],
    );
    // The passage is kept beside the summary.
    assert.match(xray!.passage, /^An X-ray of the right wrist on 03\/06\/2023/);
  });

  it('describes events by rules, and says so in the job, when the model fails', async () => {
    standIn.setMode('fail');
    const answer = await build();
    assert.equal(answer.described_by, 'rules');
    assert.equal(answer.model_info?.mode, 'retrieval-only');
    assert.deepEqual(
      answer.events.map((event) => [event.kind, event.summary]),
      [
        ['imaging', null],
        ['operation', null],
        ['therapy', null],
      ],
    );
    const { rows } = await server.app.ctx.db.query<{ level: string; message: string }>(
      `SELECT level, message FROM job_logs WHERE job_id = $1`,
      [answer.job!.id],
    );
    assert.ok(
      rows.some(
        (row) =>
          row.level === 'warning' && /could not describe events 1–3 .*described by rules/.test(row.message),
      ),
      JSON.stringify(rows),
    );
  });
});
