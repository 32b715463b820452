import { makePatient, makeRuntimeConfig, makeUser, PATIENTS_REMOTE } from '@ewrt/shared/testing';
import { declaredRoutes, type RemoteConfig, type User } from '@ewrt/shared';
import { NAV_SECTIONS, visibleNavSections } from './navSections';

// The test kit's five fixture remotes deployed: the navbar of SHELL-04 in full.
const SUITE = declaredRoutes(makeRuntimeConfig());

/** The navbar as "Section: item, item" lines, easy to compare with the access table. */
function outline(user: User, patient = makePatient({ ID_Patient: 7 }), routes = SUITE) {
  return visibleNavSections(user, patient, routes).map(
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
    const sections = visibleNavSections(practitioner, makePatient({ ID_Patient: 42 }), SUITE);
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
    const sections = visibleNavSections(practitioner, null, SUITE);
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
    expect(visibleNavSections(null, null, SUITE)).toEqual([]);
  });
});

describe('visibleNavSections shows only what deployed remotes declare', () => {
  const practitioner = makeUser({ txt_access_level: 'Full Access' });

  it('with only the patients remote: its two items, no Job List, no other section', () => {
    const routes = declaredRoutes(makeRuntimeConfig([PATIENTS_REMOTE]));
    expect(outline(makeUser({ Administrator: 'yes' }), undefined, routes)).toEqual([
      'Patient: Search, Dashboard',
    ]);
  });

  it('puts a section key the host does not know in a section of its own, named after the area', () => {
    const demo: RemoteConfig = {
      name: 'mf_demo',
      area: 'demo',
      areaLabel: 'Demo Area',
      manifestUrl: 'http://demo.test/mf-manifest.json',
      routes: [
        {
          key: 'demo-home',
          path: '/demo',
          patientLevels: [1, 2, 3],
          nav: { section: 'demo', label: 'Home', order: 1 },
        },
        {
          key: 'demo-tool',
          path: '/demo/tool',
          feature: 'tools',
          patientLevels: [1],
          nav: { section: 'tools', label: 'Demo Tool', order: 5 },
        },
      ],
    };
    const routes = declaredRoutes(makeRuntimeConfig([PATIENTS_REMOTE, demo]));
    expect(outline(practitioner, undefined, routes)).toEqual([
      'Patient: Search, Dashboard',
      'Tools: Demo Tool',
      'Demo Area: Home',
    ]);
  });

  it('orders the items of a section by their declared order, whichever remote declares them', () => {
    const jobsFirst = declaredRoutes(makeRuntimeConfig()).map((route) =>
      route.key === 'patient-jobs' && route.nav ? { ...route, nav: { ...route.nav, order: 1 } } : route,
    );
    expect(outline(practitioner, undefined, jobsFirst)[0]).toBe('Patient: Job List, Search, Dashboard');
  });
});

describe('NAV_SECTIONS', () => {
  it('holds the six dropdowns of SHELL-04 in order', () => {
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
