import { memo, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { Button, Card, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { SectionContentType, TemplateSection } from '@ewrt/contract';
import {
  SECTION_CONTENT_TYPE_LABELS,
  SECTION_CONTENT_TYPES,
  SECTION_DESCRIPTION_MAX_LENGTH,
  SECTION_TITLE_MAX_LENGTH,
} from '@ewrt/contract/limits';
import {
  addSection,
  canDeleteSection,
  canMoveSection,
  deleteSection,
  duplicateSection,
  editSection,
  moveSection,
  parentCandidates,
  type MoveDirection,
} from './sectionOperations';

/** Which control of which section takes the focus after a change (the one acted on may have gone). */
export interface SectionFocusRequest {
  sectionId: number;
  control: 'title' | MoveDirection;
}

interface SectionEditorProps {
  sections: readonly TemplateSection[];
  onChange: (sections: TemplateSection[], focus?: SectionFocusRequest) => void;
  /** A section to focus once it is on screen (after an add from elsewhere on the form, for instance). */
  focusRequest: SectionFocusRequest | null;
  onFocusDone: () => void;
}

const CONTENT_TYPE_OPTIONS = SECTION_CONTENT_TYPES.map((value) => ({
  value,
  label: SECTION_CONTENT_TYPE_LABELS[value],
}));

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** The parent choice of a top-level section: no section has id 0 (stored ids are positive, new ones negative). */
const TOP_LEVEL = 0;

/** How a section is named on its buttons and in announcements. */
const sectionName = (section: TemplateSection, index: number) =>
  section.section_title.trim() || `section ${index + 1}`;

/**
 * Report Sections: each section's title, description, content type and parent, with Move up, Move down,
 * Duplicate and Delete, and Add Section below. Each change is announced and the focus stays on the section
 * acted on, so the list can be arranged with the keyboard alone.
 */
export const SectionEditor = memo(function SectionEditor({
  sections,
  onChange,
  focusRequest,
  onFocusDone,
}: SectionEditorProps) {
  const [announcement, setAnnouncement] = useState('');
  const controls = useRef(new Map<string, HTMLElement | null>());
  const keyOf = (sectionId: number, control: SectionFocusRequest['control']) => `${sectionId}:${control}`;

  useEffect(() => {
    if (!focusRequest) return;
    const { sectionId, control } = focusRequest;
    let target = control;
    // A section moved to an edge has that button disabled: its other move button takes the focus.
    if (control !== 'title' && !canMoveSection(sections, sectionId, control)) {
      target = control === 'up' ? 'down' : 'up';
    }
    controls.current.get(keyOf(sectionId, target))?.focus();
    onFocusDone();
  }, [focusRequest, sections, onFocusDone]);

  const move = (section: TemplateSection, index: number, direction: MoveDirection) => {
    const next = moveSection(sections, section.ID_Section, direction);
    const position = next.findIndex((candidate) => candidate.ID_Section === section.ID_Section) + 1;
    onChange(next, { sectionId: section.ID_Section, control: direction });
    setAnnouncement(`${sectionName(section, index)} moved to position ${position} of ${next.length}`);
  };

  const duplicate = (section: TemplateSection, index: number) => {
    const next = duplicateSection(sections, section.ID_Section);
    const copy = next[index + 1]!;
    onChange(next, { sectionId: copy.ID_Section, control: 'title' });
    setAnnouncement(`Copy of ${sectionName(section, index)} added as section ${index + 2}`);
  };

  const remove = (section: TemplateSection, index: number) => {
    const next = deleteSection(sections, section.ID_Section);
    const neighbour = next[Math.min(index, next.length - 1)]!;
    onChange(next, { sectionId: neighbour.ID_Section, control: 'title' });
    setAnnouncement(`${sectionName(section, index)} deleted`);
  };

  const add = () => {
    const next = addSection(sections);
    const added = next[next.length - 1]!;
    onChange(next, { sectionId: added.ID_Section, control: 'title' });
    setAnnouncement(`${added.section_title} added as section ${next.length}`);
  };

  return (
    <>
      <ol aria-label="Report sections" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {sections.map((section, index) => (
          <li key={section.ID_Section} style={{ marginBottom: 12 }}>
            <SectionFields
              section={section}
              index={index}
              sections={sections}
              onEdit={(changes) => onChange(editSection(sections, section.ID_Section, changes))}
              registerControl={(control, element) => {
                controls.current.set(keyOf(section.ID_Section, control), element);
              }}
              onMove={(direction) => move(section, index, direction)}
              onDuplicate={() => duplicate(section, index)}
              onDelete={() => remove(section, index)}
            />
          </li>
        ))}
      </ol>
      <Button icon={<PlusOutlined aria-hidden />} onClick={add}>
        Add Section
      </Button>
      <div role="status" aria-live="polite" aria-atomic="true" style={VISUALLY_HIDDEN}>
        {announcement}
      </div>
    </>
  );
});

interface SectionFieldsProps {
  section: TemplateSection;
  index: number;
  sections: readonly TemplateSection[];
  onEdit: (changes: Parameters<typeof editSection>[2]) => void;
  registerControl: (control: SectionFocusRequest['control'], element: HTMLElement | null) => void;
  onMove: (direction: MoveDirection) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

function SectionFields({
  section,
  index,
  sections,
  onEdit,
  registerControl,
  onMove,
  onDuplicate,
  onDelete,
}: SectionFieldsProps) {
  const headingId = useId();
  const fieldId = (field: string) => `template-section-${section.ID_Section}-${field}`;
  const name = sectionName(section, index);
  const parentOptions = parentCandidates(sections, section.ID_Section).map((candidate) => ({
    value: candidate.ID_Section,
    label: candidate.section_title.trim() || `Section ${sections.indexOf(candidate) + 1}`,
  }));

  return (
    <Card size="small">
      <div role="group" aria-labelledby={headingId}>
        <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBottom: 12 }}>
          <Typography.Title level={4} id={headingId} style={{ margin: 0, fontSize: 15 }}>
            Section {index + 1}
          </Typography.Title>
          <Flex gap="small" wrap>
            <Button
              ref={(element) => {
                registerControl('up', element);
              }}
              icon={<ArrowUpOutlined aria-hidden />}
              aria-label={`Move up ${name}`}
              disabled={!canMoveSection(sections, section.ID_Section, 'up')}
              onClick={() => onMove('up')}
            >
              Move up
            </Button>
            <Button
              ref={(element) => {
                registerControl('down', element);
              }}
              icon={<ArrowDownOutlined aria-hidden />}
              aria-label={`Move down ${name}`}
              disabled={!canMoveSection(sections, section.ID_Section, 'down')}
              onClick={() => onMove('down')}
            >
              Move down
            </Button>
            <Button
              icon={<CopyOutlined aria-hidden />}
              aria-label={`Duplicate ${name}`}
              onClick={onDuplicate}
            >
              Duplicate
            </Button>
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`Delete ${name}`}
              disabled={!canDeleteSection(sections)}
              onClick={onDelete}
            >
              Delete
            </Button>
          </Flex>
        </Flex>
        <Form.Item label="Title" htmlFor={fieldId('title')} required>
          <Input
            id={fieldId('title')}
            ref={(element) => {
              registerControl('title', element?.input ?? null);
            }}
            value={section.section_title}
            maxLength={SECTION_TITLE_MAX_LENGTH}
            aria-required
            onChange={(event) => onEdit({ section_title: event.target.value })}
          />
        </Form.Item>
        <Form.Item
          label="Description"
          htmlFor={fieldId('description')}
          extra={
            <span id={fieldId('description-hint')}>
              What this section should contain: it guides the draft.
            </span>
          }
        >
          <Input.TextArea
            id={fieldId('description')}
            aria-describedby={fieldId('description-hint')}
            value={section.section_description}
            maxLength={SECTION_DESCRIPTION_MAX_LENGTH}
            rows={3}
            onChange={(event) => onEdit({ section_description: event.target.value })}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Content type" htmlFor={fieldId('content-type')} style={{ marginBottom: 0 }}>
              <Select<SectionContentType>
                id={fieldId('content-type')}
                value={section.content_type}
                options={CONTENT_TYPE_OPTIONS}
                onChange={(contentType) => onEdit({ content_type: contentType })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Parent section" htmlFor={fieldId('parent')} style={{ marginBottom: 0 }}>
              <Select<number>
                id={fieldId('parent')}
                value={section.parent_section_id ?? TOP_LEVEL}
                options={[{ value: TOP_LEVEL, label: 'None (top level)' }, ...parentOptions]}
                onChange={(parent) => onEdit({ parent_section_id: parent === TOP_LEVEL ? null : parent })}
              />
            </Form.Item>
          </Col>
        </Row>
      </div>
    </Card>
  );
}
