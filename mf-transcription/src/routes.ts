// The screens of the Transcription area, declared once (docs/adr/0002-route-declarations.md). Pure data: the router
// (app/TranscriptionApp.tsx) renders it and the runtime configuration is generated from it, so the host's guard and
// navbar follow it too. Add a screen here and in the router's SCREENS.
import type { RouteDeclaration } from '@ewrt/shared';

/** The area this remote serves, as the runtime configuration names it. */
export const area = 'transcription';

/** How users name the area, e.g. in "this area is unavailable". */
export const areaLabel = 'Transcription';

// Dictation works on a patient the user may work on fully: the screens take ?patientId= or the selected patient and
// say themselves when there is none (TRN-02, TRN-07), so no route needs a patient to open.
export const routes = [
  {
    key: 'transcription-live',
    path: '/transcription/live',
    title: 'Live Transcription',
    feature: 'transcription',
    patientLevels: [1],
    nav: { section: 'transcription', label: 'Live Transcription', order: 10, patientQuery: true },
    // Beyond the spec's seven cards: the dashboard offers dictation with the full-access patient's tools. The spec's
    // patient features have no transcription of their own; dictation serves the report, so it shows where the
    // draft reports do, and only to users whose level has transcription (the route's feature).
    actionCard: {
      title: 'Transcription',
      description:
        'Dictate notes or a report about this patient and see the words as you speak, or upload a recording to transcribe.',
      patientFeature: 'draft-reports',
      order: 80,
      patientQuery: true,
    },
  },
  {
    key: 'transcription-upload',
    path: '/transcription/upload',
    title: 'Audio Upload Transcription',
    feature: 'transcription',
    patientLevels: [1],
    nav: { section: 'transcription', label: 'Upload Audio', order: 20, patientQuery: true },
  },
  {
    key: 'transcription-manage',
    path: '/transcription/manage',
    title: 'Manage Transcriptions',
    feature: 'transcription',
    patientLevels: [1],
    nav: { section: 'transcription', label: 'Manage Transcriptions', order: 30, patientQuery: true },
  },
] as const satisfies readonly RouteDeclaration[];

/** The key of one of this area's routes. */
export type TranscriptionAppRouteKey = (typeof routes)[number]['key'];
