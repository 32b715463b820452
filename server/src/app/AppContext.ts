import type { Server as SocketServer } from 'socket.io';
import type { ServerConfig } from '../config/loadConfig.js';
import type { Database } from '../db/Database.js';
import type { LoginRateLimiter } from '../features/auth/createLoginRateLimiter.js';
import type { TokenService } from '../features/auth/createTokenService.js';
import type { UserDirectory } from '../features/auth/userDirectory.js';
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
}
