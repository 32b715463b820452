import { checkRouteAccess, findRoute, hasFeature, type Feature, type Patient, type User } from '@ewrt/shared';

/** A path with ":patientId" where the selected patient's id goes. */
type PathTemplate = string;

export interface NavItemDefinition {
  key: string;
  label: string;
  path: PathTemplate;
  /** Add `?patientId=<id>` when a patient is selected (the transcription screens accept it). */
  patientQuery?: boolean;
}

export interface NavSectionDefinition {
  key: string;
  label: string;
  /** The user feature that shows the section (part 1 §2.7); none = always shown. */
  feature?: Feature;
  items: readonly NavItemDefinition[];
}

/**
 * The navigation bar as data (part 1 §2.7, parts 2 and 3 for the targets). Items that need a feature
 * beyond the section's (advanced-tools) or admin rights are filtered by the route rules, not here.
 */
export const NAV_SECTIONS: readonly NavSectionDefinition[] = [
  {
    key: 'patient',
    label: 'Patient',
    items: [
      { key: 'patient-search', label: 'Search', path: '/patients' },
      { key: 'patient-dashboard', label: 'Dashboard', path: '/patients/:patientId/dashboard' },
      { key: 'patient-jobs', label: 'Job List', path: '/patient/:patientId/jobs' },
    ],
  },
  {
    key: 'documents',
    label: 'Documents',
    feature: 'documents',
    items: [
      { key: 'documents-process', label: 'Process Documents', path: '/documents/process' },
      { key: 'documents-search', label: 'Search Documents', path: '/documents/search' },
      { key: 'documents-vectors', label: 'Vector Management', path: '/documents/patient/:patientId' },
      { key: 'documents-query', label: 'Query Medical Records', path: '/patients/:patientId/simplequery' },
      { key: 'opinions-upload', label: 'Opinion Upload', path: '/opinions/upload' },
      { key: 'opinions-query', label: 'Opinion Query', path: '/opinions/query' },
      { key: 'opinion-documents', label: 'Opinion Documents', path: '/opinion-documents' },
    ],
  },
  {
    key: 'transcription',
    label: 'Transcription',
    feature: 'transcription',
    items: [
      { key: 'transcription-live', label: 'Live', path: '/transcription/live', patientQuery: true },
      { key: 'transcription-upload', label: 'Upload', path: '/transcription/upload', patientQuery: true },
      { key: 'transcription-manage', label: 'Manage', path: '/transcription/manage', patientQuery: true },
    ],
  },
  {
    key: 'generative-ai',
    label: 'Generative AI',
    feature: 'generative-ai',
    items: [
      { key: 'draft-report', label: 'Draft Report', path: '/draft-report' },
      { key: 'generative-docs', label: 'Generated Reports', path: '/generative-docs' },
    ],
  },
  {
    key: 'tools',
    label: 'Tools',
    feature: 'tools',
    items: [
      { key: 'secure-chatbot', label: 'Secure Chatbot', path: '/secure-chatbot' },
      { key: 'research-assistant', label: 'Research Assistant', path: '/research-assistant' },
      { key: 'prompt-edit', label: 'Prompts', path: '/prompt-edit' },
      { key: 'example-report', label: 'Style Document', path: '/example-report' },
      { key: 'report-templates', label: 'Report Templates', path: '/report-templates' },
      { key: 'structured-templates', label: 'Structured Templates', path: '/structured-templates' },
    ],
  },
  {
    key: 'users',
    label: 'Users',
    items: [
      { key: 'users-dashboard', label: 'My Dashboard', path: '/users/dashboard' },
      { key: 'users-manage', label: 'Manage users', path: '/users' },
    ],
  },
];

/** A navigation entry as shown: where it goes, or null when it needs a patient and none is selected. */
export interface NavItem {
  key: string;
  label: string;
  href: string | null;
}

export interface NavSection {
  key: string;
  label: string;
  items: NavItem[];
}

const PATIENT_ID_PARAM = ':patientId';

/** The concrete link of an item, or null when it needs the selected patient and there is none. */
export function itemHref(item: NavItemDefinition, patient: Patient | null): string | null {
  const needsPatient = item.path.includes(PATIENT_ID_PARAM) || (findRoute(item.path)?.needsPatient ?? false);
  if (needsPatient && !patient) return null;
  const path = patient ? item.path.replace(PATIENT_ID_PARAM, String(patient.ID_Patient)) : item.path;
  return item.patientQuery && patient ? `${path}?patientId=${patient.ID_Patient}` : path;
}

/**
 * The sections and items a user sees: a section when the user has its feature, an item when the
 * route rules (@ewrt/shared checkRouteAccess, with the selected patient's level) allow its path.
 * Sections left without items are dropped.
 */
export function visibleNavSections(user: User | null, patient: Patient | null): NavSection[] {
  if (!user) return [];
  return NAV_SECTIONS.flatMap((section) => {
    if (section.feature && !hasFeature(user, section.feature)) return [];
    const items = section.items
      // The pattern itself is a valid path for the rules when no patient is selected.
      .filter((item) => checkRouteAccess(itemHref(item, patient) ?? item.path, user, patient).allowed)
      .map((item) => ({ key: item.key, label: item.label, href: itemHref(item, patient) }));
    return items.length > 0 ? [{ key: section.key, label: section.label, items }] : [];
  });
}
