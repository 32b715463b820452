// The Debian packages the suite uses, in one list: "product" tools the running server uses (OCR, Word pages,
// speech) and "test" tools only the test command needs (Chromium, PostgreSQL, nginx, recorded speech). `npm start`
// installs the product tools, the test command and CI both kinds, each only when its check finds it missing.
//   node scripts/lib/systemTools.mjs [--for product|test]   prints the missing packages, one line, space separated
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** True when `name` is an executable on the PATH. */
function onPath(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function postgresInstalled() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return false;
  return readdirSync(root).some((version) => existsSync(path.join(root, version, 'bin', 'postgres')));
}

function pythonImports(module) {
  return spawnSync('/usr/bin/python3', ['-c', `import ${module}`], { stdio: 'ignore' }).status === 0;
}

/**
 * @typedef {{ packages: string[], use: 'product' | 'test', why: string, present: () => boolean }} SystemTool
 * @type {SystemTool[]}
 */
export const SYSTEM_TOOLS = [
  {
    packages: ['libreoffice-writer-nogui'],
    use: 'product',
    why: 'Word files get the pages LibreOffice prints; Word exports become PDFs',
    present: () => onPath('soffice'),
  },
  {
    packages: ['poppler-utils'],
    use: 'product',
    why: 'pdftoppm rasterises scanned pages for OCR; pdftotext reads back the PDFs the product makes',
    present: () => onPath('pdftoppm') && onPath('pdftotext'),
  },
  {
    packages: ['tesseract-ocr'],
    use: 'product',
    why: 'OCR of scanned PDF pages',
    present: () => onPath('tesseract'),
  },
  {
    packages: ['tesseract-ocr-eng'],
    use: 'product',
    why: "OCR's English data",
    present: () => existsSync('/usr/share/tesseract-ocr/5/tessdata/eng.traineddata'),
  },
  {
    packages: ['tesseract-ocr-osd'],
    use: 'product',
    why: "OCR's page orientation data",
    present: () => existsSync('/usr/share/tesseract-ocr/5/tessdata/osd.traineddata'),
  },
  {
    packages: ['ffmpeg'],
    use: 'product',
    why: 'decodes uploaded audio for transcription',
    present: () => onPath('ffmpeg'),
  },
  {
    packages: ['pocketsphinx', 'pocketsphinx-en-us'],
    use: 'product',
    why: 'offline speech recognition and its English model',
    present: () => existsSync('/usr/share/pocketsphinx/model/en-us'),
  },
  {
    packages: ['python3-pocketsphinx'],
    use: 'product',
    why: 'the speech recogniser runs through Debian’s python3',
    present: () => pythonImports('pocketsphinx'),
  },
  {
    packages: ['espeak-ng'],
    use: 'product',
    why: 'pronounces the words users add to the speech vocabulary ("my words")',
    present: () => onPath('espeak-ng'),
  },
  {
    packages: ['chromium'],
    use: 'test',
    why: 'the end-to-end tests run in Debian’s Chromium',
    present: () => existsSync('/usr/bin/chromium'),
  },
  {
    packages: ['postgresql'],
    use: 'test',
    why: 'the scale-out test runs on a real PostgreSQL',
    present: postgresInstalled,
  },
  {
    packages: ['nginx-light'],
    use: 'test',
    why: 'the scale-out test balances API instances with nginx',
    present: () => existsSync('/usr/sbin/nginx'),
  },
  {
    packages: ['pocketsphinx-testdata'],
    use: 'test',
    why: 'recorded speech the dictation tests play',
    present: () => existsSync('/usr/share/pocketsphinx/test/data/goforward.raw'),
  },
];

/** The tools needed for `purpose`: the product's own for "product", every one for "test". */
export function toolsFor(purpose, tools = SYSTEM_TOOLS) {
  return tools.filter((tool) => purpose === 'test' || tool.use === 'product');
}

/** The Debian packages of the tools `purpose` needs that are not installed. */
export function missingPackages(purpose, tools = SYSTEM_TOOLS) {
  return toolsFor(purpose, tools)
    .filter((tool) => !tool.present())
    .flatMap((tool) => tool.packages);
}

/** The apt-get command line that installs `packages`. */
export function aptInstallCommand(packages, { sudo = true } = {}) {
  return `${sudo ? 'sudo ' : ''}apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const forIndex = process.argv.indexOf('--for');
  const purpose = forIndex > 0 ? process.argv[forIndex + 1] : 'product';
  if (purpose !== 'product' && purpose !== 'test') {
    console.error('Usage: node scripts/lib/systemTools.mjs [--for product|test]');
    process.exit(2);
  }
  console.info(missingPackages(purpose).join(' '));
}
