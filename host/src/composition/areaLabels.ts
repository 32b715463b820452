import type { AreaName } from '@ewrt/shared';

/** The areas as users know them, for the "this area is unavailable" fallback. */
export const AREA_LABELS: Record<AreaName, string> = {
  patients: 'Patients',
  documents: 'Documents',
  reports: 'Reports',
  transcription: 'Transcription',
  admin: 'Users',
};
