import { useMemo } from 'react';
import { Button, Flex, Table, type TableColumnsType, type TableProps } from 'antd';
import type { Lookup } from '@ewrt/contract';
import { PROMPT_PREVIEW_LENGTH, PROMPT_TABLE_PAGE_SIZE } from '@ewrt/contract/limits';
import { formatDate } from '@ewrt/shared';
import { compareTitles } from './filterPrompts';
import { promptOwnerLabel } from './promptOwnerLabel';
import { promptPreview } from './promptPreview';

/** The title column's order; null keeps the server's order (by type, then title). */
export type TitleOrder = 'ascend' | 'descend' | null;

interface PromptsTableProps {
  /** The prompts to show, filtered already. */
  prompts: Lookup[];
  typeName: (typeId: number) => string;
  loading: boolean;
  /** Shown when a search or the type filter leaves no prompt. */
  emptyText: string;
  page: number;
  onPageChange: (page: number) => void;
  titleOrder: TitleOrder;
  onTitleOrderChange: (order: TitleOrder) => void;
  onView: (prompt: Lookup) => void;
  onEdit: (prompt: Lookup) => void;
  onDelete: (prompt: Lookup) => void;
}

/** The prompt table of TPL-02: five rows a page, sortable by title, actions by what the user may do. */
export function PromptsTable({
  prompts,
  typeName,
  loading,
  emptyText,
  page,
  onPageChange,
  titleOrder,
  onTitleOrderChange,
  onView,
  onEdit,
  onDelete,
}: PromptsTableProps) {
  const columns = useMemo<TableColumnsType<Lookup>>(
    () => [
      {
        key: 'title',
        title: 'Title',
        dataIndex: 'LookupTitle',
        sorter: compareTitles,
        sortOrder: titleOrder,
        sortDirections: ['ascend', 'descend'],
        showSorterTooltip: false,
      },
      {
        key: 'type',
        title: 'Type',
        render: (_value: unknown, prompt: Lookup) => typeName(prompt.LookupType),
      },
      {
        key: 'preview',
        title: 'Prompt',
        render: (_value: unknown, prompt: Lookup) => promptPreview(prompt.LookupText, PROMPT_PREVIEW_LENGTH),
      },
      { key: 'owner', title: 'Owner', render: (_value: unknown, prompt: Lookup) => promptOwnerLabel(prompt) },
      {
        key: 'added',
        title: 'Date Added',
        render: (_value: unknown, prompt: Lookup) => formatDate(prompt.date_added),
      },
      {
        key: 'actions',
        title: 'Actions',
        render: (_value: unknown, prompt: Lookup) => (
          <Flex gap="small" wrap>
            <Button size="small" onClick={() => onView(prompt)} aria-label={`View ${prompt.LookupTitle}`}>
              View
            </Button>
            {prompt.can_edit && (
              <Button size="small" onClick={() => onEdit(prompt)} aria-label={`Edit ${prompt.LookupTitle}`}>
                Edit
              </Button>
            )}
            {prompt.can_edit && (
              <Button
                size="small"
                danger
                onClick={() => onDelete(prompt)}
                aria-label={`Delete ${prompt.LookupTitle}`}
              >
                Delete
              </Button>
            )}
          </Flex>
        ),
      },
    ],
    [titleOrder, typeName, onView, onEdit, onDelete],
  );

  const change: TableProps<Lookup>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'sort') {
      const order = Array.isArray(sorter) ? null : (sorter.order ?? null);
      onTitleOrderChange(order);
      return;
    }
    if (action === 'paginate' && pagination.current) onPageChange(pagination.current);
  };

  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<Lookup>
        rowKey="ID_Lookup"
        size="middle"
        columns={columns}
        dataSource={prompts}
        loading={loading}
        onChange={change}
        pagination={{
          current: page,
          pageSize: PROMPT_TABLE_PAGE_SIZE,
          hideOnSinglePage: true,
          showSizeChanger: false,
          align: 'end',
        }}
        locale={{ emptyText }}
        aria-label="Draft report prompts"
      />
    </div>
  );
}
