// What a word processor prints for a .docx the server wrote: LibreOffice converts it to PDF and pdftotext reads it
// back, the honest check that the file opens (ARCH-09), rather than trusting a zip with word/document.xml.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether a command is on the PATH. */
export async function hasCommand(command: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}

/** Whether both LibreOffice and pdftotext are installed, so printedDocxText can run. */
export async function canPrintDocx(): Promise<boolean> {
  return (await hasCommand('soffice')) && (await hasCommand('pdftotext'));
}

/** The printed text of a .docx, its whitespace collapsed to single spaces (pdftotext -layout keeps table rows). */
export async function printedDocxText(docx: Buffer, options: { layout?: boolean } = {}): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ewrt-docx-print-'));
  try {
    const file = path.join(folder, 'export.docx');
    await writeFile(file, docx);
    await run(
      'soffice',
      [
        `-env:UserInstallation=file://${path.join(folder, 'profile')}`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        folder,
        file,
      ],
      { timeout: 120_000 },
    );
    const { stdout } = await run('pdftotext', [
      ...(options.layout === false ? [] : ['-layout']),
      path.join(folder, 'export.pdf'),
      '-',
    ]);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
