import {
  DEFAULT_FRONTPAGE_TITLE,
  type Endpage,
  type Frontpage,
  type StructuredTemplatePreviewResponse,
  type TemplatePreviewPart,
  type TemplateSection,
} from '@ewrt/contract';

export interface TemplateToPreview {
  template_name: string;
  description: string | null;
  frontpage: Frontpage;
  sections: readonly TemplateSection[];
  endpage: Endpage;
}

type Preview = StructuredTemplatePreviewResponse['preview'];

/** The patient details a frontpage can carry, in the order the frontpage lists them. */
const PATIENT_FIELDS: readonly { flag: keyof Frontpage; label: string }[] = [
  { flag: 'include_patient_name', label: 'Patient name' },
  { flag: 'include_patient_dob', label: 'Date of birth' },
  { flag: 'include_patient_mrn', label: 'MRN' },
  { flag: 'include_event_date', label: 'Date of event' },
  { flag: 'include_report_date', label: 'Report date' },
];

const bySequence = (a: TemplateSection, b: TemplateSection) =>
  a.order_in_sequence - b.order_in_sequence || a.ID_Section - b.ID_Section;

/**
 * The template as its report will read (TPL-07): the frontpage, then the sections depth first, each numbered by
 * its place among its siblings ('2', and '2.1' for the first section under it), then the endpage. A section whose
 * parent is not among the sections counts as a top-level one.
 */
export function buildTemplatePreview(template: TemplateToPreview): Preview {
  const { frontpage, endpage } = template;
  const ids = new Set(template.sections.map((section) => section.ID_Section));
  const childrenOf = new Map<number | null, TemplateSection[]>();
  for (const section of template.sections) {
    const parentId =
      section.parent_section_id !== null && ids.has(section.parent_section_id)
        ? section.parent_section_id
        : null;
    const siblings = childrenOf.get(parentId) ?? [];
    siblings.push(section);
    childrenOf.set(parentId, siblings);
  }

  const sectionParts: TemplatePreviewPart[] = [];
  const visited = new Set<number>();
  const visit = (parentId: number | null, prefix: string, level: number) => {
    const children = [...(childrenOf.get(parentId) ?? [])].sort(bySequence);
    children.forEach((section, index) => {
      // Stored parent links never loop; the guard only keeps a damaged row from hanging the preview.
      if (visited.has(section.ID_Section)) return;
      visited.add(section.ID_Section);
      const number = `${prefix}${index + 1}`;
      sectionParts.push({
        type: 'section',
        number,
        title: section.section_title,
        content_type: section.content_type,
        description: section.section_description,
        level,
      });
      visit(section.ID_Section, `${number}.`, level + 1);
    });
  };
  visit(null, '', 0);

  return {
    template_name: template.template_name,
    description: template.description,
    sections: [
      {
        type: 'frontpage',
        title: frontpage.title_text.trim() === '' ? DEFAULT_FRONTPAGE_TITLE : frontpage.title_text,
        author: frontpage.author_info,
        patient_fields: PATIENT_FIELDS.filter(({ flag }) => frontpage[flag] === true).map(
          ({ label }) => label,
        ),
      },
      ...sectionParts,
      { type: 'endpage', declaration: endpage.declaration_text, signature: endpage.signature_line },
    ],
  };
}
