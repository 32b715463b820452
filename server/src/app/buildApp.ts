import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config/loadConfig.js';
import { systemClock, type Clock } from '../context/Clock.js';
import { acquireDataDirLock, type DataDirLock } from '../dataDir/acquireDataDirLock.js';
import type { Database } from '../db/Database.js';
import { openDatabase } from '../db/openDatabase.js';
import { runMigrations } from '../db/runMigrations.js';
import { registerAuditTrail } from '../features/audit/registerAuditTrail.js';
import { authenticateRequest } from '../features/auth/authenticateRequest.js';
import { createLoginRateLimiter } from '../features/auth/createLoginRateLimiter.js';
import { createTokenService } from '../features/auth/createTokenService.js';
import { argon2PasswordVerifier, type PasswordVerifier } from '../features/auth/passwords.js';
import { resolveTokenSecret } from '../features/auth/resolveTokenSecret.js';
import { createUserDirectory } from '../features/auth/userDirectory.js';
import type { DownloadableFileLookup } from '../features/downloads/registerFileRoutes.js';
import {
  FEATURE_SERVICE_NAMES,
  type FeatureDeps,
  type FeatureServices,
  type PlatformDeps,
} from '../features/FeatureModule.js';
import { createReadiness } from '../features/health/createReadiness.js';
import { DEFAULT_ANSWER_TIMEOUT_MS } from '../features/conversations/createConversationService.js';
import { createJobQueue } from '../features/jobs/createJobQueue.js';
import { createPatientDataPurgers } from '../features/patients/patientDataPurgers.js';
import { httpServerOptions } from '../http/httpServerOptions.js';
import { registerErrorHandling } from '../http/registerErrorHandling.js';
import { registerJsonBodyParser } from '../http/registerJsonBodyParser.js';
import { registerRequestTimeLimits } from '../http/registerRequestTimeLimits.js';
import { createContractValidatorCompiler } from '../http/validation/createContractValidatorCompiler.js';
import { createOpenAiChatProvider } from '../platform/ai/createOpenAiChatProvider.js';
import { createOpenAiEmbeddingProvider } from '../platform/ai/createOpenAiEmbeddingProvider.js';
import { createDownloadLinks } from '../platform/files/createDownloadLinks.js';
import { createS3FileStore } from '../platform/files/createS3FileStore.js';
import { createLocalFileStore } from '../platform/files/FileStore.js';
import { createLiveEvents } from '../platform/realtime/createLiveEvents.js';
import { cleanUpSandboxLeftovers } from '../platform/sandbox/cleanUpSandboxLeftovers.js';
import { sandboxSupport } from '../platform/sandbox/sandboxSupport.js';
import { createSpeechRecognizer } from '../platform/speech/createSpeechRecognizer.js';
import { isDatabaseEmpty, seedDemoOrganisation } from '../seed/seedDemoOrganisation.js';
import type { AppContext } from './AppContext.js';
import { featureModules } from './featureModules.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services behind the routes, for tests and the e2e harness. */
    ctx: AppContext;
  }
}

export interface BuildAppOptions {
  clock?: Clock;
  /** How sign-in checks passwords (tests count the checks). */
  passwordVerifier?: PasswordVerifier;
}

/** Opens (and if needed migrates and seeds) the database and prepares every plugin and route. */
async function prepareDatabase(
  config: ServerConfig,
  clock: Clock,
  log: FastifyInstance['log'],
): Promise<Database> {
  const db = await openDatabase(config);
  try {
    // The seed's emptiness check and its writes happen under the migrations' lock: instances starting together on
    // one database seed it once.
    const applied = await runMigrations(db, {
      thenUnderLock: async (session) => {
        if (config.seedDemo && (await isDatabaseEmpty(session))) {
          await seedDemoOrganisation(session, clock());
          log.info('demo organisation seeded');
        }
      },
    });
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrations applied');
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/**
 * The whole API (Fastify and socket.io on one HTTP server) over its data directory and database. Closing the app
 * closes socket.io, then the HTTP server after its in-flight requests, then the database, then releases the lock.
 */
export async function buildApp(
  config: ServerConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const lock: DataDirLock = acquireDataDirLock(config.dataDir);
  let db: Database | null = null;
  try {
    const app = Fastify({
      logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
      bodyLimit: config.bodyLimitBytes,
      trustProxy: config.trustProxy,
      forceCloseConnections: 'idle',
      ...httpServerOptions(config.timeouts),
    }).withTypeProvider<TypeBoxTypeProvider>();
    // Every route's params, query and body are checked against its contract schema.
    app.setValidatorCompiler(createContractValidatorCompiler());
    db = await prepareDatabase(config, clock, app.log);
    const openDb = db;
    const tokenSecret = await resolveTokenSecret(openDb, config.tokenSecret);
    const tokens = createTokenService({
      secret: tokenSecret,
      ttlSeconds: config.tokenTtlSeconds,
      clock,
      db: openDb,
    });
    const users = createUserDirectory(openDb, { ttlSeconds: config.userCacheTtlSeconds, clock });
    // A worker has no browsers of its own: its socket.io only emits, through PostgreSQL, to the API instances'.
    const liveEvents = createLiveEvents({
      httpServer: config.role === 'worker' ? null : app.server,
      databaseUrl: config.databaseUrl,
      corsOrigins: config.corsOrigins,
      tokens,
      users,
      log: app.log,
    });
    const { io } = liveEvents;
    const jobs = createJobQueue({ db: openDb, clock, config, io, log: app.log });
    const files =
      config.fileStore.kind === 's3'
        ? await createS3FileStore(config.fileStore, config.dataDir)
        : await createLocalFileStore(config.dataDir);
    // Live dictation and uploaded audio: recognised on this server unless a speech endpoint is configured.
    const speech = createSpeechRecognizer(config.speech);
    const speechAvailability = speech.availability();
    if (!speechAvailability.available) {
      app.log.warn(
        `${speechAvailability.message}: dictation and audio uploads will not be transcribed` +
          (speechAvailability.installCommand ? ` (${speechAvailability.installCommand})` : ''),
      );
    }
    // Converters of a server killed on this machine are still running, and their folders still there.
    const leftovers = await cleanUpSandboxLeftovers();
    if (leftovers.processesKilled + leftovers.foldersRemoved > 0) {
      app.log.warn(leftovers, 'converters and temporary folders left by a stopped server were removed');
    }
    for (const warning of sandboxSupport().warnings) app.log.warn(warning);

    const fileLookups: DownloadableFileLookup[] = [];
    const platform: PlatformDeps = {
      config,
      db: openDb,
      clock,
      log: app.log,
      tokens,
      users,
      passwords: options.passwordVerifier ?? argon2PasswordVerifier,
      loginRateLimiter: createLoginRateLimiter(openDb, {
        perAccount: config.loginRateLimitPerUser,
        perAddress: config.loginRateLimitPerIp,
        windowSeconds: config.loginRateLimitWindowSeconds,
        freeAttemptsPerAddress: config.loginFreeAttemptsPerAddress,
        knownAddressSeconds: config.loginKnownAddressDays * 24 * 60 * 60,
        clock,
      }),
      io,
      jobs,
      files,
      links: createDownloadLinks({ secret: tokenSecret, clock }),
      readiness: createReadiness(),
      purgers: createPatientDataPurgers(),
      storedFiles: async (storageKey) => {
        for (const lookup of fileLookups) {
          const found = await lookup(storageKey);
          if (found) return found;
        }
        return null;
      },
      // Without a language model, questions are answered from retrieval alone, and say so.
      languageModel: config.languageModel ? createOpenAiChatProvider(config.languageModel) : null,
      // Embeddings join the index once an embedding endpoint is configured; until then full-text search alone.
      embeddings: config.embeddings ? createOpenAiEmbeddingProvider(config.embeddings) : null,
      answerTimeoutMs: config.languageModel?.timeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS,
      speech,
      speechAvailability,
    };
    const deps: FeatureDeps = { ...platform, services: provideServices(platform) };
    for (const feature of featureModules) {
      for (const purger of feature.purgers?.(deps) ?? []) deps.purgers.register(purger);
      await feature.jobHandlers?.(deps);
      const lookup = feature.fileLookup?.(deps);
      if (lookup) fileLookups.push(lookup);
    }
    // Browsers stream dictation to the API instances; a worker has no browser sockets.
    const socketStops =
      config.role === 'worker' ? [] : featureModules.flatMap((feature) => feature.sockets?.(deps) ?? []);

    const ctx: AppContext = {
      config,
      db: openDb,
      clock,
      tokens,
      users,
      io,
      jobs,
      patientDataPurgers: deps.purgers,
      files,
      readiness: deps.readiness,
      loginRateLimiter: deps.loginRateLimiter,
    };
    app.decorate('ctx', ctx);
    app.decorateRequest('authUser', null);

    app.addHook('preClose', async () => {
      // Running jobs go back to pending (and their sockets hear it) before socket.io and the database close.
      for (const stop of socketStops) await stop();
      await jobs.stop();
      await liveEvents.close();
      await speech.close();
    });
    app.addHook('onClose', async () => {
      files.close?.();
      await openDb.close();
      lock.release();
    });

    registerErrorHandling(app, config.bodyLimitBytes);
    registerRequestTimeLimits(app, config.timeouts.requestMs);
    registerAuditTrail(app, openDb);
    registerJsonBodyParser(app);
    await app.register(helmet, {
      // An API answers JSON only: nothing may load or frame it.
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'none'"],
        },
      },
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      // Exports are fetched by the remotes' origin: without this the browser hides the file name the server gives.
      exposedHeaders: ['Content-Disposition'],
      maxAge: 600,
    });
    if (config.apiRateLimitPerMinute > 0) {
      await app.register(rateLimit, {
        max: config.apiRateLimitPerMinute,
        timeWindow: '1 minute',
        errorResponseBuilder: () => ({
          statusCode: 429,
          message: 'Too many requests. Please slow down and try again shortly.',
        }),
      });
    }
    // Patient data must not linger in browser or proxy caches.
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Cache-Control', 'no-store');
      return payload;
    });

    for (const feature of featureModules) await feature.instanceRoutes?.(app, deps);
    // A worker serves the health calls only.
    if (config.role !== 'worker') {
      for (const feature of featureModules) await feature.publicRoutes?.(app, deps);
      await app.register(async (plainScope) => {
        const scope = plainScope.withTypeProvider<TypeBoxTypeProvider>();
        scope.addHook('onRequest', async (request) => {
          await authenticateRequest(request, tokens, users);
        });
        for (const feature of featureModules) await feature.routes?.(scope, deps);
      });
    }
    await app.ready();
    jobs.start();
    return app;

    /** The services features use from each other, each built once by the feature that provides it. */
    function provideServices(platform: PlatformDeps): FeatureServices {
      const provided: Partial<FeatureServices> = {};
      for (const feature of featureModules) {
        for (const [name, service] of Object.entries(feature.provides?.(platform) ?? {})) {
          if (name in provided)
            throw new Error(`The service ${name} is provided twice (again by ${feature.name})`);
          Object.assign(provided, { [name]: service });
        }
      }
      const missing = Object.keys(FEATURE_SERVICE_NAMES).filter((name) => !(name in provided));
      if (missing.length > 0) throw new Error(`No feature provides the services ${missing.join(', ')}`);
      return provided as FeatureServices;
    }
  } catch (error) {
    await db?.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}
