import { Flex, Table, Typography } from 'antd';
import type { OmittedDuplicate } from '@ewrt/contract';
import { formatDate } from '@ewrt/shared';

interface OmittedDuplicatesTableProps {
  omitted: readonly OmittedDuplicate[];
  /** What the list is, said above it and naming the table. */
  caption: string;
}

/** "Duplicate of No. 2: clinic letter": the kept document by its number in the bundle, when it has one. */
const duplicateOf = ({ duplicate_of: kept }: OmittedDuplicate) =>
  kept.position === null
    ? `Duplicate of ${kept.description}`
    : `Duplicate of No. ${kept.position}: ${kept.description}`;

/**
 * The copies set aside in record review, as the bundle's index lists them under "Duplicates omitted": each copy's
 * description (its file name under it), its date, and the document kept in its place.
 */
export function OmittedDuplicatesTable({ omitted, caption }: OmittedDuplicatesTableProps) {
  return (
    <Flex vertical gap="small">
      <Typography.Text strong>{caption}</Typography.Text>
      <Table<OmittedDuplicate>
        size="small"
        pagination={false}
        aria-label={caption}
        rowKey={(copy) => `${copy.filename}\u0000${copy.duplicate_of.filename}`}
        dataSource={[...omitted]}
        columns={[
          {
            title: 'Copy',
            key: 'copy',
            render: (_value, copy) => (
              <Flex vertical>
                <span>{copy.description}</span>
                {copy.description !== copy.filename && (
                  <Typography.Text type="secondary">{copy.filename}</Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: 'Date',
            key: 'date',
            render: (_value, copy) => (copy.document_date ? formatDate(copy.document_date) : 'Undated'),
          },
          { title: 'Kept in the bundle', key: 'kept', render: (_value, copy) => duplicateOf(copy) },
        ]}
      />
    </Flex>
  );
}
