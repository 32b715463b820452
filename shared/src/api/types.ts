// Request and answer shapes of part 1 §3 and §7, field names exactly as the specification names them.

/** Per-user access to one patient: 1 full access, 2 pagination only, 3 view only (undefined = 1). */
export type PatientAccessLevel = 1 | 2 | 3;

export interface User {
  ID_User: number;
  Name: string;
  Username: string;
  Email?: string;
  Group: number | null;
  Group_Name: string | null;
  Administrator: 'yes' | 'no';
  group_admin: 'yes' | 'no';
  access_level?: number;
  txt_access_level: string | null;
  is_2fa_enabled: boolean;
  last_login: string | null;
  user_active?: number;
  date_added?: string | null;
  created_at?: string | null;
  ContactNumber?: string | null;
}

export interface Patient {
  ID_Patient: number;
  FirstName: string;
  Surname: string;
  /** ISO date `yyyy-mm-dd`. */
  DateOfBirth: string;
  MRN: string;
  DateofEvent: string | null;
  Solicitorname: string | null;
  Solicitorcompany: string | null;
  Solicitorreference: string | null;
  Ourreference: string | null;
  /** ISO date-time. */
  last_accessed: string | null;
  created_by_name: string | null;
  /** ISO date-time. */
  created_at: string;
  access_level?: PatientAccessLevel;
  ID_Group?: number;
}

/** The nine fields of the add/edit patient form; optional fields are sent as null when empty. */
export interface PatientInput {
  FirstName: string;
  Surname: string;
  DateOfBirth: string;
  MRN: string;
  DateofEvent: string | null;
  Solicitorname: string | null;
  Solicitorcompany: string | null;
  Solicitorreference: string | null;
  Ourreference: string | null;
}

export type LoginRequest =
  | { username: string; password: string }
  | { setup_token: string; totp_token: string }
  | { temp_token: string; totp_token: string };

/** Every field is optional: which ones are present decides the next step of the sign-in. */
export interface LoginResponse {
  requires_2fa_setup?: boolean;
  setup_token?: string;
  totp_secret?: string;
  totp_uri?: string;
  user_id?: number;
  requires_2fa?: boolean;
  temp_token?: string;
  token?: string;
  user?: User;
  message?: string;
}

export interface RefreshTokenResponse {
  user: User;
  token: string;
}

export interface PatientSearchResponse {
  patients: Patient[];
  total: number;
}

export interface PatientListResponse {
  patients: Patient[];
}

export interface PatientResponse {
  patient: Patient;
}

export interface AdvancedSearchFilters {
  FirstName?: string;
  Surname?: string;
  MRN?: string;
  Solicitorname?: string;
  Solicitorcompany?: string;
  Solicitorreference?: string;
}

export interface DuplicateCheckRequest {
  FirstName: string;
  Surname: string;
  DateOfBirth: string;
  excludePatientId?: number | null;
}

export interface DuplicateCheckResponse {
  isDuplicate: boolean;
}

export interface AccessLevel {
  ID_Access_level: number;
  txt_access_level: string;
}

export interface Group {
  ID_Group: number;
  Group_Name: string;
}

export interface ApiErrorBody {
  message?: string;
}

/** GET /api/user/{id}/name (the spec leaves the shape open; the reference server answers this). */
export interface UserNameResponse {
  ID_User: number;
  Name: string;
}
