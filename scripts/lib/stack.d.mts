export interface TestStackOptions {
  log?: (line: string) => void;
  build?: boolean;
  extraHosts?: { key: string; remoteOrigins?: Record<string, string | null> }[];
  serverEnv?: Record<string, string>;
  logDir?: string;
}

export interface TestStack {
  apiUrl: string;
  hostUrl: string;
  hosts: Record<string, string>;
  configs: Record<string, unknown>;
  remotes: Record<string, string>;
  remoteDirs: Record<string, string>;
  dataDir: string;
  serverPid: number | undefined;
  stop: () => Promise<void>;
}

export function startTestStack(options?: TestStackOptions): Promise<TestStack>;
