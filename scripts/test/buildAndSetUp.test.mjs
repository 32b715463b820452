// How many apps build at once, and which Debian packages the set-up installs for the product and for the tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aptInstallCommand, missingPackages, SYSTEM_TOOLS, toolsFor } from '../lib/systemTools.mjs';
import { buildConcurrency } from '../lib/workspace.mjs';

const GIB = 1024 ** 3;

describe('builds at once', () => {
  it('two on two cores with plenty of memory, fewer when memory is short, and as BUILD_CONCURRENCY says', () => {
    assert.equal(buildConcurrency({}, { cores: 2, freeMemory: 22 * GIB }), 2);
    assert.equal(buildConcurrency({}, { cores: 8, freeMemory: 7 * GIB }), 2);
    assert.equal(buildConcurrency({}, { cores: 2, freeMemory: 2 * GIB }), 1);
    assert.equal(buildConcurrency({ BUILD_CONCURRENCY: '3' }, { cores: 2, freeMemory: 2 * GIB }), 3);
    assert.equal(buildConcurrency({ BUILD_CONCURRENCY: 'lots' }, { cores: 1, freeMemory: 22 * GIB }), 1);
  });
});

describe('the system tools', () => {
  const fake = (packages, use, present) => ({ packages, use, why: 'a reason', present: () => present });
  const tools = [
    fake(['tesseract-ocr'], 'product', false),
    fake(['ffmpeg'], 'product', true),
    fake(['chromium'], 'test', false),
  ];

  it('installs for the product only what the product uses, and for the tests everything missing', () => {
    assert.deepEqual(missingPackages('product', tools), ['tesseract-ocr']);
    assert.deepEqual(missingPackages('test', tools), ['tesseract-ocr', 'chromium']);
  });

  it('lists the product tools the server needs and the test tools CI needs, once each', () => {
    const product = toolsFor('product').flatMap((tool) => tool.packages);
    for (const name of [
      'libreoffice-writer-nogui',
      'poppler-utils',
      'tesseract-ocr-osd',
      'ffmpeg',
      'python3-pocketsphinx',
    ]) {
      assert.ok(product.includes(name), name);
    }
    const testOnly = SYSTEM_TOOLS.filter((tool) => tool.use === 'test').flatMap((tool) => tool.packages);
    assert.deepEqual(testOnly, ['chromium', 'postgresql', 'nginx-light', 'pocketsphinx-testdata']);
    const all = SYSTEM_TOOLS.flatMap((tool) => tool.packages);
    assert.equal(new Set(all).size, all.length);
  });

  it('prints the apt-get line a person can copy', () => {
    assert.equal(
      aptInstallCommand(['tesseract-ocr', 'ffmpeg']),
      'sudo apt-get install -y --no-install-recommends tesseract-ocr ffmpeg',
    );
  });
});
