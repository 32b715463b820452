import type { ChildProcess } from 'node:child_process';

export function getFreePort(host?: string): Promise<number>;
export function isPortFree(port: number, host?: string): Promise<boolean>;
export function assertPortsFree(
  entries: { port: number; what: string; flag?: string }[],
  host?: string,
  example?: string,
): Promise<void>;
export function waitForHttp(
  url: string,
  options?: { timeoutMs?: number; failFast?: () => string | null },
): Promise<void>;

export interface ApiServerOptions {
  port: number;
  host?: string;
  dataDir?: string;
  corsOrigins?: string[];
  env?: Record<string, string>;
  onOutput?: (chunk: string) => void;
  logFile?: string;
  ownProcessGroup?: boolean;
}

export interface ApiServer {
  url: string;
  port: number;
  child: ChildProcess;
  pid: number | undefined;
  stop: (timeoutMs?: number) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startApiServer(options: ApiServerOptions): Promise<ApiServer>;
