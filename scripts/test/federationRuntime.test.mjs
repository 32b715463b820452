// The host lends its federation runtime to the remote containers (tooling/lendFederationRuntime.mjs). A remote
// container reads from it every name its bundler runtime imports from @module-federation/runtime-core; a name
// missing from the lent object would fail every remote at load, after an upgrade of the federation packages.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createRequire } from 'node:module';
import { ROOT } from '../lib/workspace.mjs';

const require = createRequire(import.meta.url);
const { packageRoot } = require('../../tooling/packageVersion.cjs');

/** Names imported from runtime-core by the ES module files of one installed package. */
function namesImportedFromRuntimeCore(packageDir) {
  const names = new Set();
  const dist = path.join(packageDir, 'dist');
  for (const file of readdirSync(dist, { recursive: true })) {
    if (!String(file).endsWith('.js')) continue;
    const source = readFileSync(path.join(dist, String(file)), 'utf8');
    for (const [, list] of source.matchAll(
      /import\s*\{([^}]*)\}\s*from\s*"@module-federation\/runtime-core"/g,
    )) {
      for (const name of list.split(',')) if (name.trim()) names.add(name.trim().split(/\s+as\s+/)[0]);
    }
  }
  return names;
}

function lentNames() {
  const source = readFileSync(path.join(ROOT, 'tooling', 'lendFederationRuntime.mjs'), 'utf8');
  const [, list] = source.match(/const lent = \{([^}]*)\}/);
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

describe('the federation runtime the host lends to remote containers', () => {
  const enhanced = packageRoot('@module-federation/enhanced', [path.join(ROOT, 'host')]);
  const tools = packageRoot('@module-federation/runtime-tools', [enhanced]);
  const runtime = packageRoot('@module-federation/runtime', [tools]);
  const bundlerRuntime = packageRoot('@module-federation/webpack-bundler-runtime', [tools]);

  it('holds every name the bundler runtime of a container imports from runtime-core', () => {
    const needed = new Set([
      ...namesImportedFromRuntimeCore(runtime),
      ...namesImportedFromRuntimeCore(bundlerRuntime),
    ]);
    assert.ok(needed.size > 5, `expected the runtime to import from runtime-core, found ${[...needed]}`);
    const missing = [...needed].filter((name) => !lentNames().has(name));
    assert.deepEqual(missing, []);
  });
});
