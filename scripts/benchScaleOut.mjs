#!/usr/bin/env node
// `pnpm bench:scale-out`: what a second worker buys. On the scale-out stack of deploy/ (PostgreSQL, s3rver, two API
// instances behind nginx; scripts/lib/startScaleOutStack.mjs), a batch of scanned PDFs is processed with one worker,
// then another batch after a second worker joins. Prints documents processed per minute for each, their ratio, and
// the p95 of an API call through nginx while the batch runs. A report, not a test: it exits 0 when it could measure.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, request, signIn } from './lib/benchApi.mjs';
import { buildScannedPdf } from './lib/buildScannedPdf.mjs';
import { startScaleOutStack } from './lib/startScaleOutStack.mjs';
import { ROOT } from './lib/workspace.mjs';

const DOCUMENTS_PER_BATCH = 6;
const PAGES_PER_DOCUMENT = 3;
const API_POLL_INTERVAL_MS = 50;
const JOB_POLL_INTERVAL_MS = 200;
const BATCH_WAIT_MS = 600_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => console.info(`  ${line}`);

async function createPatient(hostUrl, token, mrn) {
  const answer = await request(`${hostUrl}/api/patients`, {
    method: 'POST',
    token,
    json: {
      FirstName: 'Bench',
      Surname: mrn,
      DateOfBirth: '1975-09-30',
      MRN: mrn,
      DateofEvent: null,
      Solicitorname: null,
      Solicitorcompany: null,
      Solicitorreference: null,
      Ourreference: null,
    },
  });
  return answer.patient.ID_Patient;
}

/** Uploads the batch at once, waits for every job; the API is timed through nginx meanwhile. */
async function runBatch(hostUrl, token, patientId, pdfs) {
  const latencies = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const started = performance.now();
      await request(`${hostUrl}/api/patients/search?term=DEMO&page=1`, { token });
      latencies.push(performance.now() - started);
      await sleep(API_POLL_INTERVAL_MS);
    }
  })();
  try {
    const started = performance.now();
    const jobIds = [];
    for (const [index, pdf] of pdfs.entries()) {
      const form = new FormData();
      form.append('patient_id', String(patientId));
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), `bench-scan-${index + 1}.pdf`);
      const answer = await request(`${hostUrl}/api/documents/upload`, { method: 'POST', token, body: form });
      jobIds.push(answer.job_id);
    }
    const pending = new Set(jobIds);
    while (pending.size > 0) {
      if (performance.now() - started > BATCH_WAIT_MS) throw new Error('The batch did not finish');
      for (const id of [...pending]) {
        const status = await request(`${hostUrl}/api/jobs/${id}/status`, { token });
        if (status.status === 'completed') pending.delete(id);
        else if (status.status === 'failed' || status.status === 'cancelled')
          throw new Error(`Job ${id} ended ${status.status}: ${status.error_message ?? ''}`);
      }
      await sleep(JOB_POLL_INTERVAL_MS);
    }
    const minutes = (performance.now() - started) / 60_000;
    return { documents: pdfs.length, seconds: minutes * 60, perMinute: pdfs.length / minutes, latencies };
  } finally {
    polling = false;
    await poller;
  }
}

async function main() {
  log(
    `Generating ${2 * DOCUMENTS_PER_BATCH} scanned PDFs of ${PAGES_PER_DOCUMENT} pages and starting the stack ...`,
  );
  const [stack, ...pdfs] = await Promise.all([
    startScaleOutStack({
      workers: 1,
      log,
      env: {
        // One job per worker and one page at a time: a worker is one core's worth of work, so the comparison
        // measures the second worker, not the concurrency inside one.
        JOB_CONCURRENCY: '1',
        OCR_CONCURRENCY: '1',
        API_RATE_LIMIT_PER_MINUTE: '0',
        LOGIN_RATE_LIMIT_PER_USER: '10000',
        LOGIN_RATE_LIMIT_PER_IP: '10000',
      },
    }),
    ...Array.from({ length: 2 * DOCUMENTS_PER_BATCH }, (_, index) =>
      buildScannedPdf({ pages: PAGES_PER_DOCUMENT, label: `Bench record ${index + 1}` }),
    ),
  ]);
  try {
    const token = await signIn(stack.hostUrl, 'dr.patel');
    const stamp = Date.now();
    log(`One worker: ${DOCUMENTS_PER_BATCH} documents ...`);
    const one = await runBatch(
      stack.hostUrl,
      token,
      await createPatient(stack.hostUrl, token, `BENCH-${stamp}-1`),
      pdfs.slice(0, DOCUMENTS_PER_BATCH),
    );
    await stack.startWorker();
    log(`Two workers: ${DOCUMENTS_PER_BATCH} more documents ...`);
    const two = await runBatch(
      stack.hostUrl,
      token,
      await createPatient(stack.hostUrl, token, `BENCH-${stamp}-2`),
      pdfs.slice(DOCUMENTS_PER_BATCH),
    );

    const rows = [
      ['one worker', one],
      ['two workers', two],
    ];
    console.info('');
    console.info(
      `Scale-out, ${os.cpus().length} cores, ${PAGES_PER_DOCUMENT}-page scanned PDFs (OCR), two API instances behind nginx:`,
    );
    for (const [label, run] of rows) {
      console.info(
        `${label.padEnd(12)} ${run.perMinute.toFixed(1).padStart(6)} documents/min  ` +
          `(${run.documents} in ${run.seconds.toFixed(1)} s)   API p95 through nginx ` +
          `${percentile(run.latencies, 0.95).toFixed(1)} ms (p50 ${percentile(run.latencies, 0.5).toFixed(1)} ms, ` +
          `${run.latencies.length} calls)`,
      );
    }
    console.info(`two workers / one: ${(two.perMinute / one.perMinute).toFixed(2)}x`);

    const resultsDir = path.join(ROOT, 'bench-results');
    mkdirSync(resultsDir, { recursive: true });
    const summary = (run) => ({
      documents: run.documents,
      seconds: run.seconds,
      documentsPerMinute: run.perMinute,
      apiP50Ms: percentile(run.latencies, 0.5),
      apiP95Ms: percentile(run.latencies, 0.95),
      apiCalls: run.latencies.length,
    });
    writeFileSync(
      path.join(resultsDir, 'bench-scale-out.json'),
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          cores: os.cpus().length,
          pagesPerDocument: PAGES_PER_DOCUMENT,
          oneWorker: summary(one),
          twoWorkers: summary(two),
          ratio: two.perMinute / one.perMinute,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(`The scale-out benchmark could not measure: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
