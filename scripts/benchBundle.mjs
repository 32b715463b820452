#!/usr/bin/env node
// `pnpm bench:bundle`: the record bundle of a 300-page record against its budget. A report, not a test: it prints
// the figure with pass/fail and exits 0 when it could measure.
//
//   a bundle of 300 pages (280 typed pages and a 20-page 300 dpi scan read by OCR), from the request to the
//   finished PDF (rendered, stamped, scanned pages given their invisible text, index linked, outline)   <= 30 s
//
// The documents are processed first (the scan read by OCR, as the product does when it is uploaded); only the
// bundle job is timed. The real server (server/dist) runs on a scratch data directory with the demo organisation.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { request, signIn } from './lib/benchApi.mjs';
import { getFreePort, startApiServer } from './lib/processes.mjs';
import { ROOT, buildStale, serverApp } from './lib/workspace.mjs';
import { generateScannedPdf, pageLines } from './benchOcr.mjs';

const LOOPBACK = '127.0.0.1';
const BUDGET_MS = 30_000;
const TYPED_PAGES = 280;
const SCANNED_PAGES = 20;
const JOB_POLL_INTERVAL_MS = 100;
// Far longer than the budget: OCR of the scan on a busy machine, or a stuck job.
const JOB_WAIT_MS = 600_000;

const requireFromServer = createRequire(path.join(ROOT, 'server', 'package.json'));
const { PDFDocument, StandardFonts } = requireFromServer('pdf-lib');

/** A typed record: every page a dated clinic note of a few lines. */
async function typedRecord(pages) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page += 1) {
    const sheet = pdf.addPage([595, 842]);
    pageLines(page).forEach((line, index) =>
      sheet.drawText(line, { x: 56, y: 786 - index * 24, size: 11, font }),
    );
  }
  return Buffer.from(await pdf.save());
}

async function waitForJob(server, token, jobId) {
  const started = performance.now();
  for (;;) {
    const status = await request(`${server.url}/api/jobs/${jobId}/status`, { token });
    if (status.status === 'completed') return performance.now() - started;
    if (status.status === 'failed' || status.status === 'cancelled') {
      throw new Error(`Job ${jobId} ended ${status.status}: ${status.error_message ?? ''}`);
    }
    if (performance.now() - started > JOB_WAIT_MS) throw new Error(`Job ${jobId} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_INTERVAL_MS));
  }
}

async function uploadAndWait(server, token, patientId, filename, content) {
  const form = new FormData();
  form.append('patient_id', String(patientId));
  form.append('file', new Blob([content]), filename);
  const answer = await request(`${server.url}/api/documents/upload`, { method: 'POST', token, body: form });
  return waitForJob(server, token, answer.job_id);
}

/**
 * Runs the bundle benchmark and prints its figure; resolves with it, rejects when it could not measure.
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function runBundleBenchmark(options = {}) {
  const log = options.log ?? ((line) => console.info(`  ${line}`));
  await buildStale([serverApp()], { log });
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-bench-bundle-'));
  const resultsDir = path.join(ROOT, 'bench-results');
  mkdirSync(resultsDir, { recursive: true });
  let server;
  try {
    const scanned = await generateScannedPdf(
      workDir,
      Array.from({ length: SCANNED_PAGES }, (_, index) => pageLines(TYPED_PAGES + index + 1)),
    );
    server = await startApiServer({
      port: await getFreePort(LOOPBACK),
      host: LOOPBACK,
      dataDir: path.join(workDir, 'server'),
      logFile: path.join(resultsDir, 'bench-bundle.log'),
      env: { API_RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' },
    });
    const token = await signIn(server.url, 'dr.patel');
    const found = await request(`${server.url}/api/patients/search?term=DEMO-1001&page=1`, { token });
    const patientId = found.patients[0].ID_Patient;
    log(`Processing a ${TYPED_PAGES}-page typed record and a ${SCANNED_PAGES}-page scan (OCR) ...`);
    await uploadAndWait(server, token, patientId, 'bench-typed-record.pdf', await typedRecord(TYPED_PAGES));
    const ocrMs = await uploadAndWait(server, token, patientId, 'bench-scanned-letters.pdf', scanned);
    log(`(the scan took ${(ocrMs / 1000).toFixed(1)} s to read)`);

    log('Making the bundle ...');
    const started = performance.now();
    const job = await request(`${server.url}/api/patients/${patientId}/bundle`, { method: 'POST', token });
    await waitForJob(server, token, job.job_id);
    const bundleMs = performance.now() - started;
    const state = await request(`${server.url}/api/patients/${patientId}/bundle`, { token });
    const pages = state.bundle.page_count;

    // The scanned pages can be searched in the finished file: a sentence printed only on the scan is found.
    const link = await request(`${server.url}/api/patients/${patientId}/bundle/download`, { token });
    const bundlePath = path.join(workDir, 'bundle.pdf');
    writeFileSync(bundlePath, Buffer.from(await (await fetch(link.download_url)).arrayBuffer()));
    const text = execFileSync('pdftotext', [bundlePath, '-']).toString('utf8');
    const searchable = text.includes(`Page ${TYPED_PAGES + 1} of the scanned clinic records.`);

    const pass = bundleMs <= BUDGET_MS;
    console.info('');
    console.info(
      `Record bundle, embedded database, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}:`,
    );
    console.info(
      `${`${pages}-page bundle (${SCANNED_PAGES} scanned) to completed`.padEnd(44)} ` +
        `${`${bundleMs.toFixed(0)} ms`.padStart(10)}  <= ${BUDGET_MS} ms  ${pass ? 'pass' : 'FAIL'}`,
    );
    console.info(`(scanned pages searchable in the bundle: ${searchable ? 'yes' : 'NO'})`);
    const resultsFile = path.join(resultsDir, 'bench-bundle.json');
    writeFileSync(
      resultsFile,
      JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          cores: os.cpus().length,
          loadAverageAtEnd: os.loadavg()[0],
          budgetMs: BUDGET_MS,
          bundle: { pages, scannedPages: SCANNED_PAGES, completedMs: bundleMs, searchable },
        },
        null,
        2,
      ),
    );
    console.info(`\nDetails: ${path.relative(process.cwd(), resultsFile)}`);
    return { bundleMs, pages, pass, searchable };
  } finally {
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBundleBenchmark().catch((error) => {
    console.error(`bench:bundle: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
