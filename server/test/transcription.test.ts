// The transcription calls over HTTP (TRN-08): types, save/list/get/delete with the spec's fields
// and the Complete-only-with-a-document rule, who may use them, AI formatting without a model and with the local
// OpenAI-compatible stand-in (test/support/openAiStandIn.ts, mode 'format-transcription'), and the Word document
// written by complete-llm and the downloads, printed back through LibreOffice.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { appendFinalText } from '@ewrt/contract';
import type {
  CompleteTranscriptionResponse,
  MedicolegalResult,
  OpinionResult,
  OutpatientResult,
  SaveTranscriptionResponse,
  SummarizeResponse,
  Transcription,
  TranscriptionStatusResponse,
  TranscriptionType,
} from '@ewrt/contract';
import {
  TRANSCRIPT_BLOCK_END,
  TRANSCRIPT_BLOCK_START,
} from '../src/features/transcription/buildFormattingPrompt.js';
import { createTranscriptionRepository } from '../src/features/transcription/transcriptionRepository.js';
import { waitFor } from './support/documentUploads.js';
import { startOpenAiStandIn, type OpenAiStandIn } from './support/openAiStandIn.js';
import { canPrintDocx, printedDocxText } from './support/printedDocx.js';
import { asUser, createTestServer, patientIdByMrn, signIn, type TestServer } from './support/testServer.js';

const DICTATION =
  'Patient reports neck pain since the collision in June. Takes ibuprofen four hundred milligrams. Plan physiotherapy.';
const NOT_CONFIGURED = 'AI formatting is not configured';
const REPORTED_MODEL = 'stand-in-format-3';
const WORD_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Client = ReturnType<typeof asUser>;

async function typeIdOf(client: Client, name: string): Promise<number> {
  const response = await client.get('/api/transcription/types');
  assert.equal(response.statusCode, 200, response.body);
  const type = (response.json().transcription_types as TranscriptionType[]).find(
    (each) => each.text_transcription_type === name,
  );
  assert.ok(type, `no type ${name}`);
  return type.ID_transcription;
}

async function listOf(
  client: Client,
  patientId: number,
  which: 'list' | 'incomplete',
): Promise<Transcription[]> {
  const response = await client.get(`/api/transcription/patient/${patientId}/${which}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().transcriptions as Transcription[];
}

describe('transcriptions without a language model', () => {
  let server: TestServer;
  let patel: Client;
  let reid: Client;
  let patientId: number;
  let outpatientType: number;

  before(async () => {
    server = await createTestServer({ SPEECH_RECOGNIZER: 'off' });
    patel = asUser(server, await signIn(server, 'dr.patel'));
    reid = asUser(server, await signIn(server, 't.reid'));
    patientId = await patientIdByMrn(server, 'DEMO-1001');
    outpatientType = await typeIdOf(patel, 'Outpatient Consultation');
  });
  after(() => server.close());

  it('lists the three transcription types in order', async () => {
    const response = await patel.get('/api/transcription/types');
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().success, true);
    assert.deepEqual(
      (response.json().transcription_types as TranscriptionType[]).map(
        (type) => type.text_transcription_type,
      ),
      ['Outpatient Consultation', 'Medicolegal Assessment', 'Medical Opinion'],
    );
  });

  it('says what works here: formatting is not configured, recognition is turned off', async () => {
    const response = await patel.get('/api/transcription/status');
    assert.equal(response.statusCode, 200, response.body);
    const status = response.json() as TranscriptionStatusResponse;
    assert.deepEqual(status.formatting, { available: false, message: NOT_CONFIGURED, model_info: null });
    assert.equal(status.speech.available, false);
  });

  it('saves, lists, continues and reads a transcription, which stays Incomplete without a document', async () => {
    const saved = await patel.post('/api/transcription/save', {
      patient_id: patientId,
      transcription_text: 'Patient reports neck pain',
      transcription_type_id: outpatientType,
      is_complete: true,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const answer = saved.json() as SaveTranscriptionResponse;
    assert.equal(answer.message, 'Transcription saved successfully');

    const continued = await patel.post('/api/transcription/save', {
      patient_id: patientId,
      transcription_text: DICTATION,
      transcription_type_id: outpatientType,
      is_complete: false,
      transcription_id: answer.transcription_id,
    });
    assert.equal(continued.statusCode, 200, continued.body);
    assert.equal(
      continued.json().transcription_id,
      answer.transcription_id,
      'saved over the same transcription',
    );

    const [listed, ...others] = await listOf(patel, patientId, 'list');
    assert.equal(others.length, 0);
    assert.ok(listed);
    assert.equal(listed.ID_Transcription, answer.transcription_id);
    assert.equal(listed.Transcription, DICTATION);
    assert.equal(listed.text_transcription_type, 'Outpatient Consultation');
    assert.equal(listed.transcriptionType, outpatientType);
    assert.equal(listed.CreatedBy, 'Dr Asha Patel');
    assert.equal(listed.Status, 'Incomplete', 'is_complete alone does not complete it');
    assert.equal(listed.S3_Link, null);
    assert.equal(listed.source, 'live');
    assert.ok(!Number.isNaN(Date.parse(listed.DateOfTranscription)));
    assert.deepEqual(
      (await listOf(patel, patientId, 'incomplete')).map((each) => each.ID_Transcription),
      [answer.transcription_id],
    );

    // Every user allowed on the patient sees it: a transcription-only user reads it too.
    const read = await reid.get(`/api/transcription/${answer.transcription_id}`);
    assert.equal(read.statusCode, 200, read.body);
    assert.deepEqual(read.json().transcription, listed);
  });

  it('refuses an unknown type and a transcription of another patient', async () => {
    const unknownType = await patel.post('/api/transcription/save', {
      patient_id: patientId,
      transcription_text: 'Text',
      transcription_type_id: 999_999,
      is_complete: false,
    });
    assert.equal(unknownType.statusCode, 400, unknownType.body);
    assert.equal(
      unknownType.json().message,
      'Unable to find the selected transcription type. Please try selecting it again.',
    );
    const [own] = await listOf(patel, patientId, 'list');
    const otherPatient = await patel.post('/api/transcription/save', {
      patient_id: await patientIdByMrn(server, 'DEMO-1004'),
      transcription_text: 'Text',
      transcription_type_id: outpatientType,
      is_complete: false,
      transcription_id: own!.ID_Transcription,
    });
    assert.equal(otherPatient.statusCode, 404, otherPatient.body);
    assert.equal((await listOf(patel, patientId, 'list'))[0]!.Transcription, DICTATION, 'unchanged');
  });

  it('keeps another group, users without the feature and view-only patients out', async () => {
    const [own] = await listOf(patel, patientId, 'list');
    const okafor = asUser(server, await signIn(server, 'dr.okafor'));
    const otherGroupPatient = await patientIdByMrn(server, 'DEMO-2001');
    assert.equal((await patel.get(`/api/transcription/patient/${otherGroupPatient}/list`)).statusCode, 404);
    const foreign = await okafor.get(`/api/transcription/${own!.ID_Transcription}`);
    assert.equal(foreign.statusCode, 404, foreign.body);
    assert.equal(foreign.json().message, 'Transcription not found');
    assert.equal((await okafor.delete(`/api/transcription/${own!.ID_Transcription}`)).statusCode, 404);

    const viewer = asUser(server, await signIn(server, 'r.viewer'));
    for (const response of [
      await viewer.get('/api/transcription/types'),
      await viewer.get(`/api/transcription/patient/${patientId}/list`),
      await viewer.get(`/api/transcription/${own!.ID_Transcription}`),
      await viewer.post('/api/bedrock/summarize-opinion', { text: DICTATION }),
    ]) {
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(response.json().message, 'Your access level does not allow transcription');
    }

    const viewOnly = await patientIdByMrn(server, 'DEMO-1003');
    const refused = await patel.post('/api/transcription/save', {
      patient_id: viewOnly,
      transcription_text: DICTATION,
      transcription_type_id: outpatientType,
      is_complete: false,
    });
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(
      refused.json().message,
      'Transcription is available only for patients you have full access to',
    );
  });

  it("keeps each user's own words for the recogniser, theirs alone", async () => {
    assert.deepEqual((await patel.get('/api/transcription/my-words')).json(), { success: true, words: [] });
    const saved = await patel.put('/api/transcription/my-words', {
      words: ['  Ramipril ', 'Wythenshawe Hospital', 'ramipril', '', 'Mr  Okonkwo'],
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(saved.json().words, ['Ramipril', 'Wythenshawe Hospital', 'Mr Okonkwo']);
    assert.deepEqual((await patel.get('/api/transcription/my-words')).json().words, saved.json().words);
    // Another user, even of the same group, has their own list.
    assert.deepEqual((await reid.get('/api/transcription/my-words')).json().words, []);
    await reid.put('/api/transcription/my-words', { words: ['Tiotropium'] });
    assert.deepEqual((await patel.get('/api/transcription/my-words')).json().words, saved.json().words);

    const viewer = asUser(server, await signIn(server, 'r.viewer'));
    const refused = await viewer.put('/api/transcription/my-words', { words: ['Anything'] });
    assert.equal(refused.statusCode, 403, refused.body);
    const twoLines = await patel.put('/api/transcription/my-words', { words: ['one\ntwo'] });
    assert.equal(twoLines.statusCode, 400, twoLines.body);
    assert.deepEqual((await patel.get('/api/transcription/my-words')).json().words, saved.json().words);

    const { rows } = await server.app.ctx.db.query<{ details: Record<string, unknown> }>(
      `SELECT details FROM audit_log WHERE action = 'transcription.my_words_save' ORDER BY id`,
    );
    assert.equal(rows[0]?.details.word_count, 3);
    assert.ok(!JSON.stringify(rows).includes('Okonkwo'), 'the audit counts the words, never lists them');
  });

  it("keeps a group's words, changed by its group administrators only and seen by its members alone", async () => {
    const lead = asUser(server, await signIn(server, 'groupadmin'));
    const okafor = asUser(server, await signIn(server, 'dr.okafor'));
    assert.deepEqual((await patel.get('/api/transcription/group-words')).json(), {
      success: true,
      words: [],
      group_name: 'Northgate Medico-Legal (demo)',
      can_edit: false,
    });
    const saved = await lead.put('/api/transcription/group-words', {
      words: [' Wythenshawe Hospital', 'Mr Okonkwo', 'wythenshawe hospital'],
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(saved.json().words, ['Wythenshawe Hospital', 'Mr Okonkwo']);
    assert.equal(saved.json().can_edit, true);

    // A member reads the list but may not change it; another group has its own (empty) list.
    const member = (await reid.get('/api/transcription/group-words')).json();
    assert.deepEqual([member.words, member.can_edit], [saved.json().words, false]);
    const refused = await patel.put('/api/transcription/group-words', { words: ['Anything'] });
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(refused.json().message, "Only your group's administrators can change its list of words");
    const other = (await okafor.get('/api/transcription/group-words')).json();
    assert.deepEqual([other.words, other.group_name], [[], 'Riverside Expert Practice (demo)']);
    assert.deepEqual((await patel.get('/api/transcription/group-words')).json().words, saved.json().words);

    const { rows } = await server.app.ctx.db.query<{ details: Record<string, unknown> }>(
      `SELECT details FROM audit_log WHERE action = 'transcription.group_words_save' ORDER BY id`,
    );
    // The group administrator's save, then the member's refused one.
    assert.deepEqual(
      rows.map((row) => row.details.word_count ?? null),
      [2, null],
    );
    assert.ok(!JSON.stringify(rows).includes('Okonkwo'), 'the audit counts the words, never lists them');
    await lead.put('/api/transcription/group-words', { words: [] });
  });

  it('answers the summarize calls 503 "AI formatting is not configured"', async () => {
    for (const kind of ['outpatient', 'medicolegal', 'opinion']) {
      const response = await patel.post(`/api/bedrock/summarize-${kind}`, {
        text: DICTATION,
        patient_name: 'Eleanor Whitfield',
      });
      assert.equal(response.statusCode, 503, response.body);
      assert.equal(response.json().message, NOT_CONFIGURED);
    }
  });

  it('completes with the transcript as it stands: a Word document, Complete, downloadable by link and by id', async (t) => {
    const [draft] = await listOf(patel, patientId, 'incomplete');
    const response = await patel.post('/api/transcription/complete-llm', {
      transcription_id: draft!.ID_Transcription,
      patient_id: patientId,
      transcription_text: DICTATION,
      transcription_type_id: outpatientType,
      consultation_type: 'outpatient',
      llm_response: null,
    });
    assert.equal(response.statusCode, 200, response.body);
    const completed = response.json() as CompleteTranscriptionResponse;
    assert.equal(completed.success, true);
    assert.equal(completed.error, null);
    assert.equal(completed.transcription_id, draft!.ID_Transcription);
    assert.match(completed.filename ?? '', /^Transcription_Whitfield_\d{4}-\d{2}-\d{2}\.docx$/);
    assert.ok(completed.s3_link);

    const [listed] = await listOf(patel, patientId, 'list');
    assert.equal(listed!.Status, 'Complete');
    assert.equal(listed!.S3_Link, completed.s3_link);
    assert.equal(listed!.filename, completed.filename);
    assert.deepEqual(await listOf(patel, patientId, 'incomplete'), []);

    const overwrite = await patel.post('/api/transcription/save', {
      patient_id: patientId,
      transcription_text: 'changed',
      transcription_type_id: outpatientType,
      is_complete: false,
      transcription_id: draft!.ID_Transcription,
    });
    assert.equal(overwrite.statusCode, 409, 'a Complete transcription keeps the text of its document');

    const byLink = await reid.get(
      `/api/transcription/download?s3Link=${encodeURIComponent(completed.s3_link)}`,
    );
    assert.equal(byLink.statusCode, 200, byLink.body);
    assert.equal(byLink.headers['content-type'], WORD_TYPE);
    assert.match(String(byLink.headers['content-disposition']), /filename="Transcription_Whitfield_/);
    const byId = await patel.get(`/api/transcription/download/${draft!.ID_Transcription}`);
    assert.equal(byId.statusCode, 200, byId.body);
    assert.match(
      String(byId.headers['content-disposition']),
      new RegExp(`filename="Transcription_${draft!.ID_Transcription}\\.docx"`),
    );

    const unknown = await patel.get(`/api/transcription/download?s3Link=${'A'.repeat(43)}`);
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, 'No document available for download');
    const okafor = asUser(server, await signIn(server, 'dr.okafor'));
    const foreign = await okafor.get(
      `/api/transcription/download?s3Link=${encodeURIComponent(completed.s3_link)}`,
    );
    assert.equal(foreign.statusCode, 404, 'another group cannot fetch it by its key');

    if (!(await canPrintDocx())) {
      t.skip('LibreOffice or pdftotext is not installed');
      return;
    }
    const printed = await printedDocxText(byLink.rawPayload);
    for (const expected of [
      'Outpatient Consultation',
      'Patient: Eleanor Whitfield',
      'MRN: DEMO-1001',
      'Date of birth: 14 Mar 1968',
      'Dictated by: Dr Asha Patel',
      'Not formatted by AI',
      'Transcript',
      DICTATION,
    ]) {
      assert.ok(printed.includes(expected), `"${expected}" in: ${printed}`);
    }
    const printedById = await printedDocxText(byId.rawPayload);
    assert.ok(printedById.includes(DICTATION), printedById);
    assert.ok(printedById.includes('Not formatted by AI'), printedById);
  });

  it('deletes a transcription and its stored document; the audit never holds the text', async () => {
    const [completed] = await listOf(patel, patientId, 'list');
    const key = completed!.S3_Link!;
    assert.notEqual(await server.app.ctx.files.size(key), null);
    const response = await patel.delete(`/api/transcription/${completed!.ID_Transcription}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().message, 'Transcription deleted successfully');
    assert.deepEqual(await listOf(patel, patientId, 'list'), []);
    assert.equal(await server.app.ctx.files.size(key), null);
    assert.equal((await patel.get(`/api/transcription/${completed!.ID_Transcription}`)).statusCode, 404);

    const { rows } = await server.app.ctx.db.query<{
      action: string;
      patient_id: number | null;
      details: unknown;
    }>(`SELECT action, patient_id, details FROM audit_log WHERE action LIKE 'transcription.%'`);
    assert.ok(rows.some((row) => row.action === 'transcription.complete' && row.patient_id === patientId));
    assert.ok(rows.some((row) => row.action === 'transcription.delete' && row.patient_id === patientId));
    const audited = JSON.stringify(rows);
    assert.ok(!audited.includes('neck pain'), 'no transcript text in the audit log');
  });

  it('appends live finals to a draft with one space, storing a repeated final once', async () => {
    const repository = createTranscriptionRepository(server.app.ctx.db);
    const { rows } = await server.app.ctx.db.query<{ id: number }>(
      `SELECT id FROM users WHERE username = 'dr.patel'`,
    );
    const at = server.clock.now();
    const draft = await repository.createDraft({
      patientId,
      typeId: outpatientType,
      userId: rows[0]!.id,
      source: 'live',
      now: at,
    });
    assert.equal(await repository.appendFinal(draft, '  go forward ', at), true);
    assert.equal(await repository.appendFinal(draft, 'ten meters', at), true);
    assert.equal(await repository.appendFinal(draft, 'ten meters', at), true, 'a retried final');
    assert.equal(await repository.appendFinal(draft, 'meters', at), true, 'the end of a word already there');
    assert.equal((await repository.findOfPatient(patientId, draft))?.text, 'go forward ten meters');
    await repository.saveText(draft, 'Dictated:\n', outpatientType, at);
    await repository.appendFinal(draft, 'go forward', at);
    assert.equal((await repository.findOfPatient(patientId, draft))?.text, 'Dictated:\ngo forward');
    assert.equal(await repository.appendFinal(999_999, 'lost', at), false);
    assert.equal(await repository.findOfPatient(await patientIdByMrn(server, 'DEMO-1004'), draft), null);
    await repository.delete(draft);
  });

  it('stores finals by the same rule the screen follows to know the stored text', async () => {
    const repository = createTranscriptionRepository(server.app.ctx.db);
    const at = server.clock.now();
    const saved = await patel.post('/api/transcription/save', {
      patient_id: patientId,
      transcription_text: 'Seen today.\n',
      transcription_type_id: outpatientType,
      is_complete: false,
    });
    const id = (saved.json() as SaveTranscriptionResponse).transcription_id;
    const finals = ['neck pain', ' neck pain ', 'since June', 'pain since June', 'worse on turning', 'June'];
    let mirrored = 'Seen today.\n';
    for (const final of finals) {
      await repository.appendFinal(id, final, at);
      mirrored = appendFinalText(mirrored, final);
      assert.equal((await repository.findOfPatient(patientId, id))?.text, mirrored, `after "${final}"`);
    }
    await repository.delete(id);
  });

  it('merges a corrected draft with finals recognised meanwhile instead of replacing them, and audits the edit', async () => {
    const repository = createTranscriptionRepository(server.app.ctx.db);
    const at = server.clock.now();
    const first = await patel.post('/api/transcription/save', {
      patient_id: patientId,
      transcription_text: 'the patient has whip lash',
      transcription_type_id: outpatientType,
      is_complete: false,
    });
    const id = (first.json() as SaveTranscriptionResponse).transcription_id;
    // The screen heard one more final; the server stored it and a second the screen has not heard yet.
    await repository.appendFinal(id, 'of the neck', at);
    await repository.appendFinal(id, 'after the collision', at);
    const corrected = await patel.post('/api/transcription/save', {
      patient_id: patientId,
      transcription_text: 'The patient has whiplash of the neck',
      transcription_type_id: outpatientType,
      is_complete: false,
      transcription_id: id,
      based_on_text: 'the patient has whip lash of the neck',
    });
    assert.equal(corrected.statusCode, 200, corrected.body);
    assert.equal(
      (await repository.findOfPatient(patientId, id))?.text,
      'The patient has whiplash of the neck after the collision',
      'the final the screen had not heard is kept after the correction',
    );

    // Nothing new since: the save stores the text as sent.
    const again = await patel.post('/api/transcription/save', {
      patient_id: patientId,
      transcription_text: 'The patient has whiplash of the neck after the collision.',
      transcription_type_id: outpatientType,
      is_complete: false,
      transcription_id: id,
      based_on_text: 'The patient has whiplash of the neck after the collision',
    });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(
      (await repository.findOfPatient(patientId, id))?.text,
      'The patient has whiplash of the neck after the collision.',
    );

    // Another window changed the draft in another way: neither text silently wins.
    await repository.saveText(id, 'Rewritten elsewhere.', outpatientType, at);
    const stale = await patel.post('/api/transcription/save', {
      patient_id: patientId,
      transcription_text: 'My corrections.',
      transcription_type_id: outpatientType,
      is_complete: false,
      transcription_id: id,
      based_on_text: 'The patient has whiplash of the neck after the collision.',
    });
    assert.equal(stale.statusCode, 409, stale.body);
    assert.match(stale.json().error ?? stale.json().message, /changed in another window/);
    assert.equal((await repository.findOfPatient(patientId, id))?.text, 'Rewritten elsewhere.');

    const { rows } = await server.app.ctx.db.query<{ details: Record<string, unknown> }>(
      `SELECT details FROM audit_log WHERE action = 'transcription.save' AND details->>'transcription_id' = $1
        ORDER BY id`,
      [String(id)],
    );
    assert.deepEqual(
      rows.map((row) => [row.details.edited, row.details.merged_characters]),
      [
        [false, 0],
        [true, ' after the collision'.length],
        [false, 0],
      ],
    );
    assert.ok(!JSON.stringify(rows).includes('whiplash'), 'no transcript text in the audit log');
    await repository.delete(id);
  });

  it('is erased with the rest of the patient\u2019s data, documents and all', async () => {
    const saved = await patel.post('/api/transcription/complete-llm', {
      patient_id: patientId,
      transcription_text: DICTATION,
      transcription_type_id: outpatientType,
      consultation_type: 'outpatient',
      llm_response: null,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const key = (saved.json() as CompleteTranscriptionResponse).s3_link!;
    const purge = await patel.delete(`/api/patients/${patientId}/delete-all-data`);
    assert.equal(purge.statusCode, 200, purge.body);
    assert.equal(purge.json().deleted.transcriptions, 1);
    assert.deepEqual(await listOf(patel, patientId, 'list'), []);
    await waitFor(
      () => server.app.ctx.files.size(key),
      (size) => size === null,
      'the purged transcription\u2019s document to be removed',
    );
  });
});

describe('transcriptions formatted by a language model', () => {
  let server: TestServer;
  let standIn: OpenAiStandIn;
  let patel: Client;
  let patientId: number;

  before(async () => {
    standIn = await startOpenAiStandIn({ reportedModel: REPORTED_MODEL, mode: 'format-transcription' });
    server = await createTestServer({
      AI_BASE_URL: standIn.baseUrl,
      AI_MODEL: 'configured-format-model',
      SPEECH_RECOGNIZER: 'off',
    });
    patel = asUser(server, await signIn(server, 'dr.patel'));
    patientId = await patientIdByMrn(server, 'DEMO-1001');
  });
  after(async () => {
    await server.close();
    await standIn.close();
  });

  const summarize = async (kind: string): Promise<SummarizeResponse> => {
    const response = await patel.post(`/api/bedrock/summarize-${kind}`, {
      text: DICTATION,
      patient_name: 'Eleanor Whitfield',
      user_name: 'Dr Asha Patel',
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as SummarizeResponse;
  };

  it('reports formatting as available with the configured model', async () => {
    const status = (await patel.get('/api/transcription/status')).json() as TranscriptionStatusResponse;
    assert.equal(status.formatting.available, true);
    assert.equal(status.formatting.model_info?.model, 'configured-format-model');
  });

  it('formats the three shapes, naming the model the endpoint reported; the transcript goes as data', async () => {
    const outpatient = await summarize('outpatient');
    assert.equal(outpatient.consultation_type, 'outpatient');
    assert.equal(outpatient.model_info.model, REPORTED_MODEL);
    assert.deepEqual(outpatient.result as OutpatientResult, {
      diagnosis: 'Stated: Patient reports neck pain since the collision in June. Takes ibuprofen four',
      summaryOfConsultation: DICTATION,
      medicalHistory: '',
      medicationsAndAllergies: '',
      plan: 'Review',
    });
    const prompt = standIn.requests.at(-1)!.body.messages!;
    assert.equal(prompt[0]!.role, 'system');
    assert.ok(!prompt[0]!.content.includes(DICTATION), 'the transcript is not part of the instructions');
    assert.ok(
      prompt[1]!.content.includes(`${TRANSCRIPT_BLOCK_START}\n${DICTATION}\n${TRANSCRIPT_BLOCK_END}`),
    );
    assert.ok(prompt[1]!.content.includes('Patient: Eleanor Whitfield'));

    const medicolegal = await summarize('medicolegal');
    assert.equal(medicolegal.consultation_type, 'medicolegal');
    const legal = medicolegal.result as MedicolegalResult;
    assert.equal(legal.transcript, DICTATION);
    assert.deepEqual(legal.contextualSections, { Account: DICTATION });
    assert.equal(legal.keyPoints.length, 1);

    const opinion = await summarize('opinion');
    assert.deepEqual(opinion.result as OpinionResult, { formattedOpinion: `Opinion: ${DICTATION}` });
    assert.match(opinion.model_info.label, new RegExp(`^${REPORTED_MODEL} \\(127\\.0\\.0\\.1:\\d+\\)$`));
  });

  it('answers 502 with the reason when the model fails', async () => {
    standIn.setMode('fail');
    try {
      const response = await patel.post('/api/bedrock/summarize-opinion', { text: DICTATION });
      assert.equal(response.statusCode, 502, response.body);
      assert.match(response.json().message, /overloaded/);
      standIn.setMode('decline');
      const unreadable = await patel.post('/api/bedrock/summarize-opinion', { text: DICTATION });
      assert.equal(unreadable.statusCode, 502, unreadable.body);
      assert.match(unreadable.json().message, /did not answer in the expected format/);
    } finally {
      standIn.setMode('format-transcription');
    }
  });

  it('writes the formatted sections into the Word document with the model that formatted them', async (t) => {
    const medicolegalType = await typeIdOf(patel, 'Medicolegal Assessment');
    const formatted = await summarize('medicolegal');
    const response = await patel.post('/api/transcription/complete-llm', {
      patient_id: patientId,
      transcription_text: DICTATION,
      transcription_type_id: medicolegalType,
      consultation_type: 'medicolegal',
      llm_response: formatted.result,
      llm_model: formatted.model_info.label,
    });
    assert.equal(response.statusCode, 200, response.body);
    const completed = response.json() as CompleteTranscriptionResponse;
    const [listed] = await listOf(patel, patientId, 'list');
    assert.equal(listed!.ID_Transcription, completed.transcription_id, 'a new transcription without a draft');
    assert.equal(listed!.Status, 'Complete');
    assert.equal(listed!.text_transcription_type, 'Medicolegal Assessment');

    if (!(await canPrintDocx())) {
      t.skip('LibreOffice or pdftotext is not installed');
      return;
    }
    const download = await patel.get(
      `/api/transcription/download?s3Link=${encodeURIComponent(completed.s3_link!)}`,
    );
    assert.equal(download.statusCode, 200, download.body);
    const printed = await printedDocxText(download.rawPayload);
    for (const expected of [
      'Medicolegal Assessment',
      `Formatted by ${formatted.model_info.label}`,
      'Summary',
      'Assessment of: Patient reports neck pain',
      'Key Points',
      'Account',
      'Transcript',
    ]) {
      assert.ok(printed.includes(expected), `"${expected}" in: ${printed}`);
    }
    assert.ok(!printed.includes('Not formatted by AI'));
  });
});
