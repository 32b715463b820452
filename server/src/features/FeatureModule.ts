import type { FastifyBaseLogger } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import type { ServerConfig } from '../config/loadConfig.js';
import type { Clock } from '../context/Clock.js';
import type { Database } from '../db/Database.js';
import type { ApiInstance } from '../http/ApiInstance.js';
import type { AiProvider } from '../platform/ai/AiProvider.js';
import type { EmbeddingProvider } from '../platform/ai/EmbeddingProvider.js';
import type { DownloadLinks } from '../platform/files/createDownloadLinks.js';
import type { FileStore } from '../platform/files/FileStore.js';
import type { SpeechAvailability, SpeechRecognizer } from '../platform/speech/SpeechRecognizer.js';
import type { LoginRateLimiter } from './auth/createLoginRateLimiter.js';
import type { TokenService } from './auth/createTokenService.js';
import type { PasswordVerifier } from './auth/passwords.js';
import type { UserDirectory } from './auth/userDirectory.js';
import type { BundleService } from './bundles/createBundleService.js';
import type { ChronologyService } from './chronology/createChronologyService.js';
import type { DraftReportWriter } from './generated-reports/DraftReportWriter.js';
import type { DownloadableFileLookup } from './downloads/registerFileRoutes.js';
import type { Readiness } from './health/createReadiness.js';
import type { ManagedJobQueue } from './jobs/createJobQueue.js';
import type { JobService } from './jobs/createJobService.js';
import type { PatientDataPurger, PatientDataPurgers } from './patients/patientDataPurgers.js';
import type { StructuredTemplateService } from './structured-templates/createStructuredTemplateService.js';

/** What the app builds once, from the settings read once, and hands to every feature. */
export interface PlatformDeps {
  config: ServerConfig;
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  tokens: TokenService;
  users: UserDirectory;
  passwords: PasswordVerifier;
  loginRateLimiter: LoginRateLimiter;
  /** socket.io: on a worker it only emits, through PostgreSQL, to the API instances' browsers. */
  io: SocketServer;
  jobs: ManagedJobQueue;
  files: FileStore;
  links: DownloadLinks;
  readiness: Readiness;
  /** Finds a stored file by key in every feature's fileLookup, for signed download links. */
  storedFiles: DownloadableFileLookup;
  /** Where each area that stores patient data registers its share of "Delete all patient data". */
  purgers: PatientDataPurgers;
  /** Null without a configured language model: answers then come from retrieval alone, and say so. */
  languageModel: AiProvider | null;
  /** Null without a configured embedding endpoint: search is then full-text alone. */
  embeddings: EmbeddingProvider | null;
  /** How long one AI answer may take. */
  answerTimeoutMs: number;
  speech: SpeechRecognizer;
  speechAvailability: SpeechAvailability;
}

export interface FeatureDeps extends PlatformDeps {
  /** The services features provide to each other, complete before any route or handler is registered. */
  services: FeatureServices;
}

/**
 * The services one feature uses from another. A feature reaches another only through these (or its
 * exported service types and pure helpers), never through its repositories: lint enforces the latter.
 */
export interface FeatureServices {
  bundles: BundleService;
  chronology: ChronologyService;
  draftReportWriter: DraftReportWriter;
  jobs: JobService;
  structuredTemplates: StructuredTemplateService;
}

/** Every service name, so the app can check that each one is provided exactly once. */
export const FEATURE_SERVICE_NAMES = {
  bundles: true,
  chronology: true,
  draftReportWriter: true,
  jobs: true,
  structuredTemplates: true,
} as const satisfies Record<keyof FeatureServices, true>;

/**
 * One feature's registration: everything the app needs to wire it, so `buildApp` composes the features in a loop
 * and adding a feature touches its own folder and its entry in `app/featureModules.ts`. Every part is optional.
 * The app calls each part for every feature in list order: provides; then purgers, jobHandlers and fileLookup;
 * sockets (API instances); instanceRoutes; then, on API instances, publicRoutes and routes.
 */
export interface FeatureModule {
  /** The folder name, for messages. */
  readonly name: string;
  /** Services other features use, built once here. */
  provides?(deps: PlatformDeps): Partial<FeatureServices>;
  /** Its share of "Delete all patient data"; they run in the order the features are listed. */
  purgers?(deps: FeatureDeps): PatientDataPurger[];
  /** Background job handlers, on every instance (API and worker). */
  jobHandlers?(deps: FeatureDeps): void | Promise<void>;
  /** Calls every instance serves, workers included (health). */
  instanceRoutes?(app: ApiInstance, deps: FeatureDeps): void | Promise<void>;
  /** Browser socket events on an API instance; answers what stops them at shutdown. */
  sockets?(deps: FeatureDeps): () => Promise<void>;
  /** Its stored files that a signed download link may fetch. */
  fileLookup?(deps: FeatureDeps): DownloadableFileLookup;
  /** Calls anyone may make (sign-in, signed downloads). */
  publicRoutes?(app: ApiInstance, deps: FeatureDeps): void | Promise<void>;
  /** Calls of a signed-in user: registered in the scope that authenticates every request. */
  routes?(scope: ApiInstance, deps: FeatureDeps): void | Promise<void>;
}
