import { useId } from 'react';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import {
  CheckCircleOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { StructuredTemplateListItem } from '@ewrt/contract';
import { formatDate } from '@ewrt/shared';

// antd's preset green tag does not reach 4.5:1; these do, and the word and icon carry the state besides colour.
const ACTIVE_TAG_STYLE = { color: '#1f6b3d', background: '#e8f5ec', borderColor: '#8cc9a3' };
const INACTIVE_TAG_STYLE = { color: '#4a5560', background: '#f0f2f4', borderColor: '#b8c0c7' };

function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <Tag icon={<CheckCircleOutlined aria-hidden />} style={ACTIVE_TAG_STYLE}>
      Active
    </Tag>
  ) : (
    <Tag icon={<StopOutlined aria-hidden />} style={INACTIVE_TAG_STYLE}>
      Inactive
    </Tag>
  );
}

interface TemplateCardProps {
  template: StructuredTemplateListItem;
  /** A copy or deletion of this template is under way: its buttons wait. */
  busy: boolean;
  onPreview: (template: StructuredTemplateListItem) => void;
  onEdit: (template: StructuredTemplateListItem) => void;
  onCopy: (template: StructuredTemplateListItem) => void;
  onDelete: (template: StructuredTemplateListItem) => void;
}

/** One template of the grid: what it is, whose it is, and what the user may do with it. */
export function TemplateCard({ template, busy, onPreview, onEdit, onCopy, onDelete }: TemplateCardProps) {
  const headingId = useId();
  const name = template.template_name;
  const sections = template.section_count === 1 ? '1 section' : `${template.section_count} sections`;

  const actions = [
    <Button
      key="preview"
      type="text"
      icon={<EyeOutlined aria-hidden />}
      aria-label={`Preview ${name}`}
      onClick={() => onPreview(template)}
    >
      Preview
    </Button>,
    template.can_edit && (
      <Button
        key="edit"
        type="text"
        icon={<EditOutlined aria-hidden />}
        aria-label={`Edit ${name}`}
        disabled={busy}
        onClick={() => onEdit(template)}
      >
        Edit
      </Button>
    ),
    <Button
      key="copy"
      type="text"
      icon={<CopyOutlined aria-hidden />}
      aria-label={`Copy ${name}`}
      disabled={busy}
      onClick={() => onCopy(template)}
    >
      Copy
    </Button>,
    template.can_edit && (
      <Button
        key="delete"
        type="text"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={`Delete ${name}`}
        disabled={busy}
        onClick={() => onDelete(template)}
      >
        Delete
      </Button>
    ),
  ].filter(Boolean);

  return (
    <article aria-labelledby={headingId} style={{ height: '100%' }}>
      <Card
        style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
        styles={{ body: { flex: 1 } }}
        title={
          <Typography.Title
            level={2}
            id={headingId}
            style={{ margin: 0, fontSize: 16, whiteSpace: 'normal', overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography.Title>
        }
        extra={<ActiveBadge active={template.is_active} />}
        actions={actions}
      >
        <Flex vertical gap="small">
          {template.description ? (
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {template.description}
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph type="secondary" italic style={{ margin: 0 }}>
              No description provided
            </Typography.Paragraph>
          )}
          <Typography.Text type="secondary">
            Created {formatDate(template.created_at)} · {sections}
          </Typography.Text>
          {!template.can_edit && template.owner_name && (
            <Typography.Text type="secondary">Owner: {template.owner_name}</Typography.Text>
          )}
        </Flex>
      </Card>
    </article>
  );
}
