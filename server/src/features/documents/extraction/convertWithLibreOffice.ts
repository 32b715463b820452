import { mkdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runSandboxed, SandboxTimeoutError } from '../../../platform/sandbox/runSandboxed.js';
import { makeSandboxFolder } from '../../../platform/sandbox/spawnSandboxed.js';
import { checkWordPackage } from './checkWordPackage.js';
import { neutraliseWordLinks } from './neutraliseWordLinks.js';

/** A conversion's time: a normal one takes one to two seconds, a long document a few more per megabyte. */
const BASE_TIME_MS = 30_000;
const TIME_PER_MEGABYTE_MS = 10_000;
const MAX_TIME_MS = 10 * 60_000;
/** LibreOffice maps far more address space than it uses: its limit is generous, still far below the machine's. */
const MEMORY_MB = 4096;
const MAX_PDF_BYTES = 1024 * 1024 * 1024;

/** The time a conversion of a file this large may take before it is stopped. */
export function conversionTimeLimitMs(fileBytes: number): number {
  return Math.min(MAX_TIME_MS, BASE_TIME_MS + Math.ceil(fileBytes / (1024 * 1024)) * TIME_PER_MEGABYTE_MS);
}

/**
 * LibreOffice's settings for documents from strangers: linked images and other external content are never loaded
 * (no trusted locations), links and fields are never updated, macros never run.
 */
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableActiveContent" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>2</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Field" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>2</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetProxyType" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPProxyPort" oor:op="fuse"><value>9</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPSProxyName" oor:op="fuse"><value>127.0.0.1</value></prop></item>
<item oor:path="/org.openoffice.Inet/Settings"><prop oor:name="ooInetHTTPSProxyPort" oor:op="fuse"><value>9</value></prop></item>
</oor:items>
`;

export interface ConversionOptions {
  /** Kills LibreOffice (a cancelled job); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The time limit; by default proportional to the file's size (conversionTimeLimitMs). */
  timeoutMs?: number;
  /** The .docx has already passed checkWordPackage with `unpack` (it is not unpacked twice). */
  packageChecked?: boolean;
}

/** LibreOffice stopped at its time limit; the message is fit to show. */
export class ConversionTimeoutError extends Error {
  override name = 'ConversionTimeoutError';
}

/**
 * Converts a Word file to PDF with LibreOffice and answers the PDF's bytes: its pages are the ones a printed bundle
 * shows. A .docx is first held to the reading limits and copied without its external links and loading fields;
 * LibreOffice then runs confined (no network, memory and CPU limits, killed with everything it started on time-out
 * or abort) with a profile of its own that never follows links, in a folder of its own removed afterwards.
 */
export async function convertWithLibreOffice(
  command: string,
  filePath: string,
  extension: 'docx' | 'doc',
  options: ConversionOptions = {},
): Promise<Uint8Array> {
  options.signal?.throwIfAborted();
  const folder = makeSandboxFolder();
  try {
    // LibreOffice picks its import filter from the name; stored files have none, so give it one.
    const input = path.join(folder, `document.${extension}`);
    if (extension === 'docx') {
      if (!options.packageChecked) await checkWordPackage(filePath, { unpack: true });
      await neutraliseWordLinks(filePath, input);
    } else await symlink(filePath, input);
    const profile = path.join(folder, 'profile');
    await mkdir(path.join(profile, 'user'), { recursive: true });
    await writeFile(path.join(profile, 'user', 'registrymodifications.xcu'), PROFILE_SETTINGS);
    const outDir = path.join(folder, 'out');
    const timeoutMs = options.timeoutMs ?? conversionTimeLimitMs((await stat(filePath)).size);
    try {
      await runSandboxed(
        command,
        [
          '--headless',
          '--norestore',
          `-env:UserInstallation=${pathToFileURL(profile).href}`,
          '--convert-to',
          'pdf',
          '--outdir',
          outDir,
          input,
        ],
        {
          folder,
          timeoutMs,
          memoryMb: MEMORY_MB,
          cpuSeconds: timeoutMs / 1000,
          signal: options.signal,
          background: true,
          maxOutputBytes: 1024 * 1024,
        },
      );
    } catch (error) {
      if (error instanceof SandboxTimeoutError) {
        throw new ConversionTimeoutError(`LibreOffice was stopped: ${error.message}`, { cause: error });
      }
      throw error;
    }
    const output = path.join(outDir, 'document.pdf');
    const size = await stat(output).then(
      (stats) => stats.size,
      () => null,
    );
    if (size === null) throw new Error('LibreOffice could not convert the file to PDF');
    if (size > MAX_PDF_BYTES) throw new Error('LibreOffice made a PDF larger than the server reads');
    return new Uint8Array(await readFile(output));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
