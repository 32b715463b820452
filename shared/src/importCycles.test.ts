// ARCH-01: inside shared, modules form no circle. Reads the relative imports of every source file
// (type-only ones too: a circle of types is one refactoring away from a circle at run time).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const RESOLVABLE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '/index.ts', '/index.tsx'];
// `import … from './x'`, `export … from './x'`, `import './x'`, `import('./x')`, `require('./x')`.
const RELATIVE_IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\1/g;

function sourceFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFilesUnder(full);
    return SOURCE_FILE.test(entry.name) ? [full] : [];
  });
}

function resolveRelative(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const suffix of RESOLVABLE_SUFFIXES) {
    const candidate = base + suffix;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function importGraph(rootDir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFilesUnder(rootDir)) {
    const targets = new Set<string>();
    for (const match of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = resolveRelative(file, match[2] ?? '');
      if (target && target.startsWith(rootDir + path.sep)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The first import circle found under `rootDir`, as paths relative to it ending where it began; null if none. */
function findImportCycle(rootDir: string): string[] | null {
  const graph = importGraph(rootDir);
  const finished = new Set<string>();
  const onPath: string[] = [];

  function visit(file: string): string[] | null {
    const start = onPath.indexOf(file);
    if (start !== -1) return [...onPath.slice(start), file];
    if (finished.has(file)) return null;
    onPath.push(file);
    for (const target of graph.get(file) ?? []) {
      const cycle = visit(target);
      if (cycle) return cycle;
    }
    onPath.pop();
    finished.add(file);
    return null;
  }

  for (const file of [...graph.keys()].sort()) {
    const cycle = visit(file);
    if (cycle) return cycle.map((member) => path.relative(rootDir, member).split(path.sep).join('/'));
  }
  return null;
}

test('the modules of shared form no import circle', () => {
  const cycle = findImportCycle(__dirname);
  expect(cycle && `Import circle: ${cycle.join(' -> ')}`).toBeNull();
});

describe('findImportCycle', () => {
  let dir: string;

  function write(relativePath: string, text: string): void {
    const file = path.join(dir, relativePath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }

  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-')));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names every module of a circle through folders, index files and type-only imports', () => {
    write('api/client.ts', "import { store } from '../session';\nexport const client = store;\n");
    write('session/index.ts', "export { store } from './store';\n");
    write('session/store.ts', "import type { Api } from '../api/auth';\nexport const store = 1;\n");
    write('api/auth.ts', "import { client } from './client';\nexport type Api = typeof client;\n");

    expect(findImportCycle(dir)).toEqual([
      'api/auth.ts',
      'api/client.ts',
      'session/index.ts',
      'session/store.ts',
      'api/auth.ts',
    ]);
  });

  it('finds a circle closed by a dynamic import', () => {
    write('a.ts', "export const load = () => import('./b');\n");
    write('b.tsx', "import { load } from './a';\nexport default load;\n");

    expect(findImportCycle(dir)).toEqual(['a.ts', 'b.tsx', 'a.ts']);
  });

  it('accepts imports that only go one way, and ignores packages', () => {
    write('a.ts', "import axios from 'axios';\nimport { b } from './b';\nexport const a = [axios, b];\n");
    write('b.ts', "import { c } from './c';\nexport const b = c;\n");
    write('c.ts', 'export const c = 1;\n');

    expect(findImportCycle(dir)).toBeNull();
  });
});
