// The honest check that a file the product writes opens in a word processor: LibreOffice converts it to PDF, and
// poppler's pdftotext reads the text back.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of a PDF, as pdftotext lays it out. */
export async function pdfText(pdfPath: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-layout', pdfPath, '-'], { maxBuffer: 32 * 1024 * 1024 });
  return stdout;
}

/** Converts a Word document with LibreOffice (its own profile, so runs never collide) and answers its text. */
export async function textThroughLibreOffice(documentPath: string): Promise<string> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'e2e-soffice-'));
  await run(
    'soffice',
    [
      `-env:UserInstallation=file://${path.join(work, 'profile')}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      work,
      documentPath,
    ],
    { timeout: 120_000 },
  );
  const pdf = (await readdir(work)).find((name) => name.endsWith('.pdf'));
  if (!pdf) throw new Error(`LibreOffice made no PDF of ${path.basename(documentPath)}`);
  return pdfText(path.join(work, pdf));
}
