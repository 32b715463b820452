import {
  checkRouteAccess,
  declaredRoutes,
  hasFeature,
  patientLink,
  type DeclaredRoute,
  type Feature,
  type Patient,
  type User,
} from '@ewrt/shared';

export interface NavSectionDefinition {
  key: string;
  label: string;
  /** The user feature that shows the section (ACC-05); none = always shown. */
  feature?: Feature;
}

/**
 * The navigation bar's sections, in order (SHELL-04). Their items come from the remotes' route
 * declarations (`nav`), so a section shows only what deployed remotes declare.
 */
export const NAV_SECTIONS: readonly NavSectionDefinition[] = [
  { key: 'patient', label: 'Patient' },
  { key: 'documents', label: 'Documents', feature: 'documents' },
  { key: 'transcription', label: 'Transcription', feature: 'transcription' },
  { key: 'generative-ai', label: 'Generative AI', feature: 'generative-ai' },
  { key: 'tools', label: 'Tools', feature: 'tools' },
  { key: 'users', label: 'Users' },
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

type NavRoute = DeclaredRoute & { nav: NonNullable<DeclaredRoute['nav']> };

function hasNavEntry(route: DeclaredRoute): route is NavRoute {
  return route.nav !== undefined;
}

/** The concrete link of an item, or null when it needs the selected patient and there is none. */
export function itemHref(route: NavRoute, patient: Patient | null): string | null {
  const namesPatient = route.path.split('/').includes(':patientId');
  if (!patient) return namesPatient || route.needsPatient ? null : route.path;
  return patientLink(route.path, patient.ID_Patient, { patientQuery: route.nav.patientQuery });
}

/**
 * The host's sections, then one section per section key that only remotes name (labelled with the
 * first such remote's area), so that a new remote shows in the navbar without editing the host.
 */
function sectionsFor(routes: readonly NavRoute[]): NavSectionDefinition[] {
  const sections = [...NAV_SECTIONS];
  for (const route of routes) {
    if (!sections.some((section) => section.key === route.nav.section)) {
      sections.push({ key: route.nav.section, label: route.remote.areaLabel });
    }
  }
  return sections;
}

/**
 * The sections and items a user sees: a section when the user has its feature, an item when the access
 * rules (@ewrt/shared checkRouteAccess, with the selected patient's level) allow its route. Sections
 * left without items are dropped. The routes are those of the loaded runtime configuration by default.
 */
export function visibleNavSections(
  user: User | null,
  patient: Patient | null,
  routes: readonly DeclaredRoute[] = declaredRoutes(),
): NavSection[] {
  if (!user) return [];
  const navRoutes = routes.filter(hasNavEntry);
  return sectionsFor(navRoutes).flatMap((section) => {
    if (section.feature && !hasFeature(user, section.feature)) return [];
    const items = navRoutes
      .filter((route) => route.nav.section === section.key)
      .filter((route) => checkRouteAccess(route, user, patient).allowed)
      .sort((a, b) => a.nav.order - b.nav.order)
      .map((route) => ({
        key: `${route.remote.name}:${route.key}`,
        label: route.nav.label,
        href: itemHref(route, patient),
      }));
    return items.length > 0 ? [{ key: section.key, label: section.label, items }] : [];
  });
}
