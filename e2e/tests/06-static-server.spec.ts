// The static server every build is served with (pnpm start, these tests, the benchmark): what a browser and a
// deployment rely on. No browser needed; raw HTTP so that paths reach the server exactly as written.
import { expect, test } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startStaticServer, type StaticServer } from '../../scripts/serve-static.mjs';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(server: StaticServer, rawPath: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const HASHED_SCRIPT = 'main.0123abcd45.js';
const SCRIPT_TEXT = `console.info(${JSON.stringify('x'.repeat(4000))});\n`;
const SECRET = 'outside-the-dist-folder';

let workDir: string;
let dist: string;
let spaServer: StaticServer;
let plainServer: StaticServer;

test.beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'ewrt-serve-static-'));
  dist = path.join(workDir, 'dist');
  mkdirSync(path.join(dist, 'nested'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>host</title>');
  writeFileSync(path.join(dist, HASHED_SCRIPT), SCRIPT_TEXT);
  writeFileSync(path.join(dist, 'remoteEntry.js'), SCRIPT_TEXT);
  writeFileSync(path.join(dist, 'mf-manifest.json'), '{"name":"mf_test"}');
  writeFileSync(path.join(dist, 'config.json'), '{"apiBaseUrl":"built-in"}');
  writeFileSync(path.join(workDir, 'secret.txt'), SECRET);
  symlinkSync(path.join(workDir, 'secret.txt'), path.join(dist, 'nested', 'link.txt'));
  spaServer = await startStaticServer({
    dir: dist,
    port: 0,
    spa: true,
    config: { apiBaseUrl: 'overridden' },
  });
  plainServer = await startStaticServer({ dir: dist, port: 0 });
});

test.afterAll(async () => {
  await spaServer?.close();
  await plainServer?.close();
  rmSync(workDir, { recursive: true, force: true });
});

test('serves index.html for / and for route-like paths with --spa, never cached', async () => {
  for (const route of ['/', '/patients/12/dashboard']) {
    const answer = await get(spaServer, route);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body.toString()).toContain('<title>host</title>');
  }
  expect((await get(plainServer, '/patients/12/dashboard')).status).toBe(404);
  // A missing script stays a 404, so a browser never runs an HTML page as JavaScript.
  expect((await get(spaServer, '/missing.0123abcd45.js')).status).toBe(404);
});

test('content-hashed files are cached for a year, manifests and entries are revalidated, all with CORS', async () => {
  const hashed = await get(plainServer, `/${HASHED_SCRIPT}`);
  expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(hashed.headers['content-type']).toBe('text/javascript; charset=utf-8');
  for (const name of ['/remoteEntry.js', '/mf-manifest.json', '/config.json']) {
    expect((await get(plainServer, name)).headers['cache-control']).toBe('no-cache');
  }
  expect(hashed.headers['access-control-allow-origin']).toBe('*');
  const preflight = await get(plainServer, '/mf-manifest.json', { Origin: 'http://elsewhere' }, 'OPTIONS');
  expect(preflight.status).toBe(204);
  expect(preflight.headers['access-control-allow-origin']).toBe('*');
});

test('compresses with gzip only when the client accepts it', async () => {
  const zipped = await get(plainServer, `/${HASHED_SCRIPT}`, { 'Accept-Encoding': 'gzip, deflate, br' });
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(zipped.body.length).toBeLessThan(SCRIPT_TEXT.length / 4);
  expect(gunzipSync(zipped.body).toString()).toBe(SCRIPT_TEXT);
  const plain = await get(plainServer, `/${HASHED_SCRIPT}`);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(SCRIPT_TEXT);
});

test('--config replaces /config.json', async () => {
  expect(JSON.parse((await get(spaServer, '/config.json')).body.toString())).toEqual({
    apiBaseUrl: 'overridden',
  });
  expect(JSON.parse((await get(plainServer, '/config.json')).body.toString())).toEqual({
    apiBaseUrl: 'built-in',
  });
});

test('nothing outside the folder can be read', async () => {
  for (const attempt of [
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/nested/link.txt',
    '/%00',
  ]) {
    const answer = await get(spaServer, attempt);
    expect(answer.status, attempt).toBeGreaterThanOrEqual(400);
    expect(answer.body.toString(), attempt).not.toContain(SECRET);
  }
  expect((await get(spaServer, '/', {}, 'POST')).status).toBe(405);
});

/** The directives of a Content-Security-Policy header, each with its list of sources. */
function directivesOf(policy: string | string[] | undefined): Record<string, string[]> {
  expect(typeof policy, 'a Content-Security-Policy header').toBe('string');
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

const REMOTE_ORIGIN = 'http://127.0.0.1:3999';
const API_ORIGIN = 'http://127.0.0.1:4999';
const SOCKET_ORIGIN = 'https://socket.example:4443';
const suiteConfig = (remoteOrigin = REMOTE_ORIGIN) => ({
  apiBaseUrl: API_ORIGIN,
  socketUrl: `${SOCKET_ORIGIN}/socket.io`,
  remotes: [{ name: 'mf_test', manifestUrl: `${remoteOrigin}/mf-manifest.json`, routes: [] }],
});

test('pages carry a strict Content-Security-Policy built from the runtime configuration they are served with', async () => {
  const server = await startStaticServer({ dir: dist, port: 0, spa: true, config: suiteConfig() });
  try {
    for (const route of ['/', '/index.html', '/patients/12/dashboard']) {
      const answer = await get(server, route);
      const csp = directivesOf(answer.headers['content-security-policy']);
      expect(csp['script-src'], route).toEqual(["'self'", REMOTE_ORIGIN]);
      expect(csp['connect-src'], route).toEqual([
        "'self'",
        API_ORIGIN,
        SOCKET_ORIGIN,
        'wss://socket.example:4443',
        REMOTE_ORIGIN,
      ]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", REMOTE_ORIGIN]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', API_ORIGIN, REMOTE_ORIGIN]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
  } finally {
    await server.close();
  }
});

test('the policy follows a configuration file changed while serving', async () => {
  const configFile = path.join(workDir, 'deployed-config.json');
  writeFileSync(configFile, JSON.stringify(suiteConfig()));
  const server = await startStaticServer({ dir: dist, port: 0, spa: true, configFile });
  try {
    expect(directivesOf((await get(server, '/')).headers['content-security-policy'])['script-src']).toEqual([
      "'self'",
      REMOTE_ORIGIN,
    ]);
    writeFileSync(configFile, JSON.stringify(suiteConfig('https://patients.example')));
    expect(directivesOf((await get(server, '/')).headers['content-security-policy'])['script-src']).toEqual([
      "'self'",
      'https://patients.example',
    ]);
  } finally {
    await server.close();
  }
});

test('a page whose configuration names no other origin may load from its own origin only', async () => {
  // plainServer serves the dist's own config.json, whose apiBaseUrl is no URL.
  const csp = directivesOf((await get(plainServer, '/index.html')).headers['content-security-policy']);
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['connect-src']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
});

test('every answer forbids MIME sniffing and sends no referrer; only pages carry the page policy', async () => {
  const answers = {
    page: await get(spaServer, '/'),
    script: await get(spaServer, `/${HASHED_SCRIPT}`),
    manifest: await get(spaServer, '/mf-manifest.json'),
    config: await get(spaServer, '/config.json'),
    missing: await get(spaServer, '/missing.0123abcd45.js'),
    refused: await get(spaServer, '/', {}, 'POST'),
    preflight: await get(spaServer, '/mf-manifest.json', { Origin: 'http://elsewhere' }, 'OPTIONS'),
  };
  for (const [what, answer] of Object.entries(answers)) {
    expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
    expect(answer.headers['referrer-policy'], what).toBe('no-referrer');
    if (what !== 'page') expect(answer.headers['content-security-policy'], what).toBeUndefined();
  }
});
