// Test data for the structured template calls.
import type {
  StructuredTemplateDetail,
  StructuredTemplateListItem,
  StructuredTemplatePreviewResponse,
  TemplateSection,
} from '@ewrt/contract';
import { DEFAULT_EXPERT_DECLARATION, DEFAULT_FRONTPAGE_TITLE } from '@ewrt/contract/limits';
import { answerCall, HttpResponse } from '@ewrt/shared/testing';

/** An error answer as the server sends it (clients show its `message`). */
export function structuredTemplateApiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

// Test data

/** A template of the signed-in user as the list shows it; override any field. */
export function makeStructuredTemplateListItem(
  overrides: Partial<StructuredTemplateListItem> = {},
): StructuredTemplateListItem {
  return {
    ID_Template: 31,
    template_name: 'Personal injury report',
    description: 'Road traffic and workplace injury claims',
    is_active: true,
    created_at: '2026-02-03T09:30:00.000Z',
    section_count: 3,
    owner_name: 'Dr Priya Patel',
    can_edit: true,
    ...overrides,
  };
}

/** A section of a template; override any field. */
export function makeTemplateSection(overrides: Partial<TemplateSection> = {}): TemplateSection {
  return {
    ID_Section: 301,
    section_title: '1. BACKGROUND AND CIRCUMSTANCES',
    section_description: 'The circumstances of the index event and the instructions received.',
    content_type: 'narrative',
    parent_section_id: null,
    order_in_sequence: 0,
    ...overrides,
  };
}

/**
 * Template 31 in full: a background section, an examination section with a sub-section under it, and the default
 * declaration. Overrides replace whole parts (`sections`, `frontpage`…) and merge into `template`.
 */
export function makeStructuredTemplateDetail(
  overrides: Partial<Omit<StructuredTemplateDetail, 'template'>> & {
    template?: Partial<StructuredTemplateDetail['template']>;
  } = {},
): StructuredTemplateDetail {
  const { template, ...parts } = overrides;
  return {
    frontpage: {
      title_text: DEFAULT_FRONTPAGE_TITLE,
      author_info: 'Dr Priya Patel MB ChB FRCS (Orth)',
      include_patient_name: true,
      include_patient_dob: true,
      include_patient_mrn: false,
      include_event_date: true,
      include_report_date: true,
    },
    sections: [
      makeTemplateSection(),
      makeTemplateSection({
        ID_Section: 302,
        section_title: '2. EXAMINATION',
        section_description: 'Findings on examination.',
        content_type: 'examination',
        order_in_sequence: 1,
      }),
      makeTemplateSection({
        ID_Section: 303,
        section_title: '2.1 Cervical spine',
        section_description: 'Range of movement and tenderness of the neck.',
        content_type: 'clinical_assessment',
        parent_section_id: 302,
        order_in_sequence: 2,
      }),
    ],
    endpage: {
      declaration_text: DEFAULT_EXPERT_DECLARATION,
      signature_line: 'Signed: ____________________   Date: ____________',
    },
    ...parts,
    template: {
      ID_Template: 31,
      template_name: 'Personal injury report',
      description: 'Road traffic and workplace injury claims',
      is_active: true,
      created_at: '2026-02-03T09:30:00.000Z',
      updated_at: '2026-02-04T11:00:00.000Z',
      owner_name: 'Dr Priya Patel',
      can_edit: true,
      ...template,
    },
  };
}

/**
 * The preview of template 31 as the server composes it: titles as stored, so one carries a number from an earlier
 * place ('3. EXAMINATION' now second) and one none.
 */
export function makeStructuredTemplatePreview(
  overrides: Partial<StructuredTemplatePreviewResponse['preview']> = {},
): StructuredTemplatePreviewResponse['preview'] {
  return {
    template_name: 'Personal injury report',
    description: 'Road traffic and workplace injury claims',
    sections: [
      {
        type: 'frontpage',
        title: DEFAULT_FRONTPAGE_TITLE,
        author: 'Dr Priya Patel MB ChB FRCS (Orth)',
        patient_fields: ['Patient name', 'Date of birth', 'Date of event', 'Report date'],
      },
      {
        type: 'section',
        number: '1',
        title: '1. BACKGROUND AND CIRCUMSTANCES',
        content_type: 'narrative',
        description: 'The circumstances of the index event and the instructions received.',
        level: 0,
      },
      {
        type: 'section',
        number: '2',
        title: '3. EXAMINATION',
        content_type: 'examination',
        description: 'Findings on examination.',
        level: 0,
      },
      {
        type: 'section',
        number: '2.1',
        title: 'Cervical spine',
        content_type: 'clinical_assessment',
        description: 'Range of movement and tenderness of the neck.',
        level: 1,
      },
      {
        type: 'endpage',
        declaration: 'EXPERT’S DECLARATION\n\n1. I understand that my overriding duty is to the court.',
        signature: 'Signed: ____________________   Date: ____________',
      },
    ],
    ...overrides,
  };
}

// Handlers

/** The cache invalidation every change is followed by. */
export const invalidateStructuredTemplateCacheHandler = () =>
  answerCall('invalidateStructuredTemplateCache', () => ({
    success: true,
    message: 'Structured template cache invalidated',
  }));
