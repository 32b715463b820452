#!/usr/bin/env node
// Dependency-free static server for a production `dist/` of the host or a remote.
//
//   node scripts/serve-static.mjs --dir host/dist --port 3000 --spa [--host 127.0.0.1] [--config FILE]
//
// It is what `pnpm start`, the end-to-end harness and the benchmark serve the builds with, so it behaves like a
// sensible production static host: CORS for remotes (the host fetches `mf-manifest.json` cross-origin), no-cache for
// the files that name other files (index.html, config.json, mf-manifest.json, remoteEntry), a year of cache for
// content-hashed files, gzip when the client accepts it, history fallback for the host, no path traversal, and a
// strict Content-Security-Policy for its pages, derived from the runtime configuration it serves.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';

const gzipAsync = promisify(gzip);

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
  '.pdf': 'application/pdf',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
};

// Already-compressed formats gain nothing from gzip; tiny files lose more to headers than they save.
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|wasm)|image\/svg\+xml)/;
const MIN_GZIP_BYTES = 1024;

// Files whose content changes under the same name: the browser must revalidate them on every load.
const ALWAYS_REVALIDATE =
  /(^|\/)(index\.html|config\.json|mf-manifest\.json|mf-stats\.json|remoteEntry[^/]*\.js)$/;
// webpack `[contenthash]` (hex, 8+ chars) as a name segment: `main.3f9a1c2b.js`, `123.3f9a1c2b4d5e6f70.js`.
const CONTENT_HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

const LONG_CACHE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

// Paths carry patient ids (/patients/42/dashboard): no other site needs to learn where a user came from.
const REFERRER_POLICY = 'no-referrer';

/** `http(s)://host:port` of each URL; relative, malformed and non-web URLs name no other origin. */
function webOrigins(urls) {
  const origins = [];
  for (const url of urls) {
    if (typeof url !== 'string') continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') origins.push(parsed.origin);
    } catch {
      // Not an absolute URL: the page's own origin, which 'self' covers.
    }
  }
  return origins;
}

/**
 * The Content-Security-Policy of a page of the suite running with `config` (its runtime configuration; null when it
 * has none). Scripts come only from the page's origin and the remotes' origins (no inline script, no eval: the
 * production bundles and the federation runtime need neither); connections go to the page's origin, the API, the
 * socket server (over HTTP and WebSocket) and the remotes (manifests). Styles allow 'unsafe-inline' because antd's
 * CSS-in-JS writes <style> elements at run time. Images allow data: URLs: the two-factor QR code is a PNG data URL
 * drawn in the browser; the API's images are pages of records drawn for the page view (through signed links).
 * Nothing may frame the suite, change its base URL or embed plugins.
 */
export function contentSecurityPolicyFor(config) {
  const remotes = webOrigins(
    (Array.isArray(config?.remotes) ? config.remotes : []).map((r) => r?.manifestUrl),
  );
  const api = webOrigins([config?.apiBaseUrl]);
  const sockets = webOrigins([config?.socketUrl]).flatMap((origin) => [
    origin,
    origin.replace(/^http/, 'ws'),
  ]);
  const directives = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...remotes],
    ['style-src', "'self'", "'unsafe-inline'", ...remotes],
    ['img-src', "'self'", 'data:', ...api, ...remotes],
    ['font-src', "'self'", ...remotes],
    ['connect-src', "'self'", ...api, ...sockets, ...remotes],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, ...sources]) => [name, ...new Set(sources)].join(' ')).join('; ');
}

export function contentTypeOf(filePath) {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export function cacheControlOf(relativePath) {
  const normalised = relativePath.split(path.sep).join('/');
  if (ALWAYS_REVALIDATE.test(normalised)) return NO_CACHE;
  if (CONTENT_HASHED.test(normalised)) return LONG_CACHE;
  return NO_CACHE;
}

/**
 * Builds the request handler.
 * @param {object} options
 * @param {string} options.dir folder to serve
 * @param {boolean} [options.spa] serve index.html for unknown paths that look like routes (no file extension)
 * @param {string} [options.configFile] file served at /config.json instead of the one in `dir`
 * @param {object} [options.config] object served at /config.json (wins over configFile)
 * @param {boolean} [options.gzip] compress when the client accepts it (default true)
 * @param {(line: string) => void} [options.log] access log, one line per request
 */
export async function createStaticHandler(options) {
  if (!options?.dir) throw new Error('serve-static: a directory to serve is required (--dir)');
  const root = await realpath(path.resolve(options.dir)).catch(() => {
    throw new Error(`serve-static: directory not found: ${path.resolve(options.dir)}`);
  });
  const rootStat = await stat(root);
  if (!rootStat.isDirectory()) throw new Error(`serve-static: not a directory: ${root}`);
  const useGzip = options.gzip !== false;
  const gzipCache = new Map(); // absolute path -> { key, body }
  const builtInConfigFile = path.join(root, 'config.json');

  /** The configuration the pages run with, read afresh like /config.json itself; null when there is none. */
  async function pageConfig() {
    if (options.config) return options.config;
    const file = options.configFile ?? builtInConfigFile;
    let text;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return null;
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      console.warn(
        `serve-static: ${file} is not JSON (${error.message}); pages may load from this origin only`,
      );
      return null;
    }
  }

  async function resolveFile(urlPath) {
    let decoded;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return { status: 400 };
    }
    if (decoded.includes('\0') || decoded.includes('\\')) return { status: 400 };
    const candidate = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
    if (candidate !== root && !candidate.startsWith(root + path.sep)) return { status: 403 };
    try {
      let filePath = candidate;
      let info = await stat(filePath);
      if (info.isDirectory()) {
        filePath = path.join(filePath, 'index.html');
        info = await stat(filePath);
      }
      // A symlink inside dist must not lead outside it either.
      const real = await realpath(filePath);
      if (real !== root && !real.startsWith(root + path.sep)) return { status: 403 };
      if (!info.isFile()) return { status: 404 };
      return { status: 200, filePath: real, info };
    } catch {
      return { status: 404 };
    }
  }

  async function gzipped(filePath, info) {
    const key = `${info.size}:${info.mtimeMs}`;
    const cached = gzipCache.get(filePath);
    if (cached && cached.key === key) return cached.body;
    const body = await gzipAsync(await readFile(filePath), { level: 6 });
    gzipCache.set(filePath, { key, body });
    return body;
  }

  function sendBuffer(req, res, status, headers, body) {
    res.writeHead(status, { ...headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function sendConfig(req, res, acceptsGzip) {
    let body;
    if (options.config) {
      body = Buffer.from(JSON.stringify(options.config, null, 2));
    } else {
      // Read on every request so a deployment (or a test) can swap a remote's URL without a restart.
      body = await readFile(options.configFile);
    }
    const headers = {
      'Content-Type': CONTENT_TYPES['.json'],
      'Cache-Control': NO_CACHE,
      Vary: 'Accept-Encoding',
    };
    if (acceptsGzip && body.length >= MIN_GZIP_BYTES) {
      sendBuffer(req, res, 200, { ...headers, 'Content-Encoding': 'gzip' }, await gzipAsync(body));
    } else {
      sendBuffer(req, res, 200, headers, body);
    }
  }

  async function sendFile(req, res, filePath, info, acceptsGzip, status = 200) {
    const relative = path.relative(root, filePath);
    const type = contentTypeOf(filePath);
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const headers = {
      'Content-Type': type,
      'Cache-Control': cacheControlOf(relative),
      'Last-Modified': info.mtime.toUTCString(),
      ETag: etag,
      Vary: 'Accept-Encoding',
    };
    if (type.startsWith('text/html')) {
      headers['Content-Security-Policy'] = contentSecurityPolicyFor(await pageConfig());
      // For browsers that predate frame-ancestors.
      headers['X-Frame-Options'] = 'DENY';
    }
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (acceptsGzip && COMPRESSIBLE.test(type) && info.size >= MIN_GZIP_BYTES) {
      const body = await gzipped(filePath, info);
      sendBuffer(req, res, status, { ...headers, 'Content-Encoding': 'gzip' }, body);
      return;
    }
    res.writeHead(status, { ...headers, 'Content-Length': info.size });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(filePath)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  function sendText(req, res, status, text) {
    sendBuffer(
      req,
      res,
      status,
      { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_CACHE },
      Buffer.from(text),
    );
  }

  return async function handle(req, res) {
    const started = Date.now();
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', REFERRER_POLICY);
    res.on('finish', () =>
      options.log?.(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`),
    );
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
          'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
          'Access-Control-Max-Age': '600',
        });
        res.end();
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('Allow', 'GET, HEAD, OPTIONS');
        sendText(req, res, 405, 'Method Not Allowed');
        return;
      }
      const urlPath = (req.url ?? '/').split('?')[0].split('#')[0] || '/';
      const acceptsGzip = useGzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

      if (urlPath === '/config.json' && (options.config || options.configFile)) {
        await sendConfig(req, res, acceptsGzip);
        return;
      }

      const found = await resolveFile(urlPath);
      if (found.status === 200) {
        await sendFile(req, res, found.filePath, found.info, acceptsGzip);
        return;
      }
      if (found.status === 400 || found.status === 403) {
        sendText(req, res, found.status, found.status === 400 ? 'Bad Request' : 'Forbidden');
        return;
      }
      // History fallback only for paths that look like routes: a missing `.js` must stay a 404, otherwise the
      // browser would try to run an HTML page as a script.
      const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
      if (options.spa && !path.extname(lastSegment)) {
        const index = await resolveFile('/index.html');
        if (index.status === 200) {
          await sendFile(req, res, index.filePath, index.info, acceptsGzip);
          return;
        }
      }
      sendText(req, res, 404, 'Not Found');
    } catch (error) {
      if (!res.headersSent) sendText(req, res, 500, 'Internal Server Error');
      else res.destroy();
      console.error(`serve-static: ${req.method} ${req.url} failed:`, error);
    }
  };
}

/**
 * Starts a static server and resolves once it listens.
 * @returns {Promise<{ server: import('node:http').Server, port: number, host: string, url: string, close: () => Promise<void> }>}
 */
export async function startStaticServer(options) {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  const handler = await createStaticHandler(options);
  const server = createServer((req, res) => void handler(req, res));
  server.keepAliveTimeout = 5000;
  await new Promise((resolve, reject) => {
    const onError = (error) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(
          new Error(
            `Port ${port} on ${host} is already in use, so ${options.dir} cannot be served there. ` +
              `Stop the program using it (for example: lsof -i :${port}) or choose another port.`,
          ),
        );
      } else {
        reject(error);
      }
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const urlHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return {
    server,
    port: actualPort,
    host,
    url: `http://${urlHost}:${actualPort}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function parseArgs(argv) {
  const args = { spa: false, gzip: true, quiet: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value`);
      i += 1;
      return next;
    };
    switch (arg) {
      case '--dir':
        args.dir = value();
        break;
      case '--port':
        args.port = Number(value());
        if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535)
          throw new Error('--port must be 0-65535');
        break;
      case '--host':
        args.host = value();
        break;
      case '--config':
        args.configFile = path.resolve(value());
        break;
      case '--spa':
        args.spa = true;
        break;
      case '--no-gzip':
        args.gzip = false;
        break;
      case '--quiet':
        args.quiet = true;
        break;
      case '--help':
      case '-h':
        args.help = true;
        break;
      default:
        throw new Error(`unknown option ${arg}`);
    }
  }
  return args;
}

const USAGE = `Usage: node scripts/serve-static.mjs --dir DIR [--port 3000] [--host 127.0.0.1] [--spa] [--config FILE] [--no-gzip] [--quiet]
  --dir      folder to serve (a production dist/)
  --port     port to listen on (default 3000; 0 picks a free one)
  --host     interface to bind (default 127.0.0.1)
  --spa      serve index.html for unknown route-like paths (the host)
  --config   serve this file at /config.json (point the same build at other URLs)
  --no-gzip  never compress
  --quiet    no access log`;

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`serve-static: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (args.help || !args.dir) {
    (args.help ? console.info : console.error)(USAGE);
    process.exit(args.help ? 0 : 2);
  }
  try {
    if (args.configFile) await stat(args.configFile);
  } catch {
    console.error(`serve-static: config file not found: ${args.configFile}`);
    process.exit(2);
  }
  try {
    const served = await startStaticServer({
      ...args,
      port: args.port ?? 3000,
      log: args.quiet ? undefined : (line) => console.info(line),
    });
    console.info(
      `Serving ${path.resolve(args.dir)} at ${served.url}${args.spa ? ' (history fallback)' : ''}`,
    );
    const stop = () => {
      void served.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    console.error(`serve-static: ${error.message}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main();
}

export const SERVE_STATIC_PATH = fileURLToPath(import.meta.url);
