import { makePatient, makeUser } from '@ewrt/shared/testing';
import type { User } from '@ewrt/shared';
import { NAV_SECTIONS, visibleNavSections } from './navSections';

/** The navbar as "Section: item, item" lines, easy to compare with the access table. */
function outline(user: User, patient = makePatient({ ID_Patient: 7 })) {
  return visibleNavSections(user, patient).map(
    (section) => `${section.label}: ${section.items.map((item) => item.label).join(', ')}`,
  );
}

const EVERYTHING = [
  'Patient: Search, Dashboard, Job List',
  'Documents: Process Documents, Search Documents, Vector Management, Query Medical Records, Opinion Upload, Opinion Query, Opinion Documents',
  'Transcription: Live, Upload, Manage',
  'Generative AI: Draft Report, Generated Reports',
  'Tools: Secure Chatbot, Research Assistant, Prompts, Style Document, Report Templates, Structured Templates',
];

describe('visibleNavSections for every role and access level', () => {
  it.each<[string, Partial<User>, string[]]>([
    [
      'an administrator (whatever the level)',
      { Administrator: 'yes', txt_access_level: 'Read Only' },
      [...EVERYTHING, 'Users: My Dashboard, Manage users'],
    ],
    [
      'a group admin with Full Access',
      { group_admin: 'yes', txt_access_level: 'Full Access' },
      [...EVERYTHING, 'Users: My Dashboard, Manage users'],
    ],
    [
      'a Full Access practitioner',
      { txt_access_level: 'Full Access' },
      [...EVERYTHING, 'Users: My Dashboard'],
    ],
    [
      'a Standard practitioner (no advanced tools)',
      { txt_access_level: 'Standard' },
      [
        'Patient: Search, Dashboard, Job List',
        'Documents: Process Documents, Search Documents, Vector Management, Query Medical Records',
        'Transcription: Live, Upload, Manage',
        'Generative AI: Draft Report, Generated Reports',
        'Tools: Secure Chatbot, Research Assistant',
        'Users: My Dashboard',
      ],
    ],
    [
      'a group admin with Standard access',
      { group_admin: 'yes', txt_access_level: 'Standard' },
      [
        'Patient: Search, Dashboard, Job List',
        'Documents: Process Documents, Search Documents, Vector Management, Query Medical Records',
        'Transcription: Live, Upload, Manage',
        'Generative AI: Draft Report, Generated Reports',
        'Tools: Secure Chatbot, Research Assistant',
        'Users: My Dashboard, Manage users',
      ],
    ],
    [
      'a Transcription Only typist',
      { txt_access_level: 'Transcription Only' },
      ['Patient: Search, Dashboard', 'Transcription: Live, Upload, Manage', 'Users: My Dashboard'],
    ],
    [
      'a Read Only user',
      { txt_access_level: 'Read Only' },
      ['Patient: Search, Dashboard', 'Users: My Dashboard'],
    ],
    [
      'a user whose level is unknown (least privilege)',
      { txt_access_level: 'Mystery' },
      ['Patient: Search, Dashboard', 'Users: My Dashboard'],
    ],
  ])('%s', (_role, overrides, expected) => {
    expect(outline(makeUser(overrides))).toEqual(expected);
  });
});

describe('visibleNavSections and the selected patient', () => {
  const practitioner = makeUser({ txt_access_level: 'Full Access' });

  it('links to the selected patient and passes patientId to transcription', () => {
    const sections = visibleNavSections(practitioner, makePatient({ ID_Patient: 42 }));
    const hrefs = Object.fromEntries(sections.flatMap((s) => s.items.map((item) => [item.label, item.href])));
    expect(hrefs).toMatchObject({
      Search: '/patients',
      Dashboard: '/patients/42/dashboard',
      'Job List': '/patient/42/jobs',
      'Process Documents': '/documents/process',
      'Search Documents': '/documents/search',
      'Vector Management': '/documents/patient/42',
      'Query Medical Records': '/patients/42/simplequery',
      'Opinion Upload': '/opinions/upload',
      'Opinion Query': '/opinions/query',
      'Opinion Documents': '/opinion-documents',
      Live: '/transcription/live?patientId=42',
      Upload: '/transcription/upload?patientId=42',
      Manage: '/transcription/manage?patientId=42',
      'Draft Report': '/draft-report',
      'Generated Reports': '/generative-docs',
      'Secure Chatbot': '/secure-chatbot',
      'Research Assistant': '/research-assistant',
      Prompts: '/prompt-edit',
      'Style Document': '/example-report',
      'Report Templates': '/report-templates',
      'Structured Templates': '/structured-templates',
      'My Dashboard': '/users/dashboard',
    });
  });

  it('keeps the items that need a patient but gives them no link when none is selected', () => {
    const sections = visibleNavSections(practitioner, null);
    const hrefs = Object.fromEntries(sections.flatMap((s) => s.items.map((item) => [item.label, item.href])));
    expect(hrefs).toMatchObject({
      Search: '/patients',
      Dashboard: null,
      'Job List': null,
      'Process Documents': '/documents/process',
      'Vector Management': null,
      'Query Medical Records': null,
      Live: null,
      'Draft Report': null,
      'Secure Chatbot': '/secure-chatbot',
      'My Dashboard': '/users/dashboard',
    });
  });

  it('hides what a pagination-only patient does not permit', () => {
    expect(outline(practitioner, makePatient({ ID_Patient: 7, access_level: 2 }))).toEqual([
      'Patient: Search, Dashboard, Job List',
      'Documents: Query Medical Records, Opinion Documents',
      'Tools: Report Templates',
      'Users: My Dashboard',
    ]);
  });

  it('leaves only patient screens and the own dashboard for a view-only patient', () => {
    expect(outline(practitioner, makePatient({ ID_Patient: 7, access_level: 3 }))).toEqual([
      'Patient: Search, Dashboard',
      'Documents: Query Medical Records',
      'Users: My Dashboard',
    ]);
  });

  it('shows nothing to a signed-out visitor', () => {
    expect(visibleNavSections(null, null)).toEqual([]);
  });
});

describe('NAV_SECTIONS', () => {
  it('holds the six dropdowns of part 1 §2.7 in order', () => {
    expect(NAV_SECTIONS.map((section) => section.label)).toEqual([
      'Patient',
      'Documents',
      'Transcription',
      'Generative AI',
      'Tools',
      'Users',
    ]);
  });
});
