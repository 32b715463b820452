import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DEFAULT_FRONTPAGE_TITLE,
  type Frontpage,
  type SectionContentType,
  type TemplateSection,
} from '@ewrt/contract';
import { buildTemplatePreview } from '../src/features/structured-templates/buildTemplatePreview.js';
import {
  orderTemplateSections,
  type SectionToOrder,
} from '../src/features/structured-templates/orderTemplateSections.js';

const section = (
  title: string,
  order: number,
  fields: { id?: number; parent?: number | null } = {},
): SectionToOrder => ({
  ...(fields.id === undefined ? {} : { ID_Section: fields.id }),
  section_title: title,
  parent_section_id: fields.parent ?? null,
  order_in_sequence: order,
});

function ordered(sections: SectionToOrder[]) {
  const result = orderTemplateSections(sections);
  assert.ok(result.ok, result.ok ? '' : result.problem);
  return result.sections.map(({ section: each, position, parentPosition }) => ({
    title: each.section_title,
    position,
    parentPosition,
  }));
}

function problemOf(sections: SectionToOrder[]): string {
  const result = orderTemplateSections(sections);
  assert.equal(result.ok, false, 'expected the sections to be refused');
  return result.ok ? '' : result.problem;
}

describe('orderTemplateSections', () => {
  it('orders by order_in_sequence, renumbers 1 to n and keeps the body order for ties', () => {
    assert.deepEqual(
      ordered([
        section('Opinion', 30),
        section('Background', 5),
        section('History', 12),
        section('Summary', 12),
      ]),
      [
        { title: 'Background', position: 1, parentPosition: null },
        { title: 'History', position: 2, parentPosition: null },
        { title: 'Summary', position: 3, parentPosition: null },
        { title: 'Opinion', position: 4, parentPosition: null },
      ],
    );
  });

  it('resolves a parent named by a client number or a stored id to its position', () => {
    assert.deepEqual(
      ordered([
        section('Examination', 2, { id: 71 }),
        section('Musculoskeletal', 3, { id: -1, parent: 71 }),
        section('Background', 1, { id: -2 }),
        section('Spine', 4, { parent: -1 }),
      ]),
      [
        { title: 'Background', position: 1, parentPosition: null },
        { title: 'Examination', position: 2, parentPosition: null },
        { title: 'Musculoskeletal', position: 3, parentPosition: 2 },
        { title: 'Spine', position: 4, parentPosition: 3 },
      ],
    );
  });

  it('refuses a parent that is not in the body', () => {
    assert.equal(
      problemOf([section('Background', 1, { id: 1 }), section('History', 2, { parent: 9 })]),
      'The parent section of "History" is not a section of this template',
    );
  });

  it('refuses a section that is its own parent or ancestor', () => {
    assert.equal(
      problemOf([section('Background', 1, { id: 1, parent: 1 })]),
      'Section "Background" cannot be its own parent or ancestor',
    );
    assert.equal(
      problemOf([
        section('Background', 1, { id: 1 }),
        section('History', 2, { id: 2, parent: 3 }),
        section('Opinion', 3, { id: 3, parent: 2 }),
      ]),
      'Section "History" cannot be its own parent or ancestor',
    );
  });

  it('refuses a parent placed after its child', () => {
    assert.equal(
      problemOf([section('Spine', 1, { id: 2, parent: 1 }), section('Examination', 2, { id: 1 })]),
      'Section "Spine" comes before its parent section "Examination": a parent section must come first',
    );
  });

  it('refuses two sections with the same id, and no sections at all', () => {
    assert.equal(
      problemOf([section('Background', 1, { id: 4 }), section('History', 2, { id: 4 })]),
      'Sections "Background" and "History" have the same section id (4)',
    );
    assert.equal(problemOf([]), 'A template needs at least one section');
  });
});

const frontpage = (overrides: Partial<Frontpage> = {}): Frontpage => ({
  title_text: 'Medico-Legal Report',
  author_info: 'Dr Asha Patel, FRCS',
  include_patient_name: true,
  include_patient_dob: true,
  include_patient_mrn: true,
  include_event_date: true,
  include_report_date: true,
  ...overrides,
});

const stored = (
  id: number,
  title: string,
  order: number,
  parent: number | null = null,
  contentType: SectionContentType = 'narrative',
): TemplateSection => ({
  ID_Section: id,
  section_title: title,
  section_description: `About ${title.toLowerCase()}`,
  content_type: contentType,
  parent_section_id: parent,
  order_in_sequence: order,
});

describe('buildTemplatePreview', () => {
  const endpage = {
    declaration_text: 'I understand my duty to the court.',
    signature_line: 'Signed: ________',
  };

  it('gives the frontpage, the numbered sections depth first, then the endpage', () => {
    const preview = buildTemplatePreview({
      template_name: 'Personal injury',
      description: 'Road traffic claims',
      frontpage: frontpage(),
      sections: [
        stored(10, 'Background', 1),
        stored(11, 'Examination', 2, null, 'examination'),
        stored(12, 'Opinion', 3, null, 'opinion'),
        stored(13, 'Spine', 4, 11, 'examination'),
        stored(14, 'Lumbar', 5, 13),
        stored(15, 'Neck', 6, 11),
      ],
      endpage,
    });
    assert.equal(preview.template_name, 'Personal injury');
    assert.equal(preview.description, 'Road traffic claims');
    assert.deepEqual(preview.sections[0], {
      type: 'frontpage',
      title: 'Medico-Legal Report',
      author: 'Dr Asha Patel, FRCS',
      patient_fields: ['Patient name', 'Date of birth', 'MRN', 'Date of event', 'Report date'],
    });
    assert.deepEqual(
      preview.sections
        .slice(1, -1)
        .map((part) => (part.type === 'section' ? [part.number, part.title, part.level] : [])),
      [
        ['1', 'Background', 0],
        ['2', 'Examination', 0],
        ['2.1', 'Spine', 1],
        ['2.1.1', 'Lumbar', 2],
        ['2.2', 'Neck', 1],
        ['3', 'Opinion', 0],
      ],
    );
    assert.deepEqual(preview.sections[2], {
      type: 'section',
      number: '2',
      title: 'Examination',
      content_type: 'examination',
      description: 'About examination',
      level: 0,
    });
    assert.deepEqual(preview.sections.at(-1), {
      type: 'endpage',
      declaration: 'I understand my duty to the court.',
      signature: 'Signed: ________',
    });
  });

  it('lists only the patient details the frontpage includes, and a blank title reads as the default', () => {
    const preview = buildTemplatePreview({
      template_name: 'Prognosis',
      description: null,
      frontpage: frontpage({
        title_text: '   ',
        include_patient_name: false,
        include_patient_mrn: false,
        include_report_date: false,
      }),
      sections: [stored(1, 'Background', 1)],
      endpage,
    });
    const [front] = preview.sections;
    assert.equal(front?.type, 'frontpage');
    assert.equal(front.type === 'frontpage' && front.title, DEFAULT_FRONTPAGE_TITLE);
    assert.deepEqual(front.type === 'frontpage' && front.patient_fields, ['Date of birth', 'Date of event']);
  });

  it('numbers siblings by their order, whatever order they are given in', () => {
    const preview = buildTemplatePreview({
      template_name: 'Clinical negligence',
      description: null,
      frontpage: frontpage(),
      sections: [
        stored(3, 'Causation', 9),
        stored(1, 'Breach of duty', 2),
        stored(2, 'Standard of care', 3, 1),
      ],
      endpage,
    });
    assert.deepEqual(
      preview.sections.flatMap((part) => (part.type === 'section' ? [`${part.number} ${part.title}`] : [])),
      ['1 Breach of duty', '1.1 Standard of care', '2 Causation'],
    );
  });
});
