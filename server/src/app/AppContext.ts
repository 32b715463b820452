import type { Server as SocketServer } from 'socket.io';
import type { ServerConfig } from '../config/loadConfig.js';
import type { Database } from '../db/Database.js';
import type { LoginRateLimiter } from '../features/auth/createLoginRateLimiter.js';
import type { TokenService } from '../features/auth/createTokenService.js';
import type { UserDirectory } from '../features/auth/userDirectory.js';
import type { FileStore } from '../platform/files/FileStore.js';
import type { Readiness } from '../features/health/createReadiness.js';
import type { JobQueue } from '../features/jobs/JobQueue.js';
import type { PatientDataPurgers } from '../features/patients/patientDataPurgers.js';
import type { Clock } from '../context/Clock.js';

/** The services every feature's routes are given. */
export interface AppContext {
  config: ServerConfig;
  db: Database;
  clock: Clock;
  tokens: TokenService;
  users: UserDirectory;
  loginRateLimiter: LoginRateLimiter;
  io: SocketServer;
  /** The background job engine: features register their handlers and enqueue work here. */
  jobs: JobQueue;
  /** Where each area that stores patient data registers its share of "Delete all patient data". */
  patientDataPurgers: PatientDataPurgers;
  /** Stored files (uploads, generated lists) by opaque key. */
  files: FileStore;
  /** Whether a load balancer should send this instance work (503 from the start of a drain). */
  readiness: Readiness;
}
