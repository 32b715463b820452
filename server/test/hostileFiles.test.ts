import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DOCUMENT_READING_LIMITS } from '@ewrt/contract';
import { checkWordPackage } from '../src/features/documents/extraction/checkWordPackage.js';
import { convertWithLibreOffice } from '../src/features/documents/extraction/convertWithLibreOffice.js';
import { DocumentLimitError } from '../src/features/documents/extraction/ExtractedDocument.js';
import { extractInWorker } from '../src/features/documents/extraction/extractInWorker.js';
import { neutraliseWordLinks } from '../src/features/documents/extraction/neutraliseWordLinks.js';
import { cleanUpSandboxLeftovers } from '../src/platform/sandbox/cleanUpSandboxLeftovers.js';
import { runSandboxed } from '../src/platform/sandbox/runSandboxed.js';
import { SANDBOX_FOLDER_PREFIX } from '../src/platform/sandbox/spawnSandboxed.js';
import { documentRows, storedFiles, upload } from './support/documentUploads.js';
import { createTestServer, patientIdByMrn, signIn } from './support/testServer.js';
import {
  bombBody,
  linkingWordParts,
  manyPagePdf,
  pageBreakBody,
  wordParts,
  writeZip,
} from './support/hostileDocuments.js';

let folder: string;
let listener: Server;
let base: string;
const requests: string[] = [];

before(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'hostile-files-'));
  listener = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.end('fetched');
  });
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});
after(async () => {
  listener.close();
  await rm(folder, { recursive: true, force: true });
});

/** This server's converters still running: processes whose environment names this process as their owner. */
function ownConverters(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${entry}/environ`, 'latin1');
    } catch {
      continue;
    }
    if (environ.split('\0').includes(`EWRT_SANDBOX_OWNER=${process.pid}`)) found.push(Number(entry));
  }
  return found;
}

const ownFolders = async () =>
  (await readdir(tmpdir())).filter((name) => name.startsWith(`${SANDBOX_FOLDER_PREFIX}${process.pid}-`));

/** Resolves when the promise settles, with how long it took. */
async function timed(promise: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const start = Date.now();
  try {
    await promise;
    return { ms: Date.now() - start, error: null };
  } catch (error) {
    return { ms: Date.now() - start, error };
  }
}

describe('documents that link to the network', () => {
  it('a converter has no network: even 127.0.0.1 is out of reach', async () => {
    const port = (listener.address() as AddressInfo).port;
    await assert.rejects(
      runSandboxed('bash', ['-c', `echo hello > /dev/tcp/127.0.0.1/${port}`], {
        timeoutMs: 10_000,
        memoryMb: 512,
        cpuSeconds: 5,
        maxOutputBytes: 1024,
      }),
    );
    assert.deepEqual(requests, []);
  });

  it('a copy for LibreOffice keeps hyperlinks and shown text but no external target or loading field', async () => {
    const source = path.join(folder, 'linking-copy.docx');
    const target = path.join(folder, 'linking-copy-neutral.docx');
    await writeZip(source, linkingWordParts(base));
    await neutraliseWordLinks(source, target);
    const text = spawnSync('unzip', [
      '-p',
      target,
      'word/document.xml',
      'word/_rels/document.xml.rels',
    ]).stdout.toString();
    assert.doesNotMatch(text, /INCLUDETEXT|INCLUDEPICTURE|linked-image/);
    assert.match(text, /Included text shown before\./);
    assert.match(text, /TargetMode="External"/, 'the hyperlink stays');
    assert.equal(spawnSync('unzip', ['-tq', target]).status, 0, 'the copy is a valid archive');
  });

  it('reading a docx with an external image and INCLUDETEXT fields makes no request', async () => {
    const file = path.join(folder, 'linking.docx');
    await writeZip(file, linkingWordParts(base));
    const fallbacks: string[] = [];
    const read = await extractInWorker(
      { filePath: file, fileType: 'docx', libreOfficeCommand: 'soffice' },
      { onFallback: (reason) => fallbacks.push(reason) },
    );
    assert.deepEqual(fallbacks, []);
    assert.equal(read.pageSource, 'libreoffice-layout');
    const text = read.pages.map((page) => page.text).join('\n');
    assert.match(text, /Clinic letter with linked content/);
    assert.match(text, /Included text shown before/);
    assert.deepEqual(requests, [], 'the listener was reached');
  });
});

describe('bounded unpacking', () => {
  it('refuses a zip bomb from its table of contents at once', async () => {
    const file = path.join(folder, 'bomb.docx');
    await writeZip(file, wordParts(bombBody(300)));
    const rssBefore = process.memoryUsage().rss;
    const { ms, error } = await timed(checkWordPackage(file, { unpack: false }));
    assert.ok(error instanceof DocumentLimitError, String(error));
    assert.match(error.message, /a part of it unpacks to 301 MB; the limit is 256 MB/);
    assert.ok(ms < 1000, `${ms} ms`);
    assert.ok(process.memoryUsage().rss - rssBefore < 50 * 1024 * 1024);
  });

  it('refuses a bomb whose table of contents lies as soon as it outgrows what it declared', async () => {
    const file = path.join(folder, 'lying-bomb.docx');
    await writeZip(file, wordParts(bombBody(300), '', 200_000));
    const rssBefore = process.memoryUsage().rss;
    const { ms, error } = await timed(
      extractInWorker({ filePath: file, fileType: 'docx', libreOfficeCommand: 'soffice' }),
    );
    assert.ok(error instanceof DocumentLimitError, String(error));
    assert.match(error.message, /unpacks to more than its archive declares/);
    assert.ok(ms < 2000, `${ms} ms`);
    const growth = process.memoryUsage().rss - rssBefore;
    assert.ok(growth < 100 * 1024 * 1024, `memory grew by ${Math.round(growth / 1024 / 1024)} MB`);
    assert.deepEqual(ownConverters(), [], 'LibreOffice never started');
  });

  it('refuses a Word file of 30,000 page breaks, naming the limit', async () => {
    const file = path.join(folder, 'page-breaks.docx');
    await writeZip(file, wordParts(pageBreakBody(30_000)));
    const { ms, error } = await timed(
      extractInWorker({ filePath: file, fileType: 'docx', libreOfficeCommand: 'soffice' }),
    );
    assert.ok(error instanceof DocumentLimitError, String(error));
    assert.equal(error.message, 'it has 30,001 pages; the limit is 10,000');
    assert.ok(ms < 5000, `${ms} ms`);
  });

  it('refuses a PDF of 60,000 pages before reading a page', async () => {
    const file = path.join(folder, 'pages.pdf');
    await writeFile(file, manyPagePdf(60_000));
    const { ms, error } = await timed(
      extractInWorker({ filePath: file, fileType: 'pdf', libreOfficeCommand: null }),
    );
    assert.ok(error instanceof DocumentLimitError, String(error));
    assert.equal(
      error.message,
      `it has 60,000 pages; the limit is ${DOCUMENT_READING_LIMITS.maxPages.toLocaleString('en-GB')}`,
    );
    assert.ok(ms < 2000, `${ms} ms`);
  });
});

describe('uploads over the reading limits', () => {
  it('refuses a zip bomb and a 60,000-page PDF at upload, naming the limit, and stores nothing', async () => {
    const server = await createTestServer({ LIBREOFFICE_PATH: 'soffice' });
    try {
      const token = await signIn(server, 'dr.patel');
      const patientId = await patientIdByMrn(server, 'DEMO-1001');
      const filesBefore = await storedFiles(server);
      const bombFile = path.join(folder, 'upload-bomb.docx');
      await writeZip(bombFile, wordParts(bombBody(300)));
      const bomb = await upload(server, token, patientId, {
        filename: 'clinic-letter.docx',
        content: await readFile(bombFile),
      });
      assert.equal(bomb.statusCode, 400, bomb.body);
      assert.equal(
        bomb.json().message,
        'clinic-letter.docx was not accepted: a part of it unpacks to 301 MB; the limit is 256 MB',
      );
      const pdf = await upload(server, token, patientId, {
        filename: 'records.pdf',
        content: manyPagePdf(60_000),
      });
      assert.equal(pdf.statusCode, 400, pdf.body);
      assert.equal(
        pdf.json().message,
        'records.pdf was not accepted: it has 60,000 pages; the limit is 10,000',
      );
      assert.equal(await documentRows(server, patientId), 0);
      assert.deepEqual(await storedFiles(server), filesBefore);
    } finally {
      await server.close();
    }
  });
});

describe('converters that run too long or are cancelled', () => {
  const letter = async (name: string) => {
    const file = path.join(folder, name);
    await writeZip(file, linkingWordParts(base));
    return file;
  };

  it('a conversion stopped at its time limit leaves no process and no folder', async () => {
    const file = await letter('slow.docx');
    const { error } = await timed(convertWithLibreOffice('soffice', file, 'docx', { timeoutMs: 300 }));
    assert.match(String(error), /LibreOffice was stopped: it took longer than/);
    assert.deepEqual(ownConverters(), []);
    assert.deepEqual(await ownFolders(), []);
    assert.equal(spawnSync('pgrep', ['-f', `${SANDBOX_FOLDER_PREFIX}${process.pid}-`]).status, 1);
  });

  it('an aborted conversion stops within 5 seconds and leaves nothing behind', async () => {
    const file = await letter('cancelled.docx');
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled by the test')), 500);
    const { ms, error } = await timed(
      convertWithLibreOffice('soffice', file, 'docx', { signal: controller.signal }),
    );
    assert.equal((error as Error).message, 'cancelled by the test');
    assert.ok(ms < 5000, `${ms} ms`);
    assert.deepEqual(ownConverters(), []);
    assert.deepEqual(await ownFolders(), []);
  });

  it('an aborted OCR command stops within 5 seconds, its whole process group killed', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled by the test')), 200);
    const { ms, error } = await timed(
      runSandboxed('sh', ['-c', 'sleep 60 & sleep 60'], {
        timeoutMs: 60_000,
        memoryMb: 256,
        cpuSeconds: 60,
        maxOutputBytes: 1024,
        signal: controller.signal,
      }),
    );
    assert.equal((error as Error).message, 'cancelled by the test');
    assert.ok(ms < 5000, `${ms} ms`);
    assert.deepEqual(ownConverters(), []);
  });

  it('an aborted extraction worker stops within 5 seconds', async () => {
    const file = path.join(folder, 'long.pdf');
    await writeFile(file, manyPagePdf(9_000));
    const controller = new AbortController();
    const reading = timed(
      extractInWorker(
        { filePath: file, fileType: 'pdf', libreOfficeCommand: null },
        { signal: controller.signal },
      ),
    );
    // Well into the reading: the worker is started and busy with the file.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const abortedAt = Date.now();
    controller.abort(new Error('cancelled by the test'));
    const { error } = await reading;
    assert.equal((error as Error).message, 'cancelled by the test');
    assert.ok(Date.now() - abortedAt < 5000, `${Date.now() - abortedAt} ms`);
  });
});

describe('start-up after a killed server', () => {
  it('kills the converters a killed server left and removes their folders', async () => {
    const entry = new URL('./support/sandboxOrphanEntry.ts', import.meta.url);
    const server = spawn(process.execPath, ['--conditions=@ewrt/source', '--import', 'tsx', entry.pathname], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = (await once(server.stdout!, 'data')) as [Buffer];
    const { pid, folder: orphanFolder } = JSON.parse(line.toString()) as { pid: number; folder: string };
    server.kill('SIGKILL');
    await once(server, 'exit');
    assert.doesNotThrow(() => process.kill(pid, 0), 'the converter outlived its server');
    const leftovers = await cleanUpSandboxLeftovers();
    assert.ok(leftovers.processesKilled >= 1 && leftovers.foldersRemoved >= 1, JSON.stringify(leftovers));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const state = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)])
      .stdout.toString()
      .trim();
    assert.ok(state === '' || state.startsWith('Z'), `the converter is still running (${state})`);
    await assert.rejects(readFile(path.join(orphanFolder, 'marker')));
  });
});
