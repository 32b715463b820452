import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface StaticServerOptions {
  dir: string;
  port?: number;
  host?: string;
  spa?: boolean;
  configFile?: string;
  config?: unknown;
  gzip?: boolean;
  log?: (line: string) => void;
}

export interface StaticServer {
  server: Server;
  port: number;
  host: string;
  url: string;
  close: () => Promise<void>;
}

export function contentTypeOf(filePath: string): string;
export function cacheControlOf(relativePath: string): string;
export function contentSecurityPolicyFor(config: unknown): string;
export function createStaticHandler(
  options: StaticServerOptions,
): Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>>;
export function startStaticServer(options: StaticServerOptions): Promise<StaticServer>;
export const SERVE_STATIC_PATH: string;
