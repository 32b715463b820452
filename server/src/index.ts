// What tests and the end-to-end harness use to run the server in-process.
export { buildApp, type BuildAppOptions } from './app/buildApp.js';
export { startServer, type RunningServer } from './app/startServer.js';
export { loadConfig, ConfigError, type ServerConfig } from './config/loadConfig.js';
export { DataDirLockedError } from './dataDir/acquireDataDirLock.js';
export { DEMO_PASSWORD, DEMO_USERS, DEMO_PATIENTS } from './seed/demoOrganisation.js';
export type { Clock } from './context/Clock.js';
