import { accessSync, constants as fsConstants } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_MAX_BYTES } from '@ewrt/contract';

/** What one process of the build does: serve the API, run background jobs, or both. */
export type ServerRole = 'api' | 'worker' | 'all';

export interface ServerConfig {
  /**
   * `api`: HTTP and socket.io, never claims a job; `worker`: claims jobs and serves only the health calls; `all`:
   * both (one machine).
   */
  role: ServerRole;
  port: number;
  host: string;
  /** Holds the embedded database, stored files and the lock file. */
  dataDir: string;
  corsOrigins: string[];
  /** A real PostgreSQL instead of the embedded one when set. */
  databaseUrl: string | null;
  /** HS256 secret for access tokens; generated once and kept in the database when absent. */
  tokenSecret: string | null;
  tokenTtlSeconds: number;
  /** Lifetime of the setup and temp tokens of the two-factor step. */
  loginChallengeTtlSeconds: number;
  loginRateLimitPerUser: number;
  loginRateLimitPerIp: number;
  loginRateLimitWindowSeconds: number;
  /** Sign-in attempts on one account from one address before each further one waits 1 s, 2 s, 4 s ... */
  loginFreeAttemptsPerAddress: number;
  /** How long an address where an account signed in is exempt from the account and address ceilings. */
  loginKnownAddressDays: number;
  /** Requests per minute per address for the whole API; 0 turns the limit off. */
  apiRateLimitPerMinute: number;
  seedDemo: boolean;
  bodyLimitBytes: number;
  timeouts: HttpTimeouts;
  userCacheTtlSeconds: number;
  trustProxy: boolean;
  logLevel: string;
  /** Background jobs this server runs at once; 0: it runs none (another process of the same build does). */
  jobConcurrency: number;
  /**
   * Jobs of one user running at once across every instance: the others wait while slots stay free for other users.
   * 0: no limit.
   */
  jobUserConcurrency: number;
  /** Jobs of one group running at once across every instance; 0: no limit. */
  jobGroupConcurrency: number;
  /** How long a worker's claim on a job lasts without a heartbeat; a job whose lease ran out is resumed elsewhere. */
  jobLeaseSeconds: number;
  /** How often a worker extends its leases (and looks for work queued or abandoned elsewhere). */
  jobHeartbeatSeconds: number;
  /** The largest document upload accepted (the spec's 250 MB unless set lower). */
  documentMaxUploadBytes: number;
  /** LibreOffice, used for the pages of Word files when installed; null when absent or turned off. */
  libreOfficeCommand: string | null;
  /** OCR of scanned PDF pages (tesseract + pdftoppm). */
  ocr: OcrSettings;
  /** An OpenAI-compatible embedding endpoint (AI_BASE_URL + AI_EMBEDDING_MODEL); null: full-text search alone. */
  embeddings: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null;
  /** An OpenAI-compatible chat endpoint (AI_BASE_URL + AI_MODEL); null: answers from retrieval alone. */
  languageModel: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null;
  /** A SearXNG instance for the research assistant (WEB_SEARCH_URL); null: research says it is not configured. */
  webSearch: WebSearchSettings | null;
  /** Where stored files live: the data directory (default) or an S3-compatible object store. */
  fileStore: FileStoreSettings;
  /** Speech recognition for live dictation and uploaded audio. */
  speech: SpeechSettings;
}

/**
 * `SPEECH_RECOGNIZER` = pocketsphinx | openai | off. pocketsphinx (the default) recognises on this server with
 * Debian's pocketsphinx through python3, so audio never leaves it; openai sends it to the OpenAI-compatible
 * transcription endpoint `SPEECH_BASE_URL` with `SPEECH_MODEL` (and `SPEECH_API_KEY`), the default when both are set.
 * `SPEECH_MAX_STREAMS` live streams at once (about six per two cores). ffmpeg decodes uploaded audio.
 */
export interface SpeechSettings {
  engine: 'pocketsphinx' | 'openai' | 'off';
  /** The commands found on the PATH, or null when missing. */
  python3Command: string | null;
  /**
   * SPEECH_LANGUAGE_MODEL: 'clinical' (the default) mixes the generic en-us model with the clinical one built from
   * server/speech/clinical/corpus.txt; 'generic' decodes with the generic model alone.
   */
  languageModel: 'clinical' | 'generic';
  ffmpegCommand: string | null;
  openAi: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null;
  maxLiveStreams: number;
}

export type FileStoreSettings = { kind: 'local' } | ({ kind: 's3' } & S3StoreSettings);

/** An S3 bucket, on AWS or on an S3-compatible store (MinIO, Ceph, s3rver) given by its endpoint. */
export interface S3StoreSettings {
  /** The store's URL; null: AWS S3 for the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Both keys, or null for the SDK's default chain (environment, shared files, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `http://host/bucket/key` addressing, which MinIO and s3rver need, instead of `http://bucket.host/key`. */
  forcePathStyle: boolean;
}

export interface WebSearchSettings {
  /** The instance's base URL, e.g. https://search.example.org (its `/search?format=json` is called). */
  baseUrl: string;
  timeoutMs: number;
}

/**
 * `OCR` = on | off (on by default; it works only when both commands are found), `OCR_CONCURRENCY` pages read at once
 * (one tesseract process per core by default), `OCR_LOW_CONFIDENCE` the mean word confidence (0–100) below which a
 * page is flagged "check the original".
 */
export interface OcrSettings {
  enabled: boolean;
  /** The commands found on the PATH, or null when missing. */
  tesseractCommand: string | null;
  pdftoppmCommand: string | null;
  /** Reads the words of a page's text layer with their boxes (the page view). */
  pdftotextCommand: string | null;
  concurrency: number;
  lowConfidenceThreshold: number;
}

/** How long the HTTP server waits for a client, in milliseconds, so that a stalled client cannot hold it. */
export interface HttpTimeouts {
  /** The request line and headers must arrive within this. */
  headersMs: number;
  /** The whole request, headers and body, must arrive within this. */
  requestMs: number;
  /** A connection on which nothing moves for this long is closed; 0 never closes one. */
  idleConnectionMs: number;
  /** An idle keep-alive connection stays open this long for the next request. */
  keepAliveMs: number;
  /** On stop, open requests get this long to finish; then the connections left are closed. */
  shutdownMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `<repo>/.data/server`: this file sits at `server/{src,dist}/config/`, three levels below the repository root. */
function defaultDataDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '..', '..', '..', '.data', 'server');
}

function defaultCorsOrigins(): string[] {
  const origins: string[] = [];
  for (const host of ['localhost', '127.0.0.1']) {
    for (let port = 3000; port <= 3005; port += 1) origins.push(`http://${host}:${port}`);
  }
  return origins;
}

function readInteger(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^-?\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number (got "${raw}")`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(`${name} must be between ${min} and ${max} (got ${value})`);
  return value;
}

function readBoolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function readTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const hour = 60 * 60 * 1000;
  const timeouts: HttpTimeouts = {
    headersMs: readInteger(env, 'HEADERS_TIMEOUT_MS', 10_000, 1, hour),
    requestMs: readInteger(env, 'REQUEST_TIMEOUT_MS', 60_000, 1, hour),
    idleConnectionMs: readInteger(env, 'CONNECTION_TIMEOUT_MS', 60_000, 0, hour),
    keepAliveMs: readInteger(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 1, hour),
    shutdownMs: readInteger(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, hour),
  };
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${timeouts.headersMs}) must not exceed REQUEST_TIMEOUT_MS (${timeouts.requestMs})`,
    );
  }
  return timeouts;
}

/** The path of an executable `name` in one of the PATH's directories, or null. */
function findOnPath(env: NodeJS.ProcessEnv, name: string): string | null {
  for (const directory of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(directory, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `LIBREOFFICE_PATH` (a command or path; `off` turns LibreOffice off), else `soffice` when it is on the PATH. */
function readLibreOfficeCommand(env: NodeJS.ProcessEnv): string | null {
  const configured = env.LIBREOFFICE_PATH?.trim();
  if (configured) return configured.toLowerCase() === 'off' ? null : configured;
  return findOnPath(env, 'soffice');
}

function readOcrSettings(env: NodeJS.ProcessEnv): OcrSettings {
  return {
    enabled: readBoolean(env, 'OCR', true),
    tesseractCommand: findOnPath(env, 'tesseract'),
    pdftoppmCommand: findOnPath(env, 'pdftoppm'),
    pdftotextCommand: findOnPath(env, 'pdftotext'),
    concurrency: readInteger(env, 'OCR_CONCURRENCY', availableParallelism(), 1, 64),
    lowConfidenceThreshold: readInteger(env, 'OCR_LOW_CONFIDENCE', 70, 0, 100),
  };
}

const DEBIAN_PYTHON3 = '/usr/bin/python3';

function readSpeechSettings(env: NodeJS.ProcessEnv): SpeechSettings {
  const baseUrl = env.SPEECH_BASE_URL?.trim();
  const model = env.SPEECH_MODEL?.trim();
  if (baseUrl) {
    try {
      new URL(baseUrl);
    } catch {
      throw new ConfigError(
        `SPEECH_BASE_URL must be a URL such as http://localhost:8000/v1, not "${baseUrl}"`,
      );
    }
  }
  const openAi =
    baseUrl && model
      ? {
          baseUrl,
          apiKey: env.SPEECH_API_KEY?.trim() || null,
          model,
          timeoutMs: readInteger(env, 'SPEECH_TIMEOUT_MS', 120_000, 1000, 600_000),
        }
      : null;
  const engine = (env.SPEECH_RECOGNIZER?.trim().toLowerCase() ||
    (openAi ? 'openai' : 'pocketsphinx')) as string;
  if (engine !== 'pocketsphinx' && engine !== 'openai' && engine !== 'off') {
    throw new ConfigError(`SPEECH_RECOGNIZER must be pocketsphinx, openai or off, not "${engine}"`);
  }
  if (engine === 'openai' && !openAi) {
    throw new ConfigError('SPEECH_RECOGNIZER openai needs SPEECH_BASE_URL and SPEECH_MODEL');
  }
  return {
    engine,
    // Debian's python3 first: apt's python3-pocketsphinx is installed for it, not for a python3 of pyenv or conda.
    python3Command:
      env.SPEECH_PYTHON?.trim() ||
      (isExecutable(DEBIAN_PYTHON3) ? DEBIAN_PYTHON3 : findOnPath(env, 'python3')),
    ffmpegCommand: findOnPath(env, 'ffmpeg'),
    openAi,
    maxLiveStreams: readInteger(env, 'SPEECH_MAX_STREAMS', 6, 1, 256),
    languageModel: readLanguageModel(env),
  };
}

function readLanguageModel(env: NodeJS.ProcessEnv): SpeechSettings['languageModel'] {
  const value = env.SPEECH_LANGUAGE_MODEL?.trim().toLowerCase() || 'clinical';
  if (value !== 'clinical' && value !== 'generic') {
    throw new ConfigError(`SPEECH_LANGUAGE_MODEL must be clinical or generic, not "${value}"`);
  }
  return value;
}

function readJobSettings(
  env: NodeJS.ProcessEnv,
): Pick<
  ServerConfig,
  'jobConcurrency' | 'jobUserConcurrency' | 'jobGroupConcurrency' | 'jobLeaseSeconds' | 'jobHeartbeatSeconds'
> {
  const settings = {
    jobConcurrency: readInteger(env, 'JOB_CONCURRENCY', 2, 0, 64),
    jobUserConcurrency: readInteger(env, 'JOB_USER_CONCURRENCY', 1, 0, 1024),
    jobGroupConcurrency: readInteger(env, 'JOB_GROUP_CONCURRENCY', 0, 0, 1024),
    jobLeaseSeconds: readInteger(env, 'JOB_LEASE_SECONDS', 30, 2, 3600),
    jobHeartbeatSeconds: readInteger(env, 'JOB_HEARTBEAT_SECONDS', 10, 1, 3600),
  };
  if (settings.jobHeartbeatSeconds >= settings.jobLeaseSeconds) {
    throw new ConfigError(
      `JOB_HEARTBEAT_SECONDS (${settings.jobHeartbeatSeconds}) must be less than JOB_LEASE_SECONDS (${settings.jobLeaseSeconds})`,
    );
  }
  return settings;
}

/** The endpoint settings shared by the embedding and chat models, for the model named in `modelVariable`. */
function readAiEndpointSettings(
  env: NodeJS.ProcessEnv,
  modelVariable: 'AI_EMBEDDING_MODEL' | 'AI_MODEL',
): { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null {
  const baseUrl = env.AI_BASE_URL?.trim();
  const model = env[modelVariable]?.trim();
  if (!baseUrl || !model) return null;
  try {
    new URL(baseUrl);
  } catch {
    throw new ConfigError(`AI_BASE_URL must be a URL such as http://localhost:11434/v1, not "${baseUrl}"`);
  }
  return {
    baseUrl,
    apiKey: env.AI_API_KEY?.trim() || null,
    model,
    timeoutMs: readInteger(env, 'AI_TIMEOUT_MS', 120_000, 1000, 600_000),
  };
}

/** `WEB_SEARCH_URL` (a SearXNG instance with its JSON format enabled) and `WEB_SEARCH_TIMEOUT_MS`; null when unset. */
function readWebSearchSettings(env: NodeJS.ProcessEnv): WebSearchSettings | null {
  const baseUrl = env.WEB_SEARCH_URL?.trim();
  if (!baseUrl) return null;
  let url: URL | null = null;
  try {
    url = new URL(baseUrl);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(
      `WEB_SEARCH_URL must be the URL of a SearXNG instance such as http://localhost:8888, not "${baseUrl}"`,
    );
  }
  return { baseUrl, timeoutMs: readInteger(env, 'WEB_SEARCH_TIMEOUT_MS', 15_000, 1000, 120_000) };
}

/**
 * `FILE_STORE` = local | s3 (local by default); with s3: `S3_BUCKET` (required), `S3_ENDPOINT`, `S3_REGION`
 * (us-east-1 by default), `S3_ACCESS_KEY_ID` with `S3_SECRET_ACCESS_KEY`, and `S3_FORCE_PATH_STYLE`.
 */
function readFileStoreSettings(env: NodeJS.ProcessEnv): FileStoreSettings {
  const kind = env.FILE_STORE?.trim().toLowerCase() || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new ConfigError(`FILE_STORE must be local or s3 (got "${kind}")`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new ConfigError('S3_BUCKET must name the bucket when FILE_STORE is s3');
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint !== null) {
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {
      // reported below
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError(`S3_ENDPOINT must be a URL such as http://localhost:9000, not "${endpoint}"`);
    }
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the default credential chain',
    );
  }
  return {
    kind,
    endpoint,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: readBoolean(env, 'S3_FORCE_PATH_STYLE', false),
  };
}

/** `SERVER_ROLE` = api | worker | all (all by default; the `--role` flag of the command line sets it too). */
function readRole(env: NodeJS.ProcessEnv): ServerRole {
  const role = env.SERVER_ROLE?.trim().toLowerCase() || 'all';
  if (role === 'api' || role === 'worker' || role === 'all') return role;
  throw new ConfigError(`SERVER_ROLE (or --role) must be api, worker or all (got "${role}")`);
}

/** Reads the server configuration from environment variables, with defaults that serve the local stack. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const corsOrigins = env.CORS_ORIGINS?.trim()
    ? env.CORS_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
    : defaultCorsOrigins();
  const tokenSecret = env.TOKEN_SECRET?.trim() || null;
  if (tokenSecret !== null && tokenSecret.length < 32) {
    throw new ConfigError('TOKEN_SECRET must be at least 32 characters long');
  }
  const role = readRole(env);
  const jobSettings = readJobSettings(env);
  if (role !== 'all' && databaseUrl === null) {
    // The embedded database belongs to one process: an API-only or worker-only one would have no partner.
    throw new ConfigError(
      `SERVER_ROLE ${role} needs DATABASE_URL: instances share work only through PostgreSQL`,
    );
  }
  if (role === 'worker' && jobSettings.jobConcurrency === 0) {
    throw new ConfigError('A worker needs JOB_CONCURRENCY of at least 1: with 0 it would run nothing');
  }
  return {
    role,
    port: readInteger(env, 'PORT', 4000, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR?.trim() || defaultDataDir()),
    corsOrigins,
    databaseUrl,
    tokenSecret,
    tokenTtlSeconds: readInteger(env, 'TOKEN_TTL_SECONDS', 28800, 1, 60 * 60 * 24 * 30),
    loginChallengeTtlSeconds: readInteger(env, 'LOGIN_CHALLENGE_TTL_SECONDS', 300, 1, 3600),
    loginRateLimitPerUser: readInteger(env, 'LOGIN_RATE_LIMIT_PER_USER', 10, 1, 100000),
    loginRateLimitPerIp: readInteger(env, 'LOGIN_RATE_LIMIT_PER_IP', 50, 1, 100000),
    loginRateLimitWindowSeconds: readInteger(env, 'LOGIN_RATE_LIMIT_WINDOW_SECONDS', 900, 1, 86400),
    loginFreeAttemptsPerAddress: readInteger(env, 'LOGIN_FREE_ATTEMPTS_PER_ADDRESS', 5, 1, 1000),
    loginKnownAddressDays: readInteger(env, 'LOGIN_KNOWN_ADDRESS_DAYS', 30, 0, 365),
    apiRateLimitPerMinute: readInteger(env, 'API_RATE_LIMIT_PER_MINUTE', 1200, 0, 1000000),
    // The embedded database is a local demo by default; a real PostgreSQL is seeded only when asked to.
    seedDemo: readBoolean(env, 'SEED_DEMO', databaseUrl === null),
    bodyLimitBytes: readInteger(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    timeouts: readTimeouts(env),
    userCacheTtlSeconds: readInteger(env, 'USER_CACHE_TTL_SECONDS', 30, 0, 3600),
    trustProxy: readBoolean(env, 'TRUST_PROXY', false),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    ...jobSettings,
    // An API-only instance leaves every job to the workers.
    jobConcurrency: role === 'api' ? 0 : jobSettings.jobConcurrency,
    documentMaxUploadBytes: readInteger(env, 'DOCUMENT_MAX_BYTES', DOCUMENT_MAX_BYTES, 1, DOCUMENT_MAX_BYTES),
    libreOfficeCommand: readLibreOfficeCommand(env),
    ocr: readOcrSettings(env),
    embeddings: readAiEndpointSettings(env, 'AI_EMBEDDING_MODEL'),
    languageModel: readAiEndpointSettings(env, 'AI_MODEL'),
    webSearch: readWebSearchSettings(env),
    fileStore: readFileStoreSettings(env),
    speech: readSpeechSettings(env),
  };
}
