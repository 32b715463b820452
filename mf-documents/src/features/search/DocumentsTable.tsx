import { Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { PatientDocument } from '@ewrt/contract';
import { formatDateTime, formatFileSize } from '@ewrt/shared';
import { DocumentReadingTags } from '../ocr/DocumentReadingTags';

interface DocumentsTableProps {
  documents: PatientDocument[];
  loading: boolean;
  /** The document whose download link is being fetched. */
  downloadingKey: string | null;
  onDownload: (document: PatientDocument) => void;
}

/** The type badge: the detected type, or the file name's extension for a listing without one. */
function fileTypeOf(document: PatientDocument): string {
  const type = document.file_type || document.filename.split('.').pop() || '';
  return type.toUpperCase();
}

export function DocumentsTable({ documents, loading, downloadingKey, onDownload }: DocumentsTableProps) {
  const columns: TableColumnsType<PatientDocument> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, document) => (
        <Flex vertical gap={4} align="start">
          <span>
            <Tag>{fileTypeOf(document)}</Tag>
            <Typography.Text style={{ wordBreak: 'break-all' }}>{document.filename}</Typography.Text>
          </span>
          <DocumentReadingTags document={document} />
        </Flex>
      ),
    },
    { title: 'Size', key: 'size', render: (_, document) => formatFileSize(document.size_bytes) },
    {
      title: 'Processed',
      key: 'processed',
      render: (_, document) => formatDateTime(document.processed_date) || 'N/A',
    },
    { title: 'Process ID', dataIndex: 'process_id', key: 'process_id' },
    {
      title: 'Download',
      key: 'download',
      render: (_, document) => (
        <Button
          icon={<DownloadOutlined />}
          loading={downloadingKey === document.s3_key}
          onClick={() => onDownload(document)}
          aria-label={`Download ${document.filename}`}
        >
          Download
        </Button>
      ),
    },
  ];
  return (
    <Table<PatientDocument>
      rowKey="s3_key"
      columns={columns}
      dataSource={documents}
      loading={loading}
      pagination={{ hideOnSinglePage: true, pageSize: 10 }}
      locale={{ emptyText: 'No documents found' }}
      scroll={{ x: true }}
    />
  );
}
