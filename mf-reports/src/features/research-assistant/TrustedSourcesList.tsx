import { Alert, Button, Empty, Flex, Switch, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TrustedSource } from '@ewrt/contract';
import { MUTED_TEXT } from '../chat-ui/chatStyles';
import type { TrustedSources } from './useTrustedSources';

interface TrustedSourcesListProps {
  trusted: TrustedSources;
  onAdd: () => void;
  onEdit: (source: TrustedSource) => void;
  onDelete: (source: TrustedSource) => void;
}

const ITEM_STYLE = {
  listStyle: 'none',
  padding: '10px 0',
  borderBottom: '1px solid var(--ant-color-border-secondary)',
} as const;

/** Each trusted source with its switch, Default badge, Edit and (for the user's own) Delete; and Add. */
export function TrustedSourcesList({ trusted, onAdd, onEdit, onDelete }: TrustedSourcesListProps) {
  const { sources, load } = trusted;
  return (
    <Flex vertical gap="middle">
      {load.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={load.error}
          action={
            <Button size="small" onClick={trusted.reload}>
              Retry
            </Button>
          }
        />
      ) : null}
      {load.status === 'loading' ? <Typography.Text>Loading trusted sources...</Typography.Text> : null}
      {load.status === 'loaded' && sources.length === 0 ? (
        <Empty description="No trusted sources yet. Add one to start searching." />
      ) : null}
      {sources.length > 0 ? (
        <ul aria-label="Trusted sources" style={{ margin: 0, padding: 0 }}>
          {sources.map((source) => (
            <li key={source.ID_Source} style={ITEM_STYLE}>
              <Flex gap="small" align="start">
                <Switch
                  checked={source.is_active}
                  loading={trusted.togglingId === source.ID_Source}
                  onChange={(active) => void trusted.toggle(source, active)}
                  aria-label={`Search ${source.source_name}`}
                  style={{ marginTop: 2 }}
                />
                <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Flex gap="small" align="center" wrap>
                    <Typography.Text strong>{source.source_name}</Typography.Text>
                    {source.is_default ? <Tag>Default</Tag> : null}
                  </Flex>
                  <span style={MUTED_TEXT}>{source.source_domain}</span>
                  {source.source_description ? <span>{source.source_description}</span> : null}
                </Flex>
                <Flex gap={4}>
                  <Button
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${source.source_name}`}
                    onClick={() => onEdit(source)}
                  />
                  {source.is_default ? null : (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Delete ${source.source_name}`}
                      onClick={() => onDelete(source)}
                    />
                  )}
                </Flex>
              </Flex>
            </li>
          ))}
        </ul>
      ) : null}
      <Button icon={<PlusOutlined />} onClick={onAdd}>
        Add Source
      </Button>
    </Flex>
  );
}
