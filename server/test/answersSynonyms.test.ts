// Record answers that do not leave the reader to guess: the clinical synonym table (lay, clinical, brand and
// abbreviation), the statement that a question's key terms are nowhere in the records, and the next passage of a
// page for a question that asks for a value.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Queryable } from '../src/db/Database.js';
import { answerQuestion } from '../src/features/answers/answerQuestion.js';
import { buildAnswerPrompt } from '../src/features/answers/buildAnswerPrompt.js';
import { CLINICAL_SYNONYMS, findSynonymPhrases } from '../src/features/answers/clinicalSynonyms.js';
import {
  absentTermsStatement,
  findAbsentTerms,
  keyTermsOf,
} from '../src/features/answers/findAbsentTerms.js';
import { searchPassages } from '../src/features/answers/searchPassages.js';
import { createDocumentRepository } from '../src/features/documents/documentRepository.js';
import { createTestServer, patientIdByMrn, type TestServer } from './support/testServer.js';

describe('the clinical synonym table', () => {
  it('joins lay words, clinical terms, brands and abbreviations', () => {
    const groupOf = (term: string) =>
      CLINICAL_SYNONYMS.find((group) => group.some((member) => member.toLowerCase() === term.toLowerCase()));
    assert.ok(groupOf('heel bone')?.includes('calcaneus'));
    assert.ok(groupOf('blood clot')?.includes('DVT'));
    assert.ok(groupOf('blood thinner')?.includes('Coumadin'));
    assert.ok(groupOf('blood thinner')?.includes('warfarin'));
    assert.ok(groupOf('A&E')?.includes('ED'));
    assert.ok(groupOf('#')?.includes('fracture'));
    // No member in two groups: a word must mean one thing.
    const members = CLINICAL_SYNONYMS.flat().map((member) => member.toLowerCase());
    assert.equal(new Set(members).size, members.length);
  });

  it('finds the longest phrase of a question, abbreviations only in capitals', () => {
    assert.deepEqual(
      findSynonymPhrases('Was an ultrasound done for a blood clot in the leg?').map((match) => match.written),
      ['ultrasound', 'blood clot'],
    );
    assert.ok(findSynonymPhrases('Did she break her heel bone?')[1]!.synonyms.includes('calcaneal'));
    assert.deepEqual(
      findSynonymPhrases('She was seen in ED.').map((match) => match.written),
      ['ED'],
    );
    assert.deepEqual(findSynonymPhrases('The report was edited.'), []);
  });
});

describe('key terms and the no-match statement', () => {
  it('takes the words that name something, phrases of the table as one term', () => {
    assert.deepEqual(
      keyTermsOf('Was an MRI of the neck performed?').map((term) => term.written),
      ['MRI', 'neck'],
    );
    assert.deepEqual(
      keyTermsOf('Has she ever taken a blood thinner on 12/03/2021?').map((term) => term.written),
      ['blood thinner'],
    );
  });

  it('leaves out the words that only ask: the attribute asked for, and lay verbs of what was done', () => {
    assert.deepEqual(
      keyTermsOf('What size screws were used for the fusion?').map((term) => term.written),
      ['fusion', 'screws'],
    );
    assert.deepEqual(
      keyTermsOf('What did the nerve conduction studies conclude?').map((term) => term.written),
      ['nerve conduction studies'],
    );
    assert.deepEqual(
      keyTermsOf('Did she have an operation to stiffen or join the joint below the ankle?').map(
        (term) => term.written,
      ),
      ['stiffen', 'joint below the ankle', 'operation'],
    );
  });

  it('names the absent terms in one sentence', () => {
    assert.equal(
      absentTermsStatement(['MRI'], "the patient's records"),
      '\u2018MRI\u2019 does not appear in the records indexed for this patient.',
    );
    assert.equal(
      absentTermsStatement(['epilepsy', 'seizures'], "the patient's records"),
      '\u2018epilepsy\u2019 and \u2018seizures\u2019 do not appear in the records indexed for this patient.',
    );
    assert.equal(absentTermsStatement([], "the patient's records"), null);
  });

  it('tells a model which terms are absent, so that its answer may not claim them', () => {
    const [system] = buildAnswerPrompt({
      question: 'Was an MRI of the neck performed?',
      passages: [],
      subjectLabel: "the patient's records",
      absentTerms: ['MRI'],
    });
    assert.match(system!.content, /appear nowhere in the patient's records, nor any synonym of them: "MRI"/);
    assert.match(system!.content, /Never state or suggest that the records mention them/);
  });
});

let server: TestServer;
let db: Queryable;
let patientId = 0;
const signal = new AbortController().signal;
const scope = () => ({ kind: 'patient' as const, patientId });

/** A document written straight into the index: each page's passages as given. */
async function addIndexedDocument(filename: string, pages: readonly (readonly string[])[]): Promise<void> {
  const { rows } = await db.query<{ id: number; group_id: number }>(
    `INSERT INTO documents (patient_id, group_id, storage_key, filename, size_bytes, sha256, file_type, status,
                            page_count, processed_date)
     SELECT $1, group_id, $2, $3, 100, $4, 'txt', 'processed', $5, now() FROM patients WHERE id = $1
     RETURNING id, group_id`,
    [patientId, randomUUID(), filename, randomUUID(), pages.length],
  );
  let chunkIndex = 0;
  await createDocumentRepository(db).upsertChunks(
    rows[0]!.id,
    { patientId, ownerUserId: null },
    pages.flatMap((passages, index) =>
      passages.map((text) => ({
        page: index + 1,
        chunkIndex: chunkIndex++,
        startOffset: 0,
        endOffset: text.length,
        text,
      })),
    ),
    null,
  );
}

before(async () => {
  server = await createTestServer();
  db = server.app.ctx.db;
  patientId = await patientIdByMrn(server, 'DEMO-1002');
  await addIndexedDocument('ed-record.txt', [
    [
      'Right foot X-ray: comminuted intra-articular fracture of the calcaneus. Cervical spine X-ray normal, neck stiff.',
    ],
    ['HOSPITAL FOLLOW-UP. DVT right calf. On Coumadin 5 mg daily, INR today 2.3.'],
  ]);
  // A page with the lay words of "blood thinner" apart, and an operation both listed and done.
  await addIndexedDocument('gp-record.txt', [['Smear taken by the practice nurse. Bloods: HbA1c 38.']]);
  await addIndexedDocument('listing-letter.txt', [
    ['She has been listed for a right subtalar arthrodesis, provisionally on 14/10/2022.'],
  ]);
  await addIndexedDocument('clinic-letter.txt', [['Four months after her fusion: the fusion has united.']]);
  await addIndexedDocument('operation-note.txt', [
    [
      'Procedure: right subtalar joint arthrodesis (fusion) under general anaesthetic, 14/10/2022. Fixed with two 7.0 mm cannulated screws.',
    ],
  ]);
  await addIndexedDocument('anticoagulation.txt', [
    [
      'Her INR readings in the anticoagulation clinic are in the table that follows this paragraph.',
      '10/05/2021 INR 1.6 warfarin 5 mg',
    ],
  ]);
});

after(async () => {
  await server.close();
});

describe('answers over a patient’s records', () => {
  it('says first that a key term appears nowhere, before the nearest passages', async () => {
    const answer = await answerQuestion(
      { db, ai: null, embeddings: null },
      scope(),
      'Was an MRI of the neck performed?',
      {
        k: 8,
        signal,
      },
    );
    assert.equal(
      answer.response.split('\n')[0],
      '\u2018MRI\u2019 does not appear in the records indexed for this patient.',
    );
    assert.deepEqual(answer.sentences[0], {
      text: '\u2018MRI\u2019 does not appear in the records indexed for this patient.',
      sources: [],
      supported: true,
    });
    assert.ok(answer.source_locations.length > 0, 'the nearest passages follow');
  });

  it('makes no such statement when the records hold the term or a synonym of it', async () => {
    assert.deepEqual(await findAbsentTerms(db, scope(), 'Did she break her heel bone?'), []);
    assert.deepEqual(await findAbsentTerms(db, scope(), 'Has she ever taken a blood thinner?'), []);
    assert.deepEqual(await findAbsentTerms(db, scope(), 'What size screws were used for the fusion?'), []);
    assert.deepEqual(
      await findAbsentTerms(db, scope(), 'Was the broken bone joined up and healed after the fusion?'),
      [],
    );
    const answer = await answerQuestion(
      { db, ai: null, embeddings: null },
      scope(),
      'Did she break her heel bone?',
      {
        k: 8,
        signal,
      },
    );
    assert.doesNotMatch(answer.response, /does not appear/);
  });

  it('finds the page of a paraphrased question through the synonym table', async () => {
    const [heel] = await searchPassages(db, scope(), 'Did she break her heel bone?', 8, {
      embeddings: null,
      signal,
    });
    assert.match(heel!.text, /fracture of the calcaneus/);
    const [thinner] = await searchPassages(db, scope(), 'Has she ever taken a blood thinner?', 8, {
      embeddings: null,
      signal,
    });
    assert.match(thinner!.text, /Coumadin|warfarin/);
  });

  it('weighs a phrase of the table as one term, not its lay words apart ("blood" and "taken")', async () => {
    const [thinner] = await searchPassages(db, scope(), 'Has she ever taken a blood thinner?', 8, {
      embeddings: null,
      signal,
    });
    assert.doesNotMatch(thinner!.text, /Smear taken/);
  });

  it('puts an operation done before one only listed, unless the question asks what is to come', async () => {
    const [done] = await searchPassages(
      db,
      scope(),
      'When was the right subtalar arthrodesis performed?',
      8,
      {
        embeddings: null,
        signal,
      },
    );
    assert.match(done!.text, /^Procedure:/);
    const [planned] = await searchPassages(
      db,
      scope(),
      'When is the right subtalar arthrodesis planned?',
      8,
      { embeddings: null, signal },
    );
    assert.match(planned!.text, /listed for/);
  });

  it('adds the next passage of the page when the hit lacks the number asked for', async () => {
    const found = await searchPassages(
      db,
      scope(),
      'What were her INR readings in the anticoagulation clinic?',
      8,
      {
        embeddings: null,
        signal,
      },
    );
    const first = found.findIndex((passage) => /table that follows/.test(passage.text));
    assert.ok(first !== -1);
    assert.match(found[first + 1]!.text, /10\/05\/2021 INR 1\.6/);
  });
});
