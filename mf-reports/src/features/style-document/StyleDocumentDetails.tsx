import { Button, Descriptions, Flex } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { ExampleDocumentInfo } from '@ewrt/contract';
import { formatDateTime, formatFileSize } from '@ewrt/shared';

interface StyleDocumentDetailsProps {
  info: ExampleDocumentInfo;
  downloading: boolean;
  onDownload: () => void;
  onDelete: () => void;
}

/** The current style document: its file, dates and how much text drafting can imitate, with Download and Delete. */
export function StyleDocumentDetails({ info, downloading, onDownload, onDelete }: StyleDocumentDetailsProps) {
  const filename = info.filename ?? '';
  return (
    <Flex vertical gap="middle">
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'filename', label: 'Filename', children: filename },
          { key: 'size', label: 'File size', children: formatFileSize(info.file_size ?? 0) },
          { key: 'modified', label: 'Last modified', children: formatDateTime(info.last_modified) },
          { key: 'uploaded', label: 'Uploaded', children: formatDateTime(info.uploaded_at) },
          {
            key: 'words',
            label: 'Words read from it',
            children: (info.word_count ?? 0).toLocaleString('en-GB'),
          },
        ]}
      />
      <Flex gap="small" wrap>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          aria-label={`Download ${filename}`}
          loading={downloading}
          onClick={onDownload}
        >
          Download
        </Button>
        <Button
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={`Delete ${filename}`}
          onClick={onDelete}
        >
          Delete
        </Button>
      </Flex>
    </Flex>
  );
}
