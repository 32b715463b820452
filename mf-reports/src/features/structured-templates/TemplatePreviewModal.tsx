import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Flex, Modal, Spin, Tag, Typography } from 'antd';
import type { StructuredTemplatePreviewResponse, TemplatePreviewPart } from '@ewrt/contract';
import { SECTION_CONTENT_TYPE_LABELS } from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { previewStructuredTemplate } from '../api/structuredTemplatesApi';

const PREVIEW_FAILED = 'Failed to load template preview';
/** How far a sub-section is indented for each level under its parent. */
const INDENT_PER_LEVEL = 24;

type Preview = StructuredTemplatePreviewResponse['preview'];
type PreviewState =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; preview: Preview };
/** The outcome for one template: anything else on screen is still loading. */
type PreviewOutcome = { templateId: number } & PreviewState;

/** A number a section title may already start with, such as '2. ' or '2.1 ' (the form numbers titles). */
const LEADING_NUMBER = /^\d+(?:\.\d+)*\.?\s+/;

/**
 * '2. EXAMINATION', '2.1 Cervical spine': the section's number from its place in the report before its title, in
 * place of any number the title was given when it sat elsewhere.
 */
function numberedTitle(number: string, title: string): string {
  const bareTitle = title.replace(LEADING_NUMBER, '');
  return number.includes('.') ? `${number} ${bareTitle}` : `${number}. ${bareTitle}`;
}

function FrontpagePreview({ part }: { part: Extract<TemplatePreviewPart, { type: 'frontpage' }> }) {
  return (
    <section aria-labelledby="structured-preview-frontpage">
      <Typography.Title level={3} id="structured-preview-frontpage" style={{ fontSize: 16 }}>
        Frontpage
      </Typography.Title>
      <Typography.Paragraph strong style={{ fontSize: 18, marginBottom: 4 }}>
        {part.title}
      </Typography.Paragraph>
      {part.author && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
          {part.author}
        </Typography.Paragraph>
      )}
      {part.patient_fields.length > 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Patient details shown: {part.patient_fields.join(', ')}
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          No patient details on the frontpage
        </Typography.Paragraph>
      )}
    </section>
  );
}

function SectionPreview({ part }: { part: Extract<TemplatePreviewPart, { type: 'section' }> }) {
  return (
    <li style={{ marginInlineStart: part.level * INDENT_PER_LEVEL, listStyle: 'none' }}>
      <Flex gap="small" align="center" wrap>
        <Typography.Text strong>{numberedTitle(part.number, part.title)}</Typography.Text>
        <Tag>{SECTION_CONTENT_TYPE_LABELS[part.content_type]}</Tag>
      </Flex>
      {part.description && (
        <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
          {part.description}
        </Typography.Paragraph>
      )}
    </li>
  );
}

function EndpagePreview({ part }: { part: Extract<TemplatePreviewPart, { type: 'endpage' }> }) {
  return (
    <section aria-labelledby="structured-preview-endpage">
      <Typography.Title level={3} id="structured-preview-endpage" style={{ fontSize: 16 }}>
        Endpage
      </Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{part.declaration}</Typography.Paragraph>
      {part.signature && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          {part.signature}
        </Typography.Paragraph>
      )}
    </section>
  );
}

function PreviewBody({ preview }: { preview: Preview }) {
  const frontpage = preview.sections.find((part) => part.type === 'frontpage');
  const sections = preview.sections.filter((part) => part.type === 'section');
  const endpage = preview.sections.find((part) => part.type === 'endpage');
  return (
    <Flex vertical>
      {preview.description && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{preview.description}</Typography.Paragraph>
      )}
      {frontpage && <FrontpagePreview part={frontpage} />}
      <Divider />
      <section aria-labelledby="structured-preview-sections">
        <Typography.Title level={3} id="structured-preview-sections" style={{ fontSize: 16 }}>
          Report Sections
        </Typography.Title>
        <ul style={{ padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
          {sections.map((part, index) => (
            <SectionPreview key={`${index}-${part.number}`} part={part} />
          ))}
        </ul>
      </section>
      {endpage && (
        <>
          <Divider />
          <EndpagePreview part={endpage} />
        </>
      )}
    </Flex>
  );
}

interface TemplatePreviewModalProps {
  /** The template to preview; the modal is closed while this is null. */
  template: { ID_Template: number; template_name: string } | null;
  onClose: () => void;
}

/** The report a template lays out, as the server composes it: frontpage, numbered sections, endpage. */
export function TemplatePreviewModal({ template, onClose }: TemplatePreviewModalProps) {
  const [outcome, setOutcome] = useState<PreviewOutcome | null>(null);
  const templateId = template?.ID_Template ?? null;
  const state: PreviewState =
    outcome !== null && outcome.templateId === templateId ? outcome : { status: 'loading' };

  useEffect(() => {
    if (templateId === null) return;
    // A preview still arriving for a template the user has since left is dropped.
    let current = true;
    previewStructuredTemplate(templateId).then(
      (preview) => {
        if (current) setOutcome({ templateId, status: 'loaded', preview });
      },
      (error: unknown) => {
        if (current)
          setOutcome({ templateId, status: 'failed', message: getErrorMessage(error, PREVIEW_FAILED) });
      },
    );
    return () => {
      current = false;
    };
  }, [templateId]);

  const close = () => {
    // Opening the same template again loads it afresh rather than showing this outcome.
    setOutcome(null);
    onClose();
  };

  return (
    <Modal
      open={template !== null}
      title={template?.template_name}
      width={900}
      onCancel={close}
      footer={<Button onClick={close}>Close</Button>}
      destroyOnHidden
    >
      {state.status === 'loading' && (
        <Flex justify="center" style={{ padding: 32 }} role="status">
          <Spin description="Loading preview..." />
        </Flex>
      )}
      {state.status === 'failed' && <Alert type="error" showIcon title={state.message} />}
      {state.status === 'loaded' && <PreviewBody preview={state.preview} />}
    </Modal>
  );
}
