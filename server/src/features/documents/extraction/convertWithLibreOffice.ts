import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** A conversion that takes longer than this is stuck (a normal one takes one to two seconds). */
const CONVERSION_TIMEOUT_MS = 120_000;

/**
 * Converts a Word file to PDF with LibreOffice and answers the PDF's bytes: its pages are the ones a printed bundle
 * shows. Each conversion runs in its own temporary directory with its own LibreOffice profile, so conversions can
 * run side by side; the directory is removed afterwards whatever happens.
 */
export async function convertWithLibreOffice(
  command: string,
  filePath: string,
  extension: 'docx' | 'doc',
): Promise<Uint8Array> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'ewrt-libreoffice-'));
  try {
    // LibreOffice picks its import filter from the name; stored files have none, so give it one.
    const input = path.join(workDir, `document.${extension}`);
    await symlink(filePath, input);
    const outDir = path.join(workDir, 'out');
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        command,
        [
          '--headless',
          '--norestore',
          `-env:UserInstallation=${pathToFileURL(path.join(workDir, 'profile')).href}`,
          '--convert-to',
          'pdf',
          '--outdir',
          outDir,
          input,
        ],
        { stdio: ['ignore', 'ignore', 'pipe'], timeout: CONVERSION_TIMEOUT_MS, killSignal: 'SIGKILL' },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-2000);
      });
      child.once('error', reject);
      child.once('close', (code, signal) => {
        if (code === 0) resolve();
        else reject(new Error(`LibreOffice stopped (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
      });
    });
    try {
      return new Uint8Array(await readFile(path.join(outDir, 'document.pdf')));
    } catch {
      throw new Error('LibreOffice could not convert the file to PDF');
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
