#!/usr/bin/env node
// `node scripts/benchDocuments.mjs`: document processing against the budgets of ARCH-06. A report, not a test: it prints each figure with pass/fail and exits 0
// when it could measure.
//
//   a generated 300-page text PDF uploaded, extracted, chunked and indexed, to `completed`    <= 5 s
//   GET /api/health while that job runs                                                       p95 <= 50 ms
//   the server's memory (RSS) growth while it receives a 250 MB upload                        <= 100 MB
//
// The real server (server/dist) runs on a scratch data directory with the demo organisation. The upload is
// measured on a second start of the same server with JOB_CONCURRENCY=0, so that only receiving and checking the
// file is counted, not the processing job that would start right after it.
import { mkdirSync, mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { percentile, request, signIn } from './lib/benchApi.mjs';
import { getFreePort, startApiServer } from './lib/processes.mjs';
import { ROOT, buildStale, serverApp } from './lib/workspace.mjs';

const LOOPBACK = '127.0.0.1';
const BUDGETS = { pdfToCompletedMs: 5_000, healthP95Ms: 50, uploadRssGrowthMb: 100 };
const PDF_PAGES = 300;
const WORDS_PER_PAGE = 280;
const LARGE_UPLOAD_BYTES = 250 * 1024 * 1024 - 64 * 1024;
const HEALTH_POLL_INTERVAL_MS = 25;
const JOB_POLL_INTERVAL_MS = 50;
// Longer than any budget: past it the job is taken as stuck.
const JOB_WAIT_MS = 120_000;
const RSS_SAMPLE_INTERVAL_MS = 20;

const requireFromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
const { PDFDocument, StandardFonts } = requireFromServer('pdf-lib');

const WORDS = (
  'patient reports persistent pain in the right knee following the collision examination reveals tenderness ' +
  'over the medial joint line with reduced flexion imaging shows a tear of the medial meniscus physiotherapy ' +
  'was recommended for twelve weeks and the prognosis is guarded'
).split(' ');

async function generatePdf(pages) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= pages; number += 1) {
    const page = pdf.addPage([595, 842]);
    const words = Array.from({ length: WORDS_PER_PAGE }, (_, i) => WORDS[(number * 7 + i) % WORDS.length]);
    page.drawText(`Page ${number}. ${words.join(' ')}`, {
      x: 40,
      y: 800,
      size: 9,
      font,
      maxWidth: 515,
      lineHeight: 11,
    });
  }
  return Buffer.from(await pdf.save());
}

/** A 250 MB UTF-8 text file, written in 1 MB blocks (never held in memory whole). */
async function writeLargeText(filePath, bytes) {
  const block = Buffer.alloc(1024 * 1024);
  let offset = 0;
  const line = Buffer.from(`${WORDS.join(' ')}\n`);
  while (offset < block.length) offset += line.copy(block, offset);
  const handle = await open(filePath, 'w');
  try {
    for (let written = 0; written < bytes; written += block.length) {
      await handle.write(block, 0, Math.min(block.length, bytes - written));
    }
  } finally {
    await handle.close();
  }
}

async function uploadFile(apiUrl, token, patientId, filename, blob) {
  const form = new FormData();
  form.append('patient_id', String(patientId));
  form.append('file', blob, filename);
  return request(`${apiUrl}/api/documents/upload`, { method: 'POST', token, body: form });
}

function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

const p95 = (values) => percentile(values, 0.95);

async function start(dataDir, resultsDir, env = {}) {
  return startApiServer({
    port: await getFreePort(LOOPBACK),
    host: LOOPBACK,
    dataDir,
    logFile: path.join(resultsDir, 'bench-documents.log'),
    env: { API_RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn', ...env },
  });
}

/** The 300-page PDF to `completed`, with /api/health polled meanwhile. */
async function measurePdfProcessing(server, token, patientId, pdf, log) {
  const health = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const started = performance.now();
      await request(`${server.url}/api/health`);
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_INTERVAL_MS));
    }
  })();
  try {
    const started = performance.now();
    const answer = await uploadFile(server.url, token, patientId, 'bench-300-pages.pdf', new Blob([pdf]));
    const uploadedMs = performance.now() - started;
    for (;;) {
      const status = await request(`${server.url}/api/jobs/${answer.job_id}/status`, { token });
      if (status.status === 'completed') {
        const result = status.output_data?.processing_result ?? {};
        log(
          `${result.pages} pages, ${result.chunks_created} passages; upload answered in ${uploadedMs.toFixed(0)} ms`,
        );
        return { completedMs: performance.now() - started, uploadedMs, health, result };
      }
      if (status.status === 'failed' || status.status === 'cancelled') {
        throw new Error(`The processing job ended ${status.status}: ${status.error_message ?? ''}`);
      }
      if (performance.now() - started > JOB_WAIT_MS) throw new Error('The processing job did not finish');
      await new Promise((resolve) => setTimeout(resolve, JOB_POLL_INTERVAL_MS));
    }
  } finally {
    polling = false;
    await poller;
  }
}

/** Peak RSS growth of the server process while a 250 MB upload is received and checked. */
async function measureLargeUpload(server, token, patientId, filePath) {
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, RSS_SAMPLE_INTERVAL_MS);
  try {
    const started = performance.now();
    await uploadFile(server.url, token, patientId, 'bench-250-mb.txt', await openAsBlob(filePath));
    peak = Math.max(peak, rssMb(server.pid));
    return {
      beforeMb: before,
      peakMb: peak,
      growthMb: peak - before,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Runs the document benchmark and prints its table; resolves with the figures, rejects when it could not measure.
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function runDocumentBenchmark(options = {}) {
  const log = options.log ?? ((line) => console.info(`  ${line}`));
  await buildStale([serverApp()], { log });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-bench-documents-'));
  const resultsDir = path.join(ROOT, 'bench-results');
  mkdirSync(resultsDir, { recursive: true });
  let server;
  try {
    log(`Generating a ${PDF_PAGES}-page text PDF and a 250 MB text file ...`);
    const pdf = await generatePdf(PDF_PAGES);
    const largeFile = path.join(dataDir, 'bench-250-mb.txt');
    await writeLargeText(largeFile, LARGE_UPLOAD_BYTES);

    server = await start(path.join(dataDir, 'server'), resultsDir);
    const token = await signIn(server.url, 'dr.patel');
    const found = await request(`${server.url}/api/patients/search?term=DEMO-1001&page=1`, { token });
    const patientId = found.patients[0].ID_Patient;
    log('300-page PDF: upload, extraction, chunking, indexing ...');
    const pdfRun = await measurePdfProcessing(server, token, patientId, pdf, log);
    await server.stop();

    server = await start(path.join(dataDir, 'server'), resultsDir, { JOB_CONCURRENCY: '0' });
    const secondToken = await signIn(server.url, 'dr.okafor');
    const riverside = await request(`${server.url}/api/patients/search?term=DEMO-2001&page=1`, {
      token: secondToken,
    });
    log('250 MB upload: receiving and checking ...');
    const uploadRun = await measureLargeUpload(
      server,
      secondToken,
      riverside.patients[0].ID_Patient,
      largeFile,
    );

    const rows = [
      {
        measure: `${PDF_PAGES}-page text PDF to completed`,
        value: pdfRun.completedMs,
        unit: 'ms',
        budget: BUDGETS.pdfToCompletedMs,
      },
      {
        measure: 'GET /api/health p95 during it',
        value: p95(pdfRun.health),
        unit: 'ms',
        budget: BUDGETS.healthP95Ms,
      },
      {
        measure: 'RSS growth for a 250 MB upload',
        value: uploadRun.growthMb,
        unit: 'MB',
        budget: BUDGETS.uploadRssGrowthMb,
      },
    ];
    console.info('');
    console.info(
      `Documents, embedded database, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}:`,
    );
    for (const row of rows) {
      console.info(
        `${row.measure.padEnd(40)} ${`${row.value.toFixed(1)} ${row.unit}`.padStart(12)}  ` +
          `<= ${row.budget} ${row.unit}  ${row.value <= row.budget ? 'pass' : 'FAIL'}`,
      );
    }
    console.info(
      `(health: ${pdfRun.health.length} samples, p50 ${percentile(pdfRun.health, 0.5).toFixed(1)} ms, ` +
        `max ${Math.max(...pdfRun.health).toFixed(1)} ms; 250 MB upload took ${uploadRun.seconds.toFixed(1)} s, ` +
        `RSS ${uploadRun.beforeMb.toFixed(0)} -> ${uploadRun.peakMb.toFixed(0)} MB)`,
    );
    const resultsFile = path.join(resultsDir, 'bench-documents.json');
    writeFileSync(
      resultsFile,
      JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          cores: os.cpus().length,
          loadAverageAtEnd: os.loadavg()[0],
          budgets: BUDGETS,
          pdf: {
            pages: PDF_PAGES,
            completedMs: pdfRun.completedMs,
            uploadedMs: pdfRun.uploadedMs,
            result: pdfRun.result,
          },
          health: {
            samples: pdfRun.health.length,
            p50Ms: percentile(pdfRun.health, 0.5),
            p95Ms: p95(pdfRun.health),
            maxMs: Math.max(...pdfRun.health),
            inOrderMs: pdfRun.health.map((ms) => Math.round(ms * 10) / 10),
          },
          largeUpload: uploadRun,
        },
        null,
        2,
      ),
    );
    console.info(`\nDetails: ${path.relative(process.cwd(), resultsFile)}`);
    return rows;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runDocumentBenchmark().catch((error) => {
    console.error(`bench:documents: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
