#!/usr/bin/env node
// `pnpm bench:speech`: live transcription on this server against the budgets of ARCH-06. A report,
// not a test: it prints each figure with pass/fail and exits 0 when it could measure.
//
//   first partial text after the first speech sample is written (fed in real time)          <= 1000 ms
//   six live streams at once, fed in real time: every final within this of its sentence's end <= 1500 ms
//     (600 ms of it is the pause that tells the recogniser the sentence has ended)
//   six live streams at once: recogniser CPU per second of audio (real-time factor) x 6       <= cores
//
//   (and, for information, an uploaded MP3 transcribed as the job does: its real-time factor)
//
// Then accuracy (scripts/lib/speechAccuracy.mjs): word error rate with the generic and the clinical language
// model side by side, on clinical dictation spoken by espeak-ng and MBROLA voices (held out from the model's corpus,
// which is checked) and on Debian's recorded test speech, through the file path and the live path, with
// clinical-term accuracy apart and a row per voice. Target: the clinical model at least
// halves the generic model's WER on the clinical dictation without making the recorded speech worse.
//
//   pnpm bench:speech [--accuracy-only] [--paths file,live] [--split test|dev] [--sentences N] [--voices N|a,b]
//   (--split dev scores the split the model was tuned on; --sentences and --voices take the first N sentences and
//   the first N voices or those named: for a machine too busy for all)
//
// The speech is real recorded speech (Debian's pocketsphinx-testdata "go forward ten meters", 16 kHz), converted
// by ffmpeg to the browser's 44.1 kHz and written in the browser's 4096-sample chunks at the pace a microphone
// gives them. The recogniser is the server's own module (server/src), run under tsx: this script starts itself
// again that way from the server folder.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { percentile } from './lib/benchApi.mjs';
import { measureAccuracy, summarise } from './lib/speechAccuracy.mjs';
import { ROOT } from './lib/workspace.mjs';

const BUDGETS = { firstPartialMs: 1000, concurrentFinalLatencyMs: 1500 };
const CLIP = '/usr/share/pocketsphinx/test/data/goforward.raw';
const CLIP_TEXT = 'go forward ten meters';
/** Where the first word of the clip begins (pocketsphinx's own alignment). */
const CLIP_SPEECH_START_SECONDS = 0.46;
/** Where its last word ends. */
const CLIP_SPEECH_END_SECONDS = 2.3;
const BROWSER_RATE_HZ = 44_100;
const CHUNK_SAMPLES = 4096;
const FIRST_PARTIAL_RUNS = 5;
const CONCURRENT_STREAMS = 6;
const SENTENCES_PER_STREAM = 4;
const PAUSE_SECONDS = 1.5;
const CLOCK_TICKS_PER_SECOND = 100;
const FILE_SENTENCES = 15;
const INNER_FLAG = '--measure';
const ACCURACY_ONLY_FLAG = '--accuracy-only';
const ACCURACY_TARGET = 'clinical WER <= half of generic on clinical dictation; recorded speech not worse';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The clip at the browser's rate, converted by ffmpeg. */
function clipAtBrowserRate() {
  const bytes = execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 's16le', '-ar', '16000', '-ac', '1', '-i', CLIP],
    ...['-f', 's16le', '-ar', String(BROWSER_RATE_HZ), '-ac', '1', 'pipe:1'],
  ]);
  return new Int16Array(new Uint8Array(bytes).buffer);
}

/** The server's own (server/src/platform/speech/joinSamples.ts), loaded by measure() under tsx. */
let joinSamples;

/**
 * Writes samples in browser chunks at the microphone's pace; `marks` are sample indexes whose chunk's write time
 * is recorded (the chunk that carries a sample is written once the microphone has captured all of it).
 */
async function feedInRealTime(stream, samples, marks) {
  const started = performance.now();
  const written = new Map();
  for (let offset = 0; offset < samples.length; offset += CHUNK_SAMPLES) {
    const end = Math.min(samples.length, offset + CHUNK_SAMPLES);
    const wait = started + (end / BROWSER_RATE_HZ) * 1000 - performance.now();
    if (wait > 0) await sleep(wait);
    const now = performance.now();
    for (const mark of marks) if (mark >= offset && mark < end) written.set(mark, now);
    stream.write(samples.slice(offset, end));
  }
  return written;
}

/** CPU seconds used so far by this process's child processes that are still running (the recognisers). */
function childCpuSeconds() {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while it was being read.
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

async function measureFirstPartial(speech, clip, log) {
  const runs = [];
  const speechStart = Math.round(CLIP_SPEECH_START_SECONDS * BROWSER_RATE_HZ);
  const speechEnd = Math.round(CLIP_SPEECH_END_SECONDS * BROWSER_RATE_HZ);
  const audio = joinSamples([clip, new Int16Array(Math.round(1.2 * BROWSER_RATE_HZ))]);
  for (let run = 0; run < FIRST_PARTIAL_RUNS; run += 1) {
    let firstPartialAt = null;
    let finalAt = null;
    const finals = [];
    const errors = [];
    const stream = speech.startLive(
      {
        onPartial: () => (firstPartialAt ??= performance.now()),
        onFinal: (segment) => {
          finals.push(segment.text);
          finalAt ??= performance.now();
        },
        onError: (error) => errors.push(error.message),
      },
      { sampleRate: BROWSER_RATE_HZ },
    );
    const written = await feedInRealTime(stream, audio, [speechStart, speechEnd]);
    await stream.close();
    if (errors.length > 0) throw new Error(`The stream failed: ${errors[0]}`);
    if (firstPartialAt === null || finalAt === null) throw new Error('No partial or no final was reported');
    runs.push({
      firstPartialMs: firstPartialAt - written.get(speechStart),
      finalAfterSpeechEndMs: finalAt - written.get(speechEnd),
      finals,
    });
    log(
      `run ${run + 1}: first partial ${runs.at(-1).firstPartialMs.toFixed(0)} ms, final ` +
        `${runs.at(-1).finalAfterSpeechEndMs.toFixed(0)} ms after the last word, ${JSON.stringify(finals)}`,
    );
  }
  return runs;
}

async function measureConcurrentStreams(speech, clip, log) {
  const pause = new Int16Array(Math.round(PAUSE_SECONDS * BROWSER_RATE_HZ));
  const audio = joinSamples(Array.from({ length: SENTENCES_PER_STREAM }, () => [clip, pause]).flat());
  const sentenceEnds = Array.from(
    { length: SENTENCES_PER_STREAM },
    (_, index) =>
      index * (clip.length + pause.length) + Math.round(CLIP_SPEECH_END_SECONDS * BROWSER_RATE_HZ),
  );
  const cpuBefore = childCpuSeconds();
  const started = performance.now();
  const streams = Array.from({ length: CONCURRENT_STREAMS }, () => {
    const finals = [];
    const errors = [];
    const stream = speech.startLive(
      {
        onPartial: () => undefined,
        onFinal: (segment) => finals.push({ text: segment.text, at: performance.now() }),
        onError: (error) => errors.push(error.message),
      },
      { sampleRate: BROWSER_RATE_HZ },
    );
    return { stream, finals, errors };
  });
  // Staggered like users who did not all press record in the same millisecond.
  const fed = await Promise.all(
    streams.map(async (each, index) => {
      await sleep(index * 50);
      return feedInRealTime(each.stream, audio, sentenceEnds);
    }),
  );
  await Promise.all(streams.map((each) => each.stream.flush()));
  const cpuSeconds = childCpuSeconds() - cpuBefore;
  const wallSeconds = (performance.now() - started) / 1000;
  await Promise.all(streams.map((each) => each.stream.close()));
  const latencies = [];
  // After each stream's first sentence: without the six recognisers starting (loading their models) at once.
  const steadyLatencies = [];
  let correct = 0;
  for (const [index, each] of streams.entries()) {
    if (each.errors.length > 0) throw new Error(`Stream ${index + 1} failed: ${each.errors[0]}`);
    for (const [sentence, end] of sentenceEnds.entries()) {
      const final = each.finals[sentence];
      if (!final) throw new Error(`Stream ${index + 1} reported ${each.finals.length} finals`);
      latencies.push(final.at - fed[index].get(end));
      if (sentence > 0) steadyLatencies.push(latencies.at(-1));
      if (final.text === CLIP_TEXT) correct += 1;
    }
  }
  const audioSeconds = (audio.length / BROWSER_RATE_HZ) * CONCURRENT_STREAMS;
  log(`${CONCURRENT_STREAMS} streams x ${SENTENCES_PER_STREAM} sentences: ${correct} recognised exactly`);
  return {
    latencies,
    steadyLatencies,
    correct,
    sentences: CONCURRENT_STREAMS * SENTENCES_PER_STREAM,
    cpuSeconds,
    wallSeconds,
    audioSeconds,
    realTimeFactor: cpuSeconds / audioSeconds,
  };
}

/** An uploaded recording transcribed as a job would: wall time per second of audio. */
async function measureFileTranscription(speech, log) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-bench-speech-'));
  try {
    const clip = readFileSync(CLIP);
    const pause = Buffer.alloc(Math.round(PAUSE_SECONDS * 16_000) * 2);
    const raw = path.join(workDir, 'dictation.raw');
    writeFileSync(raw, Buffer.concat(Array.from({ length: FILE_SENTENCES }, () => [clip, pause]).flat()));
    const mp3 = path.join(workDir, 'dictation.mp3');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 's16le', '-ar', '16000', '-ac', '1', '-i', raw, mp3],
    ]);
    const audioSeconds = (FILE_SENTENCES * (clip.length + pause.length)) / 2 / 16_000;
    const started = performance.now();
    const segments = await speech.transcribeFile(mp3, {
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const correct = segments.filter((segment) => segment.text === CLIP_TEXT).length;
    log(
      `${audioSeconds.toFixed(0)} s MP3: ${wallSeconds.toFixed(1)} s, ${correct} of ${FILE_SENTENCES} exact`,
    );
    return { audioSeconds, wallSeconds, realTimeFactor: wallSeconds / audioSeconds, correct };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function measure() {
  const log = (line) => console.info(`  ${line}`);
  const { loadConfig } = await import(pathToFileURL(path.join(ROOT, 'server/src/config/loadConfig.ts')).href);
  const { createSpeechRecognizer } = await import(
    pathToFileURL(path.join(ROOT, 'server/src/platform/speech/createSpeechRecognizer.ts')).href
  );
  ({ joinSamples } = await import(
    pathToFileURL(path.join(ROOT, 'server/src/platform/speech/joinSamples.ts')).href
  ));
  const settings = {
    ...loadConfig({ ...process.env, SPEECH_RECOGNIZER: 'pocketsphinx' }).speech,
    maxLiveStreams: CONCURRENT_STREAMS,
  };
  const speech = createSpeechRecognizer(settings);
  const availability = speech.availability();
  if (!availability.available)
    throw new Error(`${availability.message}: ${availability.installCommand ?? ''}`);
  try {
    const pathsFlag = process.argv.indexOf('--paths');
    const accuracyPaths = pathsFlag > 0 ? process.argv[pathsFlag + 1].split(',') : ['file', 'live'];
    const optionOf = (flag) => {
      const index = process.argv.indexOf(flag);
      return index > 0 ? process.argv[index + 1] : undefined;
    };
    const accuracy = await measureAccuracyReport({
      createSpeechRecognizer,
      settings,
      paths: accuracyPaths,
      limits: {
        split: optionOf('--split'),
        sentences: optionOf('--sentences') === undefined ? undefined : Number(optionOf('--sentences')),
        voices: optionOf('--voices'),
      },
      log,
    });
    if (process.argv.includes(ACCURACY_ONLY_FLAG)) return accuracy;
    const clip = clipAtBrowserRate();
    log(
      `First partial: one stream, ${FIRST_PARTIAL_RUNS} runs (a fresh recogniser each, as when record is pressed) ...`,
    );
    const firstPartial = await measureFirstPartial(speech, clip, log);
    log(`${CONCURRENT_STREAMS} live streams at once, fed in real time ...`);
    const concurrent = await measureConcurrentStreams(speech, clip, log);
    log('An uploaded recording, transcribed as the job does ...');
    const file = await measureFileTranscription(speech, log);

    const firstPartialMs = firstPartial.map((run) => run.firstPartialMs);
    const cores = os.cpus().length;
    const rows = [
      {
        measure: 'first partial after speech (median)',
        value: percentile(firstPartialMs, 0.5),
        unit: 'ms',
        budget: BUDGETS.firstPartialMs,
        pass: percentile(firstPartialMs, 0.5) <= BUDGETS.firstPartialMs,
      },
      {
        measure: 'first partial after speech (worst)',
        value: Math.max(...firstPartialMs),
        unit: 'ms',
        budget: BUDGETS.firstPartialMs,
        pass: Math.max(...firstPartialMs) <= BUDGETS.firstPartialMs,
      },
      {
        measure: `${CONCURRENT_STREAMS} streams: final after sentence end, worst`,
        value: Math.max(...concurrent.latencies),
        unit: 'ms',
        budget: BUDGETS.concurrentFinalLatencyMs,
        pass: Math.max(...concurrent.latencies) <= BUDGETS.concurrentFinalLatencyMs,
      },
      {
        measure: `${CONCURRENT_STREAMS} streams: CPU x real-time factor`,
        value: concurrent.realTimeFactor * CONCURRENT_STREAMS,
        unit: 'cores',
        budget: cores,
        pass: concurrent.realTimeFactor * CONCURRENT_STREAMS <= cores,
      },
    ];
    console.info('');
    console.info(
      `Live transcription (pocketsphinx), ${cores} cores, load average ${os.loadavg()[0].toFixed(1)}:`,
    );
    for (const row of rows) {
      console.info(
        `${row.measure.padEnd(48)} ${`${row.value.toFixed(row.unit === 'cores' ? 2 : 0)} ${row.unit}`.padStart(12)}` +
          `  <= ${row.budget} ${row.unit}  ${row.pass ? 'pass' : 'FAIL'}`,
      );
    }
    console.info(
      `(${concurrent.correct} of ${concurrent.sentences} sentences recognised exactly under load; final after ` +
        `sentence end p50 ${percentile(concurrent.latencies, 0.5).toFixed(0)} ms, after each stream's first ` +
        `sentence p50 ${percentile(concurrent.steadyLatencies, 0.5).toFixed(0)} ms max ` +
        `${Math.max(...concurrent.steadyLatencies).toFixed(0)} ms; real-time factor per stream ` +
        `${concurrent.realTimeFactor.toFixed(3)})`,
    );
    console.info(
      `Uploaded recording: ${file.audioSeconds.toFixed(0)} s of MP3 transcribed in ${file.wallSeconds.toFixed(1)} s ` +
        `(real-time factor ${file.realTimeFactor.toFixed(2)}), ${file.correct} of ${FILE_SENTENCES} sentences exact`,
    );
    const resultsDir = path.join(ROOT, 'bench-results');
    mkdirSync(resultsDir, { recursive: true });
    const resultsFile = path.join(resultsDir, 'bench-speech.json');
    writeFileSync(
      resultsFile,
      JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          cores,
          loadAverageAtEnd: os.loadavg()[0],
          recognizer: availability.name,
          budgets: BUDGETS,
          firstPartial: { runs: firstPartial },
          concurrent: {
            streams: CONCURRENT_STREAMS,
            sentencesPerStream: SENTENCES_PER_STREAM,
            recognisedExactly: concurrent.correct,
            finalAfterSentenceEndMs: {
              p50: percentile(concurrent.latencies, 0.5),
              p95: percentile(concurrent.latencies, 0.95),
              max: Math.max(...concurrent.latencies),
            },
            finalAfterSentenceEndAfterFirstSentenceMs: {
              p50: percentile(concurrent.steadyLatencies, 0.5),
              max: Math.max(...concurrent.steadyLatencies),
            },
            recognizerCpuSeconds: concurrent.cpuSeconds,
            audioSeconds: concurrent.audioSeconds,
            wallSeconds: concurrent.wallSeconds,
            realTimeFactorPerStream: concurrent.realTimeFactor,
          },
          file,
          rows,
        },
        null,
        2,
      ),
    );
    console.info(`\nDetails: ${path.relative(ROOT, resultsFile)}`);
    return rows;
  } finally {
    await speech.close();
  }
}

/** Measures and prints the accuracy table, and writes it to bench-results/bench-speech-accuracy.json. */
async function measureAccuracyReport(options) {
  const { results, heldOut, missingVoices } = await measureAccuracy(options);
  const summary = summarise(results);
  const bySpeaker = summarise(results, ['path', 'speaker', 'model']);
  const percent = (value) => (value === null ? '   -' : `${(value * 100).toFixed(1)}%`);
  console.info('');
  console.info(`Word error rate, generic vs clinical language model (${ACCURACY_TARGET}):`);
  console.info(
    `Test sentences held out from the model's corpus: ${heldOut.inCorpus.length === 0 ? 'yes' : 'NO'} ` +
      `(${heldOut.inCorpus.length} of ${heldOut.sentences} in it; ${heldOut.sharingRun.length} share a run of ` +
      `${heldOut.runWords} words with it)`,
  );
  if (missingVoices.length > 0) console.info(`Voices not installed, left out: ${missingVoices.join(', ')}`);
  const table = (rows, label, width) => {
    console.info(
      `${'path'.padEnd(6)}${label.padEnd(width)}${'generic'.padStart(9)}${'clinical'.padStart(10)}` +
        `${'words'.padStart(7)}${'terms right: generic'.padStart(22)}${'clinical'.padStart(10)}`,
    );
    const keys = [...new Set(rows.map((row) => `${row.path}|${row[label]}`))];
    for (const key of keys) {
      const [pathName, name] = key.split('|');
      const of = (model) =>
        rows.find((row) => row.path === pathName && row[label] === name && row.model === model);
      const generic = of('generic');
      const clinical = of('clinical');
      console.info(
        `${pathName.padEnd(6)}${name.padEnd(width)}${percent(generic?.wer ?? null).padStart(9)}` +
          `${percent(clinical?.wer ?? null).padStart(10)}${String((generic ?? clinical).referenceWords).padStart(7)}` +
          `${percent(generic?.termAccuracy ?? null).padStart(22)}${percent(clinical?.termAccuracy ?? null).padStart(10)}`,
      );
    }
  };
  table(summary, 'set', 10);
  console.info('');
  console.info('Per voice:');
  table(bySpeaker, 'speaker', 48);
  const verdicts = [...new Set(summary.map((row) => row.path))].map((pathName) => {
    const of = (set, model) =>
      summary.find((row) => row.path === pathName && row.set === set && row.model === model);
    const werOf = (set, model) => of(set, model)?.wer ?? Number.NaN;
    const halved = werOf('clinical', 'clinical') <= werOf('clinical', 'generic') / 2;
    const notWorse = werOf('recorded', 'clinical') <= werOf('recorded', 'generic');
    return { path: pathName, halved, notWorse };
  });
  for (const verdict of verdicts) {
    console.info(
      `${verdict.path}: clinical WER halved ${verdict.halved ? 'yes' : 'NO'}; recorded speech not worse ${verdict.notWorse ? 'yes' : 'NO'}`,
    );
  }
  const resultsDir = path.join(ROOT, 'bench-results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, 'bench-speech-accuracy.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        target: ACCURACY_TARGET,
        heldOut,
        missingVoices,
        summary,
        bySpeaker,
        verdicts,
        results,
      },
      null,
      2,
    ),
  );
  return summary;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes(INNER_FLAG)) {
    measure().catch((error) => {
      console.error(`bench:speech: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    });
  } else {
    // The server's TypeScript sources, loaded by tsx from the server folder (where tsx is installed).
    const child = spawn(
      process.execPath,
      ['--conditions=@ewrt/source', '--import', 'tsx', process.argv[1], INNER_FLAG, ...process.argv.slice(2)],
      { cwd: path.join(ROOT, 'server'), stdio: 'inherit' },
    );
    child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  }
}
