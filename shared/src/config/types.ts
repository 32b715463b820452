import type { RouteDeclaration } from '../routing/types';

export interface RemoteConfig {
  /** Federation container name, e.g. "mf_patients". */
  name: string;
  /** The area the remote serves, e.g. "patients"; any name a remote declares. */
  area: string;
  /** How users name the area, e.g. in "this area is unavailable". */
  areaLabel: string;
  /** e.g. "http://localhost:3001/mf-manifest.json". */
  manifestUrl: string;
  /** The remote's route declarations, copied from its `src/routes.ts` when the configuration is generated. */
  routes: RouteDeclaration[];
}

export interface RuntimeConfig {
  /** API paths ("/api/...") are appended to this, e.g. "http://localhost:4000". */
  apiBaseUrl: string;
  socketUrl: string;
  remotes: RemoteConfig[];
  /** Minutes without activity in any tab after which the user is signed out; 30 when absent. */
  idleTimeoutMinutes?: number;
}
