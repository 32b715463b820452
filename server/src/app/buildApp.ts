import cors from '@fastify/cors';
import { AUTHORING_DOCX_MAX_BYTES } from '@ewrt/contract';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config/loadConfig.js';
import { acquireDataDirLock, type DataDirLock } from '../dataDir/acquireDataDirLock.js';
import type { Database } from '../db/Database.js';
import { openDatabase } from '../db/openDatabase.js';
import { runMigrations } from '../db/runMigrations.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { registerAuditTrail } from '../features/audit/registerAuditTrail.js';
import { authenticateRequest } from '../features/auth/authenticateRequest.js';
import { createLoginRateLimiter } from '../features/auth/createLoginRateLimiter.js';
import { createLoginService } from '../features/auth/createLoginService.js';
import { createTokenService } from '../features/auth/createTokenService.js';
import { argon2PasswordVerifier, type PasswordVerifier } from '../features/auth/passwords.js';
import { registerAuthRoutes } from '../features/auth/registerAuthRoutes.js';
import { createAuthoringDocumentService } from '../features/authoring-documents/createAuthoringDocumentService.js';
import { createAuthoringFileLookup } from '../features/authoring-documents/createAuthoringFileLookup.js';
import { registerAuthoringDocumentRoutes } from '../features/authoring-documents/registerAuthoringDocumentRoutes.js';
import { resolveTokenSecret } from '../features/auth/resolveTokenSecret.js';
import { createUserDirectory } from '../features/auth/userDirectory.js';
import { createDirectoryRepository } from '../features/directory/createDirectoryRepository.js';
import { registerDirectoryRoutes } from '../features/directory/registerDirectoryRoutes.js';
import { createBundleFileLookup } from '../features/bundles/createBundleFileLookup.js';
import { createBundlePurger } from '../features/bundles/createBundlePurger.js';
import { createBundleService } from '../features/bundles/createBundleService.js';
import { registerBundleJobHandler } from '../features/bundles/registerBundleJobHandler.js';
import { registerBundleRoutes } from '../features/bundles/registerBundleRoutes.js';
import { createOpenAiChatProvider } from '../platform/ai/createOpenAiChatProvider.js';
import { createOpenAiEmbeddingProvider } from '../platform/ai/createOpenAiEmbeddingProvider.js';
import { createConversationPurgers } from '../features/conversations/createConversationPurgers.js';
import {
  createConversationService,
  DEFAULT_ANSWER_TIMEOUT_MS,
} from '../features/conversations/createConversationService.js';
import { registerConversationRoutes } from '../features/conversations/registerConversationRoutes.js';
import { registerCapabilityRoutes } from '../features/capabilities/registerCapabilityRoutes.js';
import { systemCapabilitiesOf } from '../features/capabilities/systemCapabilitiesOf.js';
import { createChronologyPurger } from '../features/chronology/createChronologyPurger.js';
import { createChronologyService } from '../features/chronology/createChronologyService.js';
import { registerChronologyJobHandler } from '../features/chronology/registerChronologyJobHandler.js';
import { registerChronologyRoutes } from '../features/chronology/registerChronologyRoutes.js';
import { createRecordReviewService } from '../features/record-review/createRecordReviewService.js';
import { registerRecordReviewRoutes } from '../features/record-review/registerRecordReviewRoutes.js';
import { createDocumentPurgers } from '../features/documents/createDocumentPurgers.js';
import { createDocumentService } from '../features/documents/createDocumentService.js';
import { createDownloadableFileLookup } from '../features/documents/createDownloadableFileLookup.js';
import { ocrAvailabilityOf } from '../features/documents/ocr/ocrAvailability.js';
import { processingCapabilitiesOf } from '../features/documents/processingCapabilitiesOf.js';
import { registerDocumentJobHandlers } from '../features/documents/registerDocumentJobHandlers.js';
import { registerDocumentRoutes } from '../features/documents/registerDocumentRoutes.js';
import { registerChatRoutes } from '../features/chat/registerChatRoutes.js';
import { createDraftReportService } from '../features/draft-reports/createDraftReportService.js';
import { registerDraftReportJobHandler } from '../features/draft-reports/registerDraftReportJobHandler.js';
import { registerDraftReportRoutes } from '../features/draft-reports/registerDraftReportRoutes.js';
import { createDraftReportWriter } from '../features/generated-reports/createDraftReportWriter.js';
import { registerGeneratedReportRoutes } from '../features/generated-reports/registerGeneratedReportRoutes.js';
import { createGeneratedReportFileLookup } from '../features/generated-reports/createGeneratedReportFileLookup.js';
import { createGeneratedReportPurger } from '../features/generated-reports/createGeneratedReportPurger.js';
import { createGeneratedReportService } from '../features/generated-reports/createGeneratedReportService.js';
import { createSearxngWebSearch } from '../features/research/createSearxngWebSearch.js';
import { registerResearchRoutes } from '../features/research/registerResearchRoutes.js';
import { removeStoredFilesOfUser } from '../features/documents/removeStoredFilesOfUser.js';
import { createDownloadLinks } from '../platform/files/createDownloadLinks.js';
import { createLocalFileStore } from '../platform/files/FileStore.js';
import { createS3FileStore } from '../platform/files/createS3FileStore.js';
import { registerFileRoutes } from '../features/downloads/registerFileRoutes.js';
import { createReadiness } from '../features/health/createReadiness.js';
import { registerHealthRoutes } from '../features/health/registerHealthRoutes.js';
import { createJobQueue } from '../features/jobs/createJobQueue.js';
import { createJobService } from '../features/jobs/createJobService.js';
import { createJobsPurger } from '../features/jobs/createJobsPurger.js';
import { createPageViewService } from '../features/page-views/createPageViewService.js';
import { registerPageViewRoutes } from '../features/page-views/registerPageViewRoutes.js';
import { registerJobRoutes } from '../features/jobs/registerJobRoutes.js';
import { createOpinionService } from '../features/opinions/createOpinionService.js';
import { registerOpinionRoutes } from '../features/opinions/registerOpinionRoutes.js';
import { createPatientDataPurgers } from '../features/patients/patientDataPurgers.js';
import { createPatientService } from '../features/patients/createPatientService.js';
import { registerPatientRoutes } from '../features/patients/registerPatientRoutes.js';
import { createPromptService } from '../features/prompts/createPromptService.js';
import { registerPromptRoutes } from '../features/prompts/registerPromptRoutes.js';
import { endSessionSockets, userRoom } from '../platform/realtime/attachSocketServer.js';
import { createLiveEvents } from '../platform/realtime/createLiveEvents.js';
import { createUserService } from '../features/users/createUserService.js';
import { registerUserRoutes } from '../features/users/registerUserRoutes.js';
import { createSpeechRecognizer } from '../platform/speech/createSpeechRecognizer.js';
import { createTranscriptionPurger } from '../features/transcription/createTranscriptionPurger.js';
import { registerLiveTranscription } from '../features/transcription/registerLiveTranscription.js';
import { registerTranscriptionJobHandler } from '../features/transcription/registerTranscriptionJobHandler.js';
import { registerTranscriptionRoutes } from '../features/transcription/registerTranscriptionRoutes.js';
import { createStructuredTemplateService } from '../features/structured-templates/createStructuredTemplateService.js';
import { registerStructuredTemplateRoutes } from '../features/structured-templates/registerStructuredTemplateRoutes.js';
import { registerErrorHandling } from '../http/registerErrorHandling.js';
import { registerRequestTimeLimits } from '../http/registerRequestTimeLimits.js';
import { httpServerOptions } from '../http/httpServerOptions.js';
import { registerJsonBodyParser } from '../http/registerJsonBodyParser.js';
import { createContractValidatorCompiler } from '../http/validation/createContractValidatorCompiler.js';
import { isDatabaseEmpty, seedDemoOrganisation } from '../seed/seedDemoOrganisation.js';
import { cleanUpSandboxLeftovers } from '../platform/sandbox/cleanUpSandboxLeftovers.js';
import { sandboxSupport } from '../platform/sandbox/sandboxSupport.js';
import type { AppContext } from './AppContext.js';
import { systemClock, type Clock } from '../context/Clock.js';

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
    const patientDataPurgers = createPatientDataPurgers();
    // Before the jobs go: it also removes the recordings of audio jobs that have not run yet.
    patientDataPurgers.register(createTranscriptionPurger({ db: openDb, files, log: app.log }));
    patientDataPurgers.register(createJobsPurger(jobs));
    const downloadLinks = createDownloadLinks({ secret: tokenSecret, clock });
    for (const purger of createDocumentPurgers({ db: openDb, files, log: app.log })) {
      patientDataPurgers.register(purger);
    }
    for (const purger of createConversationPurgers()) patientDataPurgers.register(purger);
    patientDataPurgers.register(createBundlePurger({ db: openDb, files, log: app.log }));
    patientDataPurgers.register(createChronologyPurger());
    patientDataPurgers.register(createGeneratedReportPurger({ db: openDb, files, log: app.log }));
    // Live dictation and uploaded audio: recognised on this server unless a speech endpoint is configured.
    const speech = createSpeechRecognizer(config.speech);
    const speechAvailability = speech.availability();
    if (!speechAvailability.available) {
      app.log.warn(
        `${speechAvailability.message}: dictation and audio uploads will not be transcribed` +
          (speechAvailability.installCommand ? ` (${speechAvailability.installCommand})` : ''),
      );
    }
    registerTranscriptionJobHandler(jobs, { db: openDb, clock, files, speech });
    // Browsers stream dictation to the API instances; a worker has no browser sockets.
    const stopLiveTranscription =
      config.role === 'worker'
        ? () => Promise.resolve()
        : registerLiveTranscription(io, {
            db: openDb,
            clock,
            users,
            speech,
            log: app.log,
            trustProxy: config.trustProxy,
          });
    registerBundleJobHandler(jobs, {
      db: openDb,
      clock,
      files,
      libreOfficeCommand: config.libreOfficeCommand,
      log: app.log,
    });
    // Embeddings join the index once an embedding endpoint is configured; until then full-text search alone.
    const embeddings = config.embeddings ? createOpenAiEmbeddingProvider(config.embeddings) : null;
    // Without a language model, questions are answered from retrieval alone, and say so.
    const languageModel = config.languageModel ? createOpenAiChatProvider(config.languageModel) : null;
    registerChronologyJobHandler(jobs, { db: openDb, clock, ai: languageModel });
    registerDraftReportJobHandler(jobs, {
      db: openDb,
      clock,
      ai: languageModel,
      embeddings,
      writer: createDraftReportWriter({ db: openDb, clock, files }),
    });
    // Converters of a server killed on this machine are still running, and their folders still there.
    const leftovers = await cleanUpSandboxLeftovers();
    if (leftovers.processesKilled + leftovers.foldersRemoved > 0) {
      app.log.warn(leftovers, 'converters and temporary folders left by a stopped server were removed');
    }
    for (const warning of sandboxSupport().warnings) app.log.warn(warning);
    // Scanned pages are read by OCR when tesseract and pdftoppm are installed; without them processing still completes.
    const ocrAvailability = ocrAvailabilityOf(config.ocr);
    if (!ocrAvailability.available && ocrAvailability.installCommand) {
      app.log.warn(
        `${ocrAvailability.message}: scanned pages will not be read (${ocrAvailability.installCommand})`,
      );
    }
    registerDocumentJobHandlers(jobs, {
      db: openDb,
      clock,
      files,
      libreOfficeCommand: config.libreOfficeCommand,
      embeddings,
      ocr: {
        availability: ocrAvailability,
        concurrency: config.ocr.concurrency,
        lowConfidenceThreshold: config.ocr.lowConfidenceThreshold,
      },
    });
    const ctx: AppContext = {
      config,
      db: openDb,
      clock,
      tokens,
      users,
      io,
      jobs,
      patientDataPurgers,
      files,
      readiness: createReadiness(),
      loginRateLimiter: createLoginRateLimiter(openDb, {
        perAccount: config.loginRateLimitPerUser,
        perAddress: config.loginRateLimitPerIp,
        windowSeconds: config.loginRateLimitWindowSeconds,
        freeAttemptsPerAddress: config.loginFreeAttemptsPerAddress,
        knownAddressSeconds: config.loginKnownAddressDays * 24 * 60 * 60,
        clock,
      }),
    };
    app.decorate('ctx', ctx);
    app.decorateRequest('authUser', null);

    app.addHook('preClose', async () => {
      // Running jobs go back to pending (and their sockets hear it) before socket.io and the database close.
      await stopLiveTranscription();
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

    registerHealthRoutes(app, { db: openDb, role: config.role, readiness: ctx.readiness });
    if (config.role !== 'worker') await registerApiRoutes();
    await app.ready();
    jobs.start();
    return app;

    /** Everything but the health calls: a worker serves none of it. */
    async function registerApiRoutes(): Promise<void> {
      // Signed download links carry no bearer token: their signature and expiry decide.
      const documentFiles = createDownloadableFileLookup(openDb);
      const bundleFiles = createBundleFileLookup(openDb);
      const authoringFiles = createAuthoringFileLookup(openDb);
      const generatedReportFiles = createGeneratedReportFileLookup(openDb);
      registerFileRoutes(app, {
        files,
        links: downloadLinks,
        lookup: async (storageKey) =>
          (await documentFiles(storageKey)) ??
          (await bundleFiles(storageKey)) ??
          (await authoringFiles(storageKey)) ??
          (await generatedReportFiles(storageKey)),
      });
      registerAuthRoutes(app, {
        login: createLoginService({
          db: openDb,
          clock,
          challengeTtlSeconds: config.loginChallengeTtlSeconds,
          rateLimiter: ctx.loginRateLimiter,
          passwords: options.passwordVerifier ?? argon2PasswordVerifier,
          tokens,
          users,
        }),
        tokens,
        users,
        onSignedOut: (claims) => endSessionSockets(io, claims.jti),
      });
      await app.register(async (plainScope) => {
        const scope = plainScope.withTypeProvider<TypeBoxTypeProvider>();
        scope.addHook('onRequest', async (request) => {
          await authenticateRequest(request, tokens, users);
        });
        registerPatientRoutes(
          scope,
          createPatientService({ db: openDb, clock, dataDir: config.dataDir, purgers: patientDataPurgers }),
        );
        registerDirectoryRoutes(scope, { directory: createDirectoryRepository(openDb), users });
        const jobService = createJobService({ db: openDb, clock, io, queue: jobs });
        registerJobRoutes(scope, jobService);
        await registerDocumentRoutes(scope, {
          documents: createDocumentService({
            db: openDb,
            clock,
            files,
            links: downloadLinks,
            jobs,
            maxUploadBytes: config.documentMaxUploadBytes,
            capabilities: processingCapabilitiesOf(config.ocr, config.libreOfficeCommand),
          }),
          maxUploadBytes: config.documentMaxUploadBytes,
        });
        await registerOpinionRoutes(scope, {
          opinions: createOpinionService({
            db: openDb,
            clock,
            files,
            links: downloadLinks,
            jobs,
            maxUploadBytes: config.documentMaxUploadBytes,
            jobStatus: jobService.status,
          }),
          maxUploadBytes: config.documentMaxUploadBytes,
        });
        const bundles = createBundleService({ db: openDb, clock, links: downloadLinks, jobs });
        registerBundleRoutes(scope, bundles);
        registerConversationRoutes(
          scope,
          createConversationService({
            db: openDb,
            clock,
            files,
            jobs,
            ai: languageModel,
            embeddings,
            answerTimeoutMs: config.languageModel?.timeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS,
          }),
        );
        const chronology = createChronologyService({ db: openDb, clock, jobs });
        registerChronologyRoutes(scope, chronology);
        registerRecordReviewRoutes(
          scope,
          createRecordReviewService({ db: openDb, clock, chronology, bundles }),
        );
        registerPageViewRoutes(
          scope,
          createPageViewService({
            db: openDb,
            files,
            links: downloadLinks,
            commands: {
              pdftoppmCommand: config.ocr.pdftoppmCommand,
              pdftotextCommand: config.ocr.pdftotextCommand,
              libreOfficeCommand: config.libreOfficeCommand,
            },
            lowConfidenceThreshold: config.ocr.lowConfidenceThreshold,
            log: app.log,
          }),
        );
        registerPromptRoutes(scope, createPromptService({ db: openDb, clock }));
        registerDraftReportRoutes(scope, {
          drafts: createDraftReportService({
            db: openDb,
            clock,
            jobs,
            structuredTemplates: createStructuredTemplateService({ db: openDb, clock }),
          }),
        });
        registerGeneratedReportRoutes(scope, {
          reports: createGeneratedReportService({ db: openDb, files, links: downloadLinks }),
        });
        registerChatRoutes(scope, {
          clock,
          ai: languageModel,
          answerTimeoutMs: config.languageModel?.timeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS,
        });
        registerResearchRoutes(scope, {
          db: openDb,
          clock,
          ai: languageModel,
          webSearch: config.webSearch ? createSearxngWebSearch(config.webSearch) : null,
        });
        registerStructuredTemplateRoutes(scope, createStructuredTemplateService({ db: openDb, clock }));
        registerCapabilityRoutes(scope, systemCapabilitiesOf(config, speechAvailability));
        await registerTranscriptionRoutes(scope, {
          db: openDb,
          clock,
          files,
          jobs,
          ai: languageModel,
          speech,
          answerTimeoutMs: config.languageModel?.timeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS,
        });
        await registerAuthoringDocumentRoutes(scope, {
          documents: createAuthoringDocumentService({
            db: openDb,
            clock,
            files,
            links: downloadLinks,
            maxUploadBytes: AUTHORING_DOCX_MAX_BYTES,
          }),
          maxUploadBytes: AUTHORING_DOCX_MAX_BYTES,
        });
        registerUserRoutes(
          scope,
          createUserService({
            db: openDb,
            clock,
            users,
            onSessionsEnded: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
            onDeleting: (tx, userId) =>
              removeStoredFilesOfUser({ db: openDb, files, log: app.log }, tx, userId),
          }),
        );
      });
    }
  } catch (error) {
    await db?.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}
