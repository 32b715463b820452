import assert from 'node:assert/strict';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  SYSTEM_CAPABILITY_IDS,
  type SystemCapabilitiesResponse,
  type SystemCapability,
} from '@ewrt/contract';
import { loadConfig } from '../src/config/loadConfig.js';
import { ONLY_ADMINISTRATORS_SEE_CAPABILITIES } from '../src/features/capabilities/registerCapabilityRoutes.js';
import { systemCapabilitiesOf } from '../src/features/capabilities/systemCapabilitiesOf.js';
import { OCR_INSTALL_COMMAND } from '../src/features/documents/ocr/ocrAvailability.js';
import {
  POCKETSPHINX_NAME,
  SPEECH_INSTALL_COMMAND,
  SPEECH_NOT_INSTALLED_MESSAGE,
} from '../src/platform/speech/createSpeechRecognizer.js';
import type { SpeechAvailability } from '../src/platform/speech/SpeechRecognizer.js';
import { asUser, createTestServer, makeTempDir, signIn, type TestServer } from './support/testServer.js';

const SPEECH_MISSING: SpeechAvailability = {
  available: false,
  name: POCKETSPHINX_NAME,
  message: SPEECH_NOT_INSTALLED_MESSAGE,
  installCommand: SPEECH_INSTALL_COMMAND,
  onServer: true,
  readsFiles: false,
};
const SPEECH_READY: SpeechAvailability = {
  available: true,
  name: POCKETSPHINX_NAME,
  message: 'Speech recognition is available',
  installCommand: null,
  onServer: true,
  readsFiles: true,
};

const byId = (capabilities: SystemCapability[]) => new Map(capabilities.map((item) => [item.id, item]));

let toolsDir: string;

before(async () => {
  // Stand-ins for the installed tools: the configuration finds them on the PATH like the real ones.
  toolsDir = await makeTempDir('ewrt-tools-');
  for (const tool of ['tesseract', 'pdftoppm', 'soffice']) {
    const file = path.join(toolsDir, tool);
    await writeFile(file, '#!/bin/sh\nexit 0\n');
    await chmod(file, 0o755);
  }
  await mkdir(path.join(toolsDir, 'empty'));
});
after(() => rm(toolsDir, { recursive: true, force: true }));

describe('capability detection', () => {
  it('with no tools and no settings: each capability off, with the command or setting that turns it on', () => {
    const settings = loadConfig({ PATH: path.join(toolsDir, 'empty'), DATA_DIR: '/srv/ewrt' });
    const capabilities = byId(systemCapabilitiesOf(settings, SPEECH_MISSING));
    assert.deepEqual([...capabilities.keys()], [...SYSTEM_CAPABILITY_IDS]);
    const ocr = capabilities.get('ocr')!;
    assert.equal(ocr.on, false);
    assert.match(ocr.detail, /tesseract and pdftoppm are not installed/);
    assert.equal(ocr.turn_on, OCR_INSTALL_COMMAND);
    const word = capabilities.get('word-pages')!;
    assert.equal(word.on, false);
    assert.equal(word.turn_on, 'sudo apt-get install libreoffice-writer-nogui');
    const speech = capabilities.get('speech')!;
    assert.equal(speech.on, false);
    assert.equal(speech.turn_on, SPEECH_INSTALL_COMMAND);
    assert.equal(capabilities.get('language-model')!.on, false);
    assert.match(capabilities.get('language-model')!.turn_on!, /AI_MODEL=/);
    assert.match(capabilities.get('embeddings')!.turn_on!, /AI_EMBEDDING_MODEL=/);
    assert.equal(capabilities.get('web-search')!.on, false);
    assert.match(capabilities.get('web-search')!.turn_on!, /^WEB_SEARCH_URL=/);
    const database = capabilities.get('database')!;
    assert.match(database.detail, /^Embedded PostgreSQL \(PGlite\) in \/srv\/ewrt/);
    assert.match(database.turn_on!, /^DATABASE_URL=/);
  });

  it('with the tools installed and every service configured: each capability on, naming no secret', () => {
    const settings = loadConfig({
      PATH: toolsDir,
      OCR_CONCURRENCY: '3',
      AI_BASE_URL: 'http://models.internal:11434/v1',
      AI_API_KEY: 'sk-secret-key',
      AI_MODEL: 'llama3.1',
      AI_EMBEDDING_MODEL: 'nomic-embed-text',
      WEB_SEARCH_URL: 'http://search.internal:8888',
      DATABASE_URL: 'postgres://ewrt:db-password@db.internal:5432/ewrt',
    });
    const list = systemCapabilitiesOf(settings, SPEECH_READY);
    assert.deepEqual(
      list.filter((item) => !item.on).map((item) => item.id),
      [],
    );
    const capabilities = byId(list);
    assert.match(capabilities.get('ocr')!.detail, /3 at a time/);
    assert.equal(capabilities.get('ocr')!.turn_on, null);
    assert.match(capabilities.get('word-pages')!.detail, /soffice/);
    assert.match(capabilities.get('language-model')!.detail, /^llama3\.1 at models\.internal:11434/);
    assert.match(capabilities.get('embeddings')!.detail, /^nomic-embed-text at models\.internal:11434/);
    assert.match(capabilities.get('web-search')!.detail, /search\.internal:8888/);
    assert.match(capabilities.get('database')!.detail, /^PostgreSQL server at db\.internal:5432\/ewrt/);
    const text = JSON.stringify(list);
    assert.ok(!text.includes('db-password') && !text.includes('sk-secret-key'), text);
  });

  it('OCR turned off by its setting says which setting turns it back on', () => {
    const settings = loadConfig({ PATH: toolsDir, OCR: 'off' });
    const ocr = byId(systemCapabilitiesOf(settings, SPEECH_READY)).get('ocr')!;
    assert.equal(ocr.on, false);
    assert.equal(ocr.detail, 'OCR is turned off (OCR=off): scanned pages are not searchable');
    assert.equal(ocr.turn_on, 'OCR=on (or leave OCR unset)');
  });

  it('speech without ffmpeg is on for dictation and names what reads uploaded files', () => {
    const speech = byId(
      systemCapabilitiesOf(loadConfig({ PATH: toolsDir }), {
        ...SPEECH_READY,
        message: 'Live dictation works; uploaded audio files cannot be read until ffmpeg is installed',
        installCommand: SPEECH_INSTALL_COMMAND,
        readsFiles: false,
      }),
    ).get('speech')!;
    assert.equal(speech.on, true);
    assert.match(speech.detail, /until ffmpeg is installed/);
    assert.equal(speech.turn_on, SPEECH_INSTALL_COMMAND);
  });
});

describe('GET /api/admin/capabilities', () => {
  let server: TestServer;
  before(async () => {
    server = await createTestServer();
  });
  after(() => server.close());

  it('answers an administrator with every capability', async () => {
    const admin = asUser(server, await signIn(server, 'admin'));
    const response = await admin.get('/api/admin/capabilities');
    assert.equal(response.statusCode, 200);
    const body = response.json<SystemCapabilitiesResponse>();
    assert.deepEqual(
      body.capabilities.map((item) => item.id),
      [...SYSTEM_CAPABILITY_IDS],
    );
  });

  it('refuses anybody else, group admins included', async () => {
    for (const username of ['groupadmin', 'dr.patel']) {
      const user = asUser(server, await signIn(server, username));
      const response = await user.get('/api/admin/capabilities');
      assert.equal(response.statusCode, 403, username);
      assert.equal(response.json<{ message: string }>().message, ONLY_ADMINISTRATORS_SEE_CAPABILITIES);
    }
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/admin/capabilities' });
    assert.equal(anonymous.statusCode, 401);
  });
});
