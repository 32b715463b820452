// The structured template form's values: a new template's defaults, a stored template loaded for editing, the
// save call's body and the preview text of the save confirmation.
import type {
  Endpage,
  Frontpage,
  StructuredTemplateDetail,
  StructuredTemplateSaveRequest,
  TemplateSection,
} from '@ewrt/contract';
import {
  DEFAULT_EXPERT_DECLARATION,
  DEFAULT_FRONTPAGE_TITLE,
  STRUCTURED_PREVIEW_LENGTH,
} from '@ewrt/contract/limits';
import { initialSections } from './sectionOperations';

export interface TemplateFormValues {
  template_name: string;
  description: string;
  is_active: boolean;
  frontpage: Frontpage;
  /** In report order. */
  sections: TemplateSection[];
  endpage: Endpage;
}

/** A new template: active, the default frontpage title with every patient detail, one section, the declaration. */
export function newTemplateFormValues(): TemplateFormValues {
  return {
    template_name: '',
    description: '',
    is_active: true,
    frontpage: {
      title_text: DEFAULT_FRONTPAGE_TITLE,
      author_info: '',
      include_patient_name: true,
      include_patient_dob: true,
      include_patient_mrn: true,
      include_event_date: true,
      include_report_date: true,
    },
    sections: initialSections(),
    endpage: { declaration_text: DEFAULT_EXPERT_DECLARATION, signature_line: '' },
  };
}

/** A stored template as the form edits it, its sections in order. */
export function detailToFormValues(detail: StructuredTemplateDetail): TemplateFormValues {
  return {
    template_name: detail.template.template_name,
    description: detail.template.description ?? '',
    is_active: detail.template.is_active,
    frontpage: { ...detail.frontpage },
    sections: [...detail.sections]
      .sort((a, b) => a.order_in_sequence - b.order_in_sequence)
      .map((section, index) => ({ ...section, order_in_sequence: index })),
    endpage: { ...detail.endpage },
  };
}

/**
 * The create and update body: the name trimmed, a blank description as null, sections numbered 0, 1, 2… in the
 * order shown, each keeping its id (stored, or negative for a new one) so that parents can be named.
 */
export function formValuesToSaveRequest(values: TemplateFormValues): StructuredTemplateSaveRequest {
  const description = values.description.trim();
  return {
    template_name: values.template_name.trim(),
    description: description === '' ? null : description,
    is_active: values.is_active,
    frontpage: { ...values.frontpage },
    sections: values.sections.map((section, index) => ({
      ID_Section: section.ID_Section,
      section_title: section.section_title.trim(),
      section_description: section.section_description,
      content_type: section.content_type,
      parent_section_id: section.parent_section_id,
      order_in_sequence: index,
    })),
    endpage: { ...values.endpage },
  };
}

/** Cuts text to the save dialogs' preview length, marking the cut with an ellipsis. */
export function cutToPreviewLength(text: string): string {
  if (text.length <= STRUCTURED_PREVIEW_LENGTH) return text;
  return `${text.slice(0, STRUCTURED_PREVIEW_LENGTH - 1).trimEnd()}…`;
}

/** What the save confirmation shows of the template: its sections in order, then its declaration. */
export function savePreviewText(values: TemplateFormValues): string {
  const sections = values.sections.map((section) => section.section_title.trim()).join('\n');
  return cutToPreviewLength(`${sections}\n\n${values.endpage.declaration_text.trim()}`);
}
