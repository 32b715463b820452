// How `pnpm bench:speech` scores the recogniser: word error rate and clinical terms against what was said, UK and
// US spellings as one word, the test sentences checked against the language model's corpus, and MBROLA voices
// counted as missing when their Debian package is not installed.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { heldOutCheck, score, summarise, voiceInstalled } from '../lib/speechAccuracy.mjs';
import { ROOT } from '../lib/workspace.mjs';

describe('scoring a recognised text', () => {
  it('counts substitutions, deletions and insertions per word said, and the clinical terms recognised', () => {
    const result = score(
      'She takes ramipril daily for hypertension.',
      'she takes the ram a pill daily for hypertension',
      new Set(['ramipril', 'hypertension']),
    );
    assert.equal(result.referenceWords, 6);
    assert.equal(result.edits, 4, 'ramipril heard as four words: one substituted, three inserted');
    assert.equal(result.termWords, 2);
    assert.equal(result.termsRight, 1);
  });

  it('scores a UK spelling and its US form as the same word', () => {
    assert.equal(score('go forward ten meters', 'go forward ten metres', new Set()).edits, 0);
    assert.equal(score('The orthopaedic surgeon', 'the orthopedic surgeon', new Set()).edits, 0);
  });

  it('sums results by path, set and model, or by voice', () => {
    const results = [
      {
        path: 'file',
        set: 'clinical',
        model: 'generic',
        speaker: 'a',
        referenceWords: 10,
        edits: 5,
        termWords: 2,
        termsRight: 1,
      },
      {
        path: 'file',
        set: 'clinical',
        model: 'generic',
        speaker: 'b',
        referenceWords: 10,
        edits: 1,
        termWords: 2,
        termsRight: 2,
      },
    ];
    assert.deepEqual(
      summarise(results).map((row) => [row.wer, row.termAccuracy]),
      [[0.3, 0.75]],
    );
    assert.deepEqual(
      summarise(results, ['path', 'speaker', 'model']).map((row) => [row.speaker, row.wer]),
      [
        ['a', 0.5],
        ['b', 0.1],
      ],
    );
  });
});

describe('the held-out check', () => {
  const corpus = [
    '# a comment',
    'I recommend a course of cognitive behavioural therapy of six sessions.',
    'Neck pain.',
  ].join('\n');

  it('finds a test sentence a corpus line holds, and one sharing a run of six words', () => {
    const check = heldOutCheck(
      [
        'A course of cognitive behavioural therapy.',
        'She was offered a course of cognitive behavioural sessions.',
        'Neck pain was worse.',
      ],
      corpus,
    );
    assert.deepEqual(check.inCorpus, ['A course of cognitive behavioural therapy.']);
    assert.deepEqual(check.sharingRun, ['A course of cognitive behavioural therapy.']);
  });

  it('finds none of the bench test sentences, nor the tuning ones, in the clinical corpus', () => {
    const dictation = JSON.parse(
      readFileSync(path.join(ROOT, 'scripts/speech/clinicalDictation.json'), 'utf8'),
    );
    const corpusText = readFileSync(path.join(ROOT, 'server/speech/clinical/corpus.txt'), 'utf8');
    assert.ok(dictation.sentences.length >= 40);
    assert.deepEqual(heldOutCheck(dictation.sentences, corpusText).inCorpus, []);
    assert.deepEqual(heldOutCheck(dictation.devSentences, corpusText).inCorpus, []);
    const test = new Set(dictation.sentences);
    assert.ok(!dictation.devSentences.some((sentence) => test.has(sentence)), 'the splits do not overlap');
  });
});

describe('voices', () => {
  it('counts an MBROLA voice installed only when its voice file is there', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-mbrola-'));
    try {
      const voice = { voice: 'mb-us1', wordsPerMinute: 150, mbrola: 'us1' };
      assert.equal(voiceInstalled(voice, dir), false);
      mkdirSync(path.join(dir, 'us1'));
      writeFileSync(path.join(dir, 'us1', 'us1'), '');
      assert.equal(voiceInstalled(voice, dir), true);
      assert.equal(
        voiceInstalled({ voice: 'en-gb', wordsPerMinute: 150 }, dir),
        true,
        'espeak-ng’s own voice',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
