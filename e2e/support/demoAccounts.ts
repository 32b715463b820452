// The seeded demo organisation (team contract): every account has this password and starts without two-factor.
export const DEMO_PASSWORD = 'DemoPass!2026';

export const DEMO_USERS = {
  admin: { username: 'admin', name: 'Dr Morgan Admin', group: 1, level: 'Full Access' },
  groupAdmin: { username: 'groupadmin', name: 'Dr Grace Lead', group: 1, level: 'Full Access' },
  practitioner: { username: 'dr.patel', name: 'Dr Asha Patel', group: 1, level: 'Full Access' },
  standard: { username: 's.hughes', name: 'Sam Hughes', group: 1, level: 'Standard' },
  typist: { username: 't.reid', name: 'Toni Reid', group: 1, level: 'Transcription Only' },
  readOnly: { username: 'r.viewer', name: 'Robin Viewer', group: 1, level: 'Read Only' },
  otherGroup: { username: 'dr.okafor', name: 'Dr Chidi Okafor', group: 2, level: 'Full Access' },
} as const;
