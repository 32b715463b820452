// The accuracy half of `pnpm bench:speech`: word error rate of the offline recogniser on clinical dictation and on
// Debian's recorded test speech, with the generic en-us language model and with the clinical one (the generic model
// interpolated with server/speech/clinical), side by side in one run, through the file path (as an upload's job
// transcribes) and the live path (streamed in real time, as the browser does). Clinical-term accuracy is counted
// separately: of the clinical words said, how many came out right.
//
// The clinical set is scripts/speech/clinicalDictation.json (its test split; the dev split is what the model was
// tuned on), checked here to be held out from the model's corpus, spoken by espeak-ng in several voices and speeds
// and by the MBROLA diphone voices Debian packages (contrib and non-free: mbrola, mbrola-us1, mbrola-us2,
// mbrola-en1), each left out with a plain note when it is not installed: synthetic speech, a harsh test for a
// recogniser trained on people. The recorded set is pocketsphinx-testdata's real speech (go forward, five LibriVox
// sentences).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './workspace.mjs';

const RATE_HZ = 16_000;
const PAUSE_SECONDS = 1.5;
const CHUNK_SAMPLES = 4096;
/** espeak-ng's own voices, and MBROLA's (`mbrola` names the voice file a Debian package installs). */
export const VOICES = [
  { voice: 'en-gb', wordsPerMinute: 150 },
  { voice: 'en-us', wordsPerMinute: 170 },
  { voice: 'en-gb-x-rp', wordsPerMinute: 130 },
  { voice: 'mb-us1', wordsPerMinute: 150, mbrola: 'us1' },
  { voice: 'mb-us2', wordsPerMinute: 140, mbrola: 'us2' },
  { voice: 'mb-en1', wordsPerMinute: 150, mbrola: 'en1' },
];
const MBROLA_VOICES = '/usr/share/mbrola';
const TESTDATA = '/usr/share/pocketsphinx/test/data';
const DICTATION = path.join(ROOT, 'scripts/speech/clinicalDictation.json');
const CORPUS = path.join(ROOT, 'server/speech/clinical/corpus.txt');
/** A run of this many words shared with the corpus is reported (shorter runs are ordinary English). */
const SHARED_RUN_WORDS = 6;

/**
 * UK spellings scored as their US forms (and so the same word either way): the clinical model writes UK English,
 * the generic one and the recorded test speech's transcript US English. A spelling is not a recognition error.
 */
const SAME_WORD = new Map(
  Object.entries({
    metre: 'meter',
    metres: 'meters',
    centimetres: 'centimeters',
    millimetres: 'millimeters',
    litres: 'liters',
    orthopaedic: 'orthopedic',
    paediatric: 'pediatric',
    anaesthetist: 'anesthetist',
    anaesthetic: 'anesthetic',
    anaesthesia: 'anesthesia',
    haemoglobin: 'hemoglobin',
    haematoma: 'hematoma',
    oesophagus: 'esophagus',
    oesophageal: 'esophageal',
    ischaemic: 'ischemic',
    oedema: 'edema',
    behaviour: 'behavior',
    behavioural: 'behavioral',
    colour: 'color',
    labour: 'labor',
    programme: 'program',
    travelling: 'traveling',
    counselling: 'counseling',
    generalised: 'generalized',
    immobilised: 'immobilized',
  }),
);

/** Words as the recogniser writes them: lower case, letters and inner apostrophes, UK spellings as US ones. */
export function words(text) {
  return text
    .toLowerCase()
    .replace(/[-/]/g, ' ')
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean)
    .map((word) => SAME_WORD.get(word) ?? word);
}

/**
 * The word alignment of a hypothesis to its reference (Levenshtein over words): the edits, and which reference
 * positions were recognised exactly.
 */
export function align(reference, hypothesis) {
  const rows = reference.length + 1;
  const cols = hypothesis.length + 1;
  const cost = Array.from({ length: rows }, (_, i) =>
    new Uint32Array(cols).fill(0).map((_, j) => (i === 0 ? j : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    cost[i][0] = i;
    for (let j = 1; j < cols; j += 1) {
      const substitution = cost[i - 1][j - 1] + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      cost[i][j] = Math.min(substitution, cost[i - 1][j] + 1, cost[i][j - 1] + 1);
    }
  }
  const matched = new Set();
  let i = reference.length;
  let j = hypothesis.length;
  while (i > 0 && j > 0) {
    const same = reference[i - 1] === hypothesis[j - 1];
    if (cost[i][j] === cost[i - 1][j - 1] + (same ? 0 : 1)) {
      if (same) matched.add(i - 1);
      i -= 1;
      j -= 1;
    } else if (cost[i][j] === cost[i - 1][j] + 1) i -= 1;
    else j -= 1;
  }
  return { edits: cost[reference.length][hypothesis.length], matched };
}

/** WER and clinical-term accuracy of one run over the whole set (the sentences' words in order). */
export function score(referenceText, hypothesisText, terms) {
  const reference = words(referenceText);
  const { edits, matched } = align(reference, words(hypothesisText));
  const termPositions = reference.flatMap((word, index) => (terms.has(word) ? [index] : []));
  return {
    referenceWords: reference.length,
    edits,
    wer: reference.length === 0 ? 0 : edits / reference.length,
    termWords: termPositions.length,
    termsRight: termPositions.filter((index) => matched.has(index)).length,
  };
}

function toPcm(inputArgs) {
  const bytes = execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', ...inputArgs],
    ...['-f', 's16le', '-ar', String(RATE_HZ), '-ac', '1', 'pipe:1'],
  ]);
  return new Int16Array(new Uint8Array(bytes).buffer);
}

function spoken(sentence, { voice, wordsPerMinute }, workDir) {
  const wav = path.join(workDir, 'sentence.wav');
  execFileSync('espeak-ng', ['-v', voice, '-s', String(wordsPerMinute), '-w', wav, sentence]);
  return toPcm(['-i', wav]);
}

function joined(clips) {
  const pause = RATE_HZ * PAUSE_SECONDS;
  const total = clips.reduce((sum, clip) => sum + clip.length + pause, pause);
  const out = new Int16Array(total);
  let offset = pause;
  for (const clip of clips) {
    out.set(clip, offset);
    offset += clip.length + pause;
  }
  return out;
}

/** Whether espeak-ng can speak with `voice` here: an MBROLA voice needs its Debian package. */
export function voiceInstalled(voice, voicesDir = MBROLA_VOICES) {
  return !voice.mbrola || existsSync(path.join(voicesDir, voice.mbrola, voice.mbrola));
}

/**
 * How far `sentences` are held out from the language model's corpus: those a corpus line holds whole (after
 * normalising as the recogniser writes words), and those sharing a run of SHARED_RUN_WORDS words or more with one.
 */
export function heldOutCheck(sentences, corpusText) {
  const lines = corpusText
    .split('\n')
    .filter((line) => line.trim() && !line.trimStart().startsWith('#'))
    .map((line) => ` ${words(line).join(' ')} `);
  const runs = new Set(
    lines.flatMap((line) => {
      const list = line.trim().split(' ');
      return list
        .slice(0, Math.max(0, list.length - SHARED_RUN_WORDS + 1))
        .map((_, start) => list.slice(start, start + SHARED_RUN_WORDS).join(' '));
    }),
  );
  const inCorpus = sentences.filter((sentence) =>
    lines.some((line) => line.includes(` ${words(sentence).join(' ')} `)),
  );
  const sharingRun = sentences.filter((sentence) => {
    const list = words(sentence);
    return list.some((_, start) =>
      start + SHARED_RUN_WORDS <= list.length
        ? runs.has(list.slice(start, start + SHARED_RUN_WORDS).join(' '))
        : false,
    );
  });
  return { sentences: sentences.length, inCorpus, sharingRun, runWords: SHARED_RUN_WORDS };
}

/** Picks the voices `selection` names (a count from the start, or names joined by commas), all by default. */
function chosenVoices(selection) {
  if (selection === undefined) return VOICES;
  if (/^\d+$/.test(String(selection))) return VOICES.slice(0, Number(selection));
  const names = String(selection).split(',');
  return VOICES.filter((voice) => names.includes(voice.voice));
}

/**
 * The recordings to score: each a set name, its audio (16 kHz) and what was said. `limits` takes the dictation's
 * `split` (test by default), its first `sentences` and the `voices` chosen, for a machine too busy for the whole set.
 */
function recordings(workDir, limits, log) {
  const dictation = JSON.parse(readFileSync(DICTATION, 'utf8'));
  const split = limits.split === 'dev' ? dictation.devSentences : dictation.sentences;
  const sentences = split.slice(0, limits.sentences ?? split.length);
  const heldOut = heldOutCheck(sentences, readFileSync(CORPUS, 'utf8'));
  log(
    `Held out: ${heldOut.inCorpus.length} of the ${heldOut.sentences} ${limits.split ?? 'test'} sentences are in ` +
      `the model's corpus; ${heldOut.sharingRun.length} share a run of ${heldOut.runWords} words with it`,
  );
  const missingVoices = [];
  const sets = [];
  for (const voice of chosenVoices(limits.voices)) {
    if (!voiceInstalled(voice)) {
      missingVoices.push(voice.voice);
      log(
        `Voice ${voice.voice} is not installed (Debian packages mbrola and mbrola-${voice.mbrola}, in contrib and ` +
          'non-free): left out of this run',
      );
      continue;
    }
    sets.push({
      set: 'clinical',
      speaker: `espeak-ng ${voice.voice} ${voice.wordsPerMinute} wpm`,
      audio: joined(sentences.map((sentence) => spoken(sentence, voice, workDir))),
      text: sentences.join(' '),
    });
  }
  const librivox = path.join(TESTDATA, 'librivox');
  const said = new Map(
    readFileSync(path.join(librivox, 'transcription'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const match = /^(.*)\(([^)]+)\)\s*$/.exec(line);
        return [match[2], match[1].replace(/<\/?s>/g, '').trim()];
      }),
  );
  const names = [...said.keys()].sort();
  sets.push({
    set: 'recorded',
    speaker: 'pocketsphinx-testdata (go forward, LibriVox)',
    audio: joined([
      toPcm(['-f', 's16le', '-ar', '16000', '-ac', '1', '-i', path.join(TESTDATA, 'goforward.raw')]),
      ...names.map((name) => toPcm(['-i', path.join(librivox, `${name}.wav`)])),
    ]),
    text: ['go forward ten meters', ...names.map((name) => said.get(name))].join(' '),
  });
  return { sets, terms: new Set(dictation.terms.flatMap(words)), heldOut, missingVoices };
}

function writeWav(samples, file) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE_HZ, 24);
  header.writeUInt32LE(RATE_HZ * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  writeFileSync(
    file,
    Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]),
  );
}

async function viaFile(speech, samples, workDir, label) {
  const file = path.join(workDir, `${label}.wav`);
  writeWav(samples, file);
  const segments = await speech.transcribeFile(file, {
    onProgress: () => undefined,
    signal: new AbortController().signal,
  });
  return segments.map((segment) => segment.text).join(' ');
}

async function viaLive(speech, samples) {
  const finals = [];
  const errors = [];
  const stream = speech.startLive(
    {
      onPartial: () => undefined,
      onFinal: (segment) => finals.push(segment.text),
      onError: (error) => errors.push(error.message),
    },
    { sampleRate: RATE_HZ },
  );
  const started = performance.now();
  for (let offset = 0; offset < samples.length; offset += CHUNK_SAMPLES) {
    const end = Math.min(samples.length, offset + CHUNK_SAMPLES);
    const wait = started + (end / RATE_HZ) * 1000 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    stream.write(samples.slice(offset, end));
  }
  await stream.close();
  if (errors.length > 0) throw new Error(`The live stream failed: ${errors[0]}`);
  return finals.join(' ');
}

/**
 * Scores every set with both models through each of `paths` (file, live), all at once, the live streams fed in
 * real time.
 */
export async function measureAccuracy({ createSpeechRecognizer, settings, paths, limits = {}, log }) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-speech-accuracy-'));
  try {
    log('Speaking the clinical dictation with espeak-ng ...');
    const { sets, terms, heldOut, missingVoices } = recordings(workDir, limits, log);
    const models = ['generic', 'clinical'];
    const recognizers = Object.fromEntries(
      models.map((model) => [
        model,
        createSpeechRecognizer({ ...settings, languageModel: model, maxLiveStreams: sets.length }),
      ]),
    );
    const results = [];
    try {
      // Every set with both models at once, through both paths at once: one recogniser process each, so the run
      // takes about as long as the longest recording however many voices are chosen.
      const runs = paths.flatMap((pathName) =>
        models.flatMap((model) =>
          sets.map(async (set, index) => {
            const heard =
              pathName === 'file'
                ? await viaFile(recognizers[model], set.audio, workDir, `${model}-${index}`)
                : await viaLive(recognizers[model], set.audio);
            log(`${pathName} path, ${model} model: ${set.set} (${set.speaker}) done`);
            return {
              path: pathName,
              model,
              set: set.set,
              speaker: set.speaker,
              ...score(set.text, heard, terms),
              heard,
            };
          }),
        ),
      );
      log(`${runs.length} recognisers at once (file and live paths, both models, every set) ...`);
      // One recording that fails (a file job past its time limit on a busy machine) is named, not the whole run lost.
      for (const settled of await Promise.allSettled(runs)) {
        if (settled.status === 'fulfilled') results.push(settled.value);
        else log(`A recording could not be scored: ${settled.reason?.message ?? settled.reason}`);
      }
    } finally {
      await Promise.all(Object.values(recognizers).map((recognizer) => recognizer.close()));
    }
    return { results, heldOut, missingVoices };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * The results summed by the fields `by` names (path, model and set by default; add speaker for each voice): WER and
 * clinical-term accuracy over the rest.
 */
export function summarise(results, by = ['path', 'set', 'model']) {
  const groups = new Map();
  for (const result of results) {
    const key = by.map((field) => result[field]).join('|');
    const group = groups.get(key) ?? {
      ...Object.fromEntries(by.map((field) => [field, result[field]])),
      referenceWords: 0,
      edits: 0,
      termWords: 0,
      termsRight: 0,
    };
    group.referenceWords += result.referenceWords;
    group.edits += result.edits;
    group.termWords += result.termWords;
    group.termsRight += result.termsRight;
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({
    ...group,
    wer: group.edits / group.referenceWords,
    termAccuracy: group.termWords === 0 ? null : group.termsRight / group.termWords,
  }));
}
