import { Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { PatientDocument } from '@ewrt/contract';
import { formatDateTime, formatFileSize } from '@ewrt/shared';
import { DocumentReadingTags } from '../ocr/DocumentReadingTags';

interface DocumentsTableProps {
  documents: readonly PatientDocument[];
  loading: boolean;
  /** The document whose download is being prepared. */
  downloadingKey: string | null;
  onDownload: (document: PatientDocument) => void;
  onDelete: (document: PatientDocument) => void;
  /** What the empty table says. */
  emptyText?: string;
}

/** Processed documents (a patient's, or the user's opinion documents) with Download and Delete for each. */
export function DocumentsTable({
  documents,
  loading,
  downloadingKey,
  onDownload,
  onDelete,
  emptyText = 'No documents have been processed for this patient yet.',
}: DocumentsTableProps) {
  const columns: TableColumnsType<PatientDocument> = [
    {
      key: 'name',
      title: 'Name',
      render: (_, document) => (
        <Flex vertical gap={4} align="start">
          <Flex gap="small" align="center" wrap>
            <Tag>{document.file_type.toUpperCase()}</Tag>
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>{document.filename}</Typography.Text>
          </Flex>
          <DocumentReadingTags document={document} />
        </Flex>
      ),
    },
    { key: 'size', title: 'Size', render: (_, document) => formatFileSize(document.size_bytes) },
    {
      key: 'processed',
      title: 'Processed',
      render: (_, document) => formatDateTime(document.processed_date) || 'Not yet',
    },
    { key: 'chunks', title: 'Vectors', dataIndex: 'chunk_count' },
    { key: 'process', title: 'Process ID', dataIndex: 'process_id' },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, document) => (
        <Flex gap="small" wrap>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            aria-label={`Download ${document.filename}`}
            loading={downloadingKey === document.s3_key}
            onClick={() => onDownload(document)}
          >
            Download
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`Delete ${document.filename}`}
            onClick={() => onDelete(document)}
          >
            Delete
          </Button>
        </Flex>
      ),
    },
  ];
  return (
    <Table<PatientDocument>
      rowKey="s3_key"
      columns={columns}
      dataSource={[...documents]}
      loading={loading}
      pagination={documents.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      locale={{ emptyText }}
      scroll={{ x: 'max-content' }}
    />
  );
}
