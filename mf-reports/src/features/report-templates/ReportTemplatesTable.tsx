import type { ComponentProps } from 'react';
import { Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import type { ReportTemplate } from '@ewrt/contract';
import { formatDate, formatFileSize } from '@ewrt/shared';
import { REPORT_TEMPLATE_MESSAGES } from './reportTemplateMessages';

interface ReportTemplatesTableProps {
  templates: readonly ReportTemplate[];
  loading: boolean;
  /** The template whose download is being prepared. */
  downloadingId: number | null;
  onDownload: (template: ReportTemplate) => void;
  onEdit: (template: ReportTemplate) => void;
  onDelete: (template: ReportTemplate) => void;
}

// antd puts no name on its <table>; screen-reader users list tables by name.
function NamedTable(props: ComponentProps<'table'>) {
  return <table {...props} aria-label="Your report templates" />;
}
const TABLE_COMPONENTS = { table: NamedTable };

/** The user's report templates with Download, Edit and Delete for each. */
export function ReportTemplatesTable({
  templates,
  loading,
  downloadingId,
  onDownload,
  onEdit,
  onDelete,
}: ReportTemplatesTableProps) {
  const columns: TableColumnsType<ReportTemplate> = [
    {
      key: 'name',
      title: 'Name',
      render: (_, template) => (
        <Flex vertical gap={2}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {template.template_name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {template.filename}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'description',
      title: 'Description',
      render: (_, template) =>
        template.description?.trim() ? (
          template.description
        ) : (
          <Typography.Text type="secondary">{REPORT_TEMPLATE_MESSAGES.noDescription}</Typography.Text>
        ),
    },
    { key: 'size', title: 'Size', render: (_, template) => formatFileSize(template.file_size) },
    { key: 'created', title: 'Created', render: (_, template) => formatDate(template.created_at) },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, template) => (
        <Flex gap="small" wrap>
          <Button
            size="small"
            icon={<DownloadOutlined aria-hidden />}
            aria-label={`Download ${template.template_name}`}
            loading={downloadingId === template.ID_Template}
            onClick={() => onDownload(template)}
          >
            Download
          </Button>
          <Button
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={`Edit ${template.template_name}`}
            onClick={() => onEdit(template)}
          >
            Edit
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Delete ${template.template_name}`}
            onClick={() => onDelete(template)}
          >
            Delete
          </Button>
        </Flex>
      ),
    },
  ];
  return (
    <Table<ReportTemplate>
      rowKey="ID_Template"
      columns={columns}
      dataSource={[...templates]}
      loading={loading}
      components={TABLE_COMPONENTS}
      pagination={templates.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{
        emptyText:
          'You have no report templates yet. Upload a Word template to use it for your draft reports.',
      }}
      scroll={{ x: 'max-content' }}
    />
  );
}
