import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkAnswerSentences } from '../src/features/answers/checkAnswerSentences.js';
import { checkSentenceSupport } from '../src/features/answers/checkSentenceSupport.js';
import { composeRetrievalOnlyAnswer } from '../src/features/answers/composeRetrievalOnlyAnswer.js';
import { dateSpellings } from '../src/features/answers/dateSpellings.js';
import { findDates } from '../src/features/answers/findDates.js';
import { fuseRankings } from '../src/features/answers/fuseRankings.js';
import { parseCitations } from '../src/features/answers/parseCitations.js';
import { previewPassage } from '../src/features/answers/previewPassage.js';
import type { RetrievedPassage } from '../src/features/answers/searchPassages.js';
import { splitSentences } from '../src/features/answers/splitSentences.js';
import { summariseLocations } from '../src/features/answers/summariseLocations.js';
import { buildAnswerPrompt } from '../src/features/answers/buildAnswerPrompt.js';

const MRI_PASSAGE =
  'MRI lumbar spine performed on 12/03/2021 at Northgate Hospital. Findings: a broad-based disc prolapse at ' +
  'L4/5 indenting the thecal sac, with mild narrowing of the left lateral recess. No fracture.';
const OTHER_MRI_PASSAGE =
  'Repeat MRI lumbar spine on 14/06/2022: the disc prolapse at L4/5 has partially resolved.';
const GP_PASSAGE =
  'GP letter, 3 April 2023: the claimant reports neck pain since the collision and takes naproxen 500 mg twice daily.';

function passage(overrides: Partial<RetrievedPassage>): RetrievedPassage {
  return {
    chunkId: 1,
    documentId: 1,
    filename: 'mri.pdf',
    storageKey: 'key-1',
    page: 2,
    bundlePage: null,
    text: MRI_PASSAGE,
    startOffset: 0,
    endOffset: MRI_PASSAGE.length,
    source: 'text',
    ocrConfidence: null,
    score: 1,
    ...overrides,
  };
}

describe('splitting an answer into sentences', () => {
  it('keeps abbreviations, decimals, dates, initials and quotations inside their sentence', () => {
    assert.deepEqual(
      splitSentences(
        'Dr. Patel saw the claimant on 12.03.2021 and measured a 3.5 cm swelling [1]. Imaging, e.g. an MRI, ' +
          'was advised by J. Smith [2]. The letter reads: "Seen today. No change." [3] Was surgery offered? No. The records do not say.',
      ),
      [
        'Dr. Patel saw the claimant on 12.03.2021 and measured a 3.5 cm swelling [1].',
        'Imaging, e.g. an MRI, was advised by J. Smith [2].',
        'The letter reads: "Seen today. No change." [3]',
        'Was surgery offered?',
        'No.',
        'The records do not say.',
      ],
    );
  });

  it('ends a sentence at each line, drops list bullets, and keeps citations written after the full stop', () => {
    assert.deepEqual(
      splitSentences(
        'The findings were:\n- a disc prolapse at L4/5 [1]\n2. mild canal narrowing. [1][2] It was reviewed.\n[3]',
      ),
      [
        'The findings were:',
        'a disc prolapse at L4/5 [1]',
        'mild canal narrowing. [1][2]',
        'It was reviewed. [3]',
      ],
    );
  });
});

describe('reading citations', () => {
  it('reads single, repeated, listed and ranged markers, and ignores numbers that are not sources', () => {
    assert.deepEqual(parseCitations('Seen in clinic [2][1].', 3), [2, 1]);
    assert.deepEqual(parseCitations('Seen in clinic [1, 3].', 3), [1, 3]);
    assert.deepEqual(parseCitations('Seen in clinic [Source 2] and [2-3].', 3), [2, 3]);
    assert.deepEqual(parseCitations('Seen in clinic [4] [0] at L4/5 on 12/03/2021.', 3), []);
  });
});

describe('dates', () => {
  it('reads one date however a record writes it, day first for numeric dates', () => {
    const written = [
      '03/04/2023',
      '3/4/2023',
      '03.04.2023',
      '2023-04-03',
      '3 April 2023',
      '3rd of April, 2023',
      'April 3, 2023',
      '3 Apr 2023',
    ];
    for (const text of written) {
      assert.deepEqual(
        findDates(`Seen on ${text} in clinic`).map((date) => date.iso),
        ['2023-04-03'],
        text,
      );
    }
    assert.deepEqual(findDates('Dose 31/02/2021 is not a date; 140/90 mmHg is a blood pressure'), []);
  });

  it('spells a date in the forms the full-text search looks for', () => {
    const spellings = dateSpellings('2021-03-12');
    for (const form of [
      '12/03/2021',
      '12.03.2021',
      '2021-03-12',
      '12 march 2021',
      '12th march 2021',
      'march 12 2021',
    ]) {
      assert.ok(spellings.includes(form), `${form} in ${spellings.join(', ')}`);
    }
  });
});

describe('checking that cited passages support a sentence', () => {
  it('supports a sentence whose date, level and findings are in the cited passage', () => {
    assert.equal(
      checkSentenceSupport('An MRI on 12 March 2021 showed a disc prolapse at L4/5 [1].', [MRI_PASSAGE]),
      true,
    );
  });

  it('does not support it against a passage about a scan on another date', () => {
    assert.equal(
      checkSentenceSupport('An MRI on 12 March 2021 showed a disc prolapse at L4/5 [1].', [
        OTHER_MRI_PASSAGE,
      ]),
      false,
    );
  });

  it('needs every number of the sentence in its cited passages', () => {
    assert.equal(checkSentenceSupport('She takes naproxen 500 mg twice daily [1].', [GP_PASSAGE]), true);
    assert.equal(checkSentenceSupport('She takes naproxen 250 mg twice daily [1].', [GP_PASSAGE]), false);
  });

  it('needs at least half of the key terms, after stemming', () => {
    assert.equal(
      checkSentenceSupport('The claimant has had neck pains since the collision [1].', [GP_PASSAGE]),
      true,
    );
    assert.equal(
      checkSentenceSupport('The claimant underwent a right knee arthroscopy with meniscal repair [1].', [
        GP_PASSAGE,
      ]),
      false,
    );
  });

  it('reads the cited passages together: a sentence may join facts from two of them', () => {
    assert.equal(
      checkSentenceSupport('The prolapse seen on 12/03/2021 had partially resolved by 14/06/2022 [1][2].', [
        MRI_PASSAGE,
        OTHER_MRI_PASSAGE,
      ]),
      true,
    );
  });

  it('does not support a factual sentence that cites nothing', () => {
    assert.equal(checkSentenceSupport('An MRI showed a disc prolapse at L4/5.', []), false);
  });

  it('supports hedges and sentences with nothing to check, cited or not', () => {
    assert.equal(checkSentenceSupport('The records do not say when the first MRI took place.', []), true);
    assert.equal(
      checkSentenceSupport('There is no mention of a fracture in the MRI report [1].', [GP_PASSAGE]),
      true,
    );
    assert.equal(checkSentenceSupport('Here is what the records show:', []), true);
  });
});

describe('checking a whole answer', () => {
  it('gives each sentence its cited sources and flags the one its passage does not support', () => {
    const sentences = checkAnswerSentences(
      'The MRI of 12/03/2021 showed a disc prolapse at L4/5 [1]. The claimant takes naproxen [2]. ' +
        'She also fractured her femur in 2019 [1].',
      [MRI_PASSAGE, GP_PASSAGE],
    );
    assert.deepEqual(
      sentences.map(({ sources, supported }) => ({ sources, supported })),
      [
        { sources: [1], supported: true },
        { sources: [2], supported: true },
        { sources: [1], supported: false },
      ],
    );
    assert.equal(sentences[2]!.text, 'She also fractured her femur in 2019 [1].');
  });
});

describe('previews and summaries', () => {
  it('previews the part of a long passage that holds the question terms', () => {
    const long = `${'Background history of unrelated matters. '.repeat(20)}The MRI showed a disc prolapse at L4/5. ${'Later notes. '.repeat(30)}`;
    const preview = previewPassage(long, 'What did the MRI show about the disc?');
    assert.ok(preview.length <= 302, `${preview.length} characters`);
    assert.match(preview, /^….*The MRI showed a disc prolapse at L4\/5\..*…$/);
    assert.equal(previewPassage('Short passage.', 'anything'), 'Short passage.');
  });

  it('summarises where the passages are, documents in order of their best passage', () => {
    assert.equal(
      summariseLocations([
        { documentId: 1, filename: 'mri.pdf', page: 3 },
        { documentId: 2, filename: 'gp-letter.docx', page: 1 },
        { documentId: 1, filename: 'mri.pdf', page: 2 },
        { documentId: 1, filename: 'mri.pdf', page: 3 },
      ]),
      '4 passages from 2 documents: mri.pdf (pages 2, 3); gp-letter.docx (page 1)',
    );
    assert.equal(
      summariseLocations([{ documentId: 1, filename: 'a.pdf', page: 1 }]),
      '1 passage from 1 document: a.pdf (page 1)',
    );
  });

  it('fuses rankings by reciprocal rank, equal scores in the order of their ids', () => {
    assert.deepEqual(
      fuseRankings([
        [5, 7, 9],
        [7, 5, 8],
      ]).map((entry) => entry.id),
      [5, 7, 8, 9],
    );
  });
});

describe('answers without a language model', () => {
  it('says plainly that no model is configured, then quotes each passage with its number, file and page', () => {
    const answer = composeRetrievalOnlyAnswer(
      [
        passage({}),
        passage({ chunkId: 2, documentId: 2, filename: 'gp.docx', page: 1, bundlePage: 7, text: GP_PASSAGE }),
      ],
      'MRI disc prolapse',
      "the patient's records",
    );
    assert.equal(
      answer.sentences[0]!.text,
      "No language model is configured, so this answer is not written by one: these are the passages of the patient's records that best match the question.",
    );
    assert.deepEqual(
      answer.sentences.slice(1).map(({ sources, supported }) => ({ sources, supported })),
      [
        { sources: [1], supported: true },
        { sources: [2], supported: true },
      ],
    );
    assert.match(
      answer.sentences[1]!.text,
      /^\[1\] mri\.pdf, page 2: "MRI lumbar spine performed on 12\/03\/2021/,
    );
    assert.match(answer.sentences[2]!.text, /^\[2\] gp\.docx, page 1 \(bundle page 7\): "GP letter/);
    assert.equal(answer.response, answer.sentences.map((sentence) => sentence.text).join('\n\n'));
  });

  it('says that nothing matched when no passage was found', () => {
    assert.equal(
      composeRetrievalOnlyAnswer([], 'anything', 'your opinion documents').response,
      'No language model is configured, and nothing in your opinion documents matched the question.',
    );
  });
});

describe('the prompt', () => {
  it('numbers the sources with file, page and bundle page, and carries the Date of Event and recent history', () => {
    const messages = buildAnswerPrompt({
      question: 'When was the MRI?',
      passages: [
        passage({ bundlePage: 14 }),
        passage({ chunkId: 2, filename: 'gp.docx', page: 1, text: GP_PASSAGE }),
      ],
      subjectLabel: "the patient's records",
      dateOfEvent: '2021-01-05',
      history: [{ question: 'Who is the GP?', answer: 'Dr Jones is the GP [1].' }],
    });
    assert.deepEqual(
      messages.map((message) => message.role),
      ['system', 'user', 'assistant', 'user'],
    );
    assert.match(messages[0]!.content, /ONLY/);
    assert.match(messages[0]!.content, /Date of Event .* is 5 January 2021 \(2021-01-05\)/);
    assert.equal(messages[2]!.content, 'Dr Jones is the GP.');
    const last = messages[3]!.content;
    assert.ok(last.includes(`[1] mri.pdf, page 2 (bundle page 14)\n${MRI_PASSAGE}`), last);
    assert.ok(last.includes(`[2] gp.docx, page 1\n${GP_PASSAGE}`), last);
    assert.ok(last.endsWith('Question: When was the MRI?'));
  });
});
