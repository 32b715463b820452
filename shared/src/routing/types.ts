import type { Feature, PatientFeature } from '../access/types';
import type { PatientAccessLevel } from '../api/types';

/** Where a route appears in the host's navigation bar. */
export interface NavEntry {
  /**
   * Key of a navbar section of the host: patient, documents, transcription, generative-ai, tools or
   * users. A key the host does not know gets a section of its own, named after the area.
   */
  section: string;
  label: string;
  /** Position among the section's items, all remotes together; lowest first. */
  order: number;
  /** Add `?patientId=<id>` to the link when a patient is selected. */
  patientQuery?: boolean;
}

/** An action card of the patient dashboard (PAT-09) whose Access button opens the route. */
export interface ActionCardEntry {
  title: string;
  description: string;
  /** The patient feature of ACC-06 that shows the card. */
  patientFeature: PatientFeature;
  /** Position among the cards, all remotes together; lowest first. */
  order: number;
  /** Name the patient as `?patientId=<id>` (for a path without ":patientId"). */
  patientQuery?: boolean;
}

/**
 * One screen of a remote, declared once in the remote's `src/routes.ts` (ADR 0002). The remote's router,
 * the generated runtime configuration, the host's guard and navbar, and the patient dashboard's cards
 * all read it. Example:
 *
 *     { key: 'documents-process', path: '/documents/process', feature: 'documents', patientLevels: [1],
 *       nav: { section: 'documents', label: 'Process Documents', order: 10 } }
 */
export interface RouteDeclaration {
  /** Unique within the remote; the remote's router picks the screen by it. */
  key: string;
  /** Path pattern; a ":name" segment matches any one segment. The most specific pattern owns a path. */
  path: string;
  /**
   * What the screen is called, e.g. "Patient Search": the browser tab reads "Patient Search — The Expert
   * Witness Report Tool". Without it, the area's label stands in.
   */
  title?: string;
  /** The user feature (ACC-05) the user's access level must grant; none = every signed-in user. */
  feature?: Feature;
  /** Only administrators and group admins. */
  adminOnly?: boolean;
  /** Works on the selected patient without naming it in the path: asks for one when none is selected. */
  needsPatient?: boolean;
  /**
   * The selected patient's access levels (ACC-03: 1 full, 2 pagination only, 3 view only) that may
   * open the route; 1 is always among them. `patientLevelsUnderSpec(path)` gives the spec's answer.
   */
  patientLevels: readonly PatientAccessLevel[];
  nav?: NavEntry;
  actionCard?: ActionCardEntry;
}
