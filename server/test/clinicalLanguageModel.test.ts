// The clinical language model's build (server/speech/buildClinicalModel.py) on a small corpus: a well-formed ARPA
// trigram model whose probabilities sum to one, that pocketsphinx loads, and pronunciations for the words the en-us
// dictionary lacks (UK spellings, drug names) in the recogniser's phone set, hand-checked ones before espeak-ng's.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const SPEECH_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'speech');
const CMU_PHONES = new Set(
  'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(
    ' ',
  ),
);
const CORPUS = [
  '# a comment line',
  'The claimant takes ramipril daily.',
  'She takes ramipril and salbutamol.',
  'The haemoglobin was normal.',
  'Orthopaedic review in six weeks.',
].join('\n');

/** The ARPA file's sections: n-gram lines by order, as [log10 prob, words, log10 back-off]. */
function parseArpa(text: string) {
  const declared = new Map<number, number>();
  const grams = new Map<number, { prob: number; words: string[]; backoff: number }[]>();
  let order = 0;
  for (const line of text.split('\n')) {
    const count = /^ngram (\d+)=(\d+)$/.exec(line);
    if (count) declared.set(Number(count[1]), Number(count[2]));
    const section = /^\\(\d)-grams:$/.exec(line);
    if (section) {
      order = Number(section[1]);
      grams.set(order, []);
      continue;
    }
    if (order > 0 && line.trim() !== '' && !line.startsWith('\\')) {
      const fields = line.split('\t');
      grams.get(order)!.push({
        prob: Number(fields[0]),
        words: fields[1]!.split(' '),
        backoff: fields[2] === undefined ? 0 : Number(fields[2]),
      });
    }
    if (line === '\\end\\') order = 0;
  }
  return { declared, grams };
}

describe('building the clinical language model', () => {
  let workDir: string;
  let arpa: string;
  let dictionary: string;

  before(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'ewrt-clinical-lm-'));
    await writeFile(path.join(workDir, 'corpus.txt'), CORPUS);
    await writeFile(
      path.join(workDir, 'pronunciations.txt'),
      '# hand-checked\nramipril R AE M IH P R IH L\n',
    );
    execFileSync('/usr/bin/python3', [
      path.join(SPEECH_DIR, 'buildClinicalModel.py'),
      '--corpus',
      path.join(workDir, 'corpus.txt'),
      '--out',
      workDir,
      '--pronunciations',
      path.join(workDir, 'pronunciations.txt'),
    ]);
    arpa = await readFile(path.join(workDir, 'clinical.arpa'), 'utf8');
    dictionary = await readFile(path.join(workDir, 'clinical.dict'), 'utf8');
  });
  after(() => rm(workDir, { recursive: true, force: true }));

  it('writes a trigram ARPA model whose sections hold what its header declares', () => {
    const { declared, grams } = parseArpa(arpa);
    assert.deepEqual([...declared.keys()], [1, 2, 3]);
    for (const [order, count] of declared) assert.equal(grams.get(order)!.length, count, `${order}-grams`);
    const unigrams = grams.get(1)!.map((gram) => gram.words[0]);
    assert.ok(unigrams.includes('ramipril') && unigrams.includes('haemoglobin') && unigrams.includes('</s>'));
    assert.ok(!unigrams.includes('comment'), 'comment lines are not corpus');
    assert.ok(
      grams.get(3)!.some((gram) => gram.words.join(' ') === 'takes ramipril daily'),
      'the corpus trigrams are there, lower case without punctuation',
    );
  });

  it('gives every history probabilities that sum to one', () => {
    const { grams } = parseArpa(arpa);
    const p = (log10: number) => 10 ** log10;
    const unigrams = grams.get(1)!.filter((gram) => gram.words[0] !== '<s>');
    assert.ok(Math.abs(unigrams.reduce((sum, gram) => sum + p(gram.prob), 0) - 1) < 1e-3);
    // After "takes": the seen words' discounted probabilities plus the back-off mass spread over the rest.
    const after = grams.get(2)!.filter((gram) => gram.words[0] === 'takes');
    const seen = new Set(after.map((gram) => gram.words[1]));
    const backoff = p(grams.get(1)!.find((gram) => gram.words[0] === 'takes')!.backoff);
    const total =
      after.reduce((sum, gram) => sum + p(gram.prob), 0) +
      backoff *
        unigrams.filter((gram) => !seen.has(gram.words[0]!)).reduce((sum, gram) => sum + p(gram.prob), 0);
    assert.ok(Math.abs(total - 1) < 1e-3, String(total));
  });

  it('pronounces in CMU phones only the words the en-us dictionary lacks', () => {
    const entries = new Map(
      dictionary
        .trim()
        .split('\n')
        .map((line) => {
          const [word, ...phones] = line.split(' ');
          return [word!, phones] as const;
        }),
    );
    assert.deepEqual([...entries.keys()].sort(), ['haemoglobin', 'orthopaedic', 'ramipril', 'salbutamol']);
    assert.deepEqual(
      entries.get('ramipril'),
      ['R', 'AE', 'M', 'IH', 'P', 'R', 'IH', 'L'],
      'the hand-checked one',
    );
    assert.deepEqual(entries.get('salbutamol'), ['S', 'AE', 'L', 'B', 'Y', 'UW', 'T', 'AE', 'M', 'AA', 'L']);
    for (const phones of entries.values())
      for (const phone of phones) assert.ok(CMU_PHONES.has(phone), phone);
  });

  it('is read by pocketsphinx', () => {
    const loaded = execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        'import sys; from pocketsphinx import NGramModel; NGramModel(sys.argv[1]); print("loaded")',
        path.join(workDir, 'clinical.arpa'),
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    assert.equal(loaded.trim(), 'loaded');
  });
});
