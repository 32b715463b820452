export type AreaName = 'patients' | 'documents' | 'reports' | 'transcription' | 'admin';

export interface RemoteConfig {
  /** Federation container name, e.g. "mf_patients". */
  name: string;
  area: AreaName;
  /** e.g. "http://localhost:3001/mf-manifest.json". */
  manifestUrl: string;
  /** Path patterns the remote owns, e.g. "/patients/:patientId". */
  routes: string[];
}

export interface RuntimeConfig {
  /** API paths ("/api/...") are appended to this, e.g. "http://localhost:4000". */
  apiBaseUrl: string;
  socketUrl: string;
  remotes: RemoteConfig[];
}
