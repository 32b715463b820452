import { Button, Card, Flex, Progress, Tag, Typography } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { formatFileSize } from '@ewrt/shared';
import { STATUS_COLOURS, tagStyle, type StatusColours } from '../jobs/jobStatusPresentation';
import type { UploadItem, UploadItemStatus } from './uploadItem';

/** Each status has a colour, an icon and a word, so it is never told by colour alone. */
// The job list's colours, whose text keeps 4.5:1 contrast (antd's preset tags do not).
const STATUS_LOOK: Record<UploadItemStatus, { label: string; colours: StatusColours; icon: ReactNode }> = {
  pending: { label: 'Pending', colours: STATUS_COLOURS.gold, icon: <ClockCircleOutlined aria-hidden /> },
  processing: { label: 'Processing', colours: STATUS_COLOURS.blue, icon: <SyncOutlined spin aria-hidden /> },
  completed: { label: 'Completed', colours: STATUS_COLOURS.green, icon: <CheckCircleOutlined aria-hidden /> },
  error: { label: 'Error', colours: STATUS_COLOURS.red, icon: <CloseCircleOutlined aria-hidden /> },
};

const PROGRESS_STATUS: Record<UploadItemStatus, 'normal' | 'active' | 'success' | 'exception'> = {
  pending: 'normal',
  processing: 'active',
  completed: 'success',
  error: 'exception',
};

interface UploadItemCardProps {
  item: UploadItem;
  /** Offered while the file has not been sent. */
  onRemove?: () => void;
}

/** One file: its status badge, progress, message and the chunks its processing created. */
export function UploadItemCard({ item, onRemove }: UploadItemCardProps) {
  const look = STATUS_LOOK[item.status];
  return (
    <Card size="small" role="listitem" aria-label={item.file.name}>
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Typography.Text strong style={{ wordBreak: 'break-all' }}>
            {item.file.name}
          </Typography.Text>
          <Flex align="center" gap="small">
            <Typography.Text type="secondary">{formatFileSize(item.file.size)}</Typography.Text>
            <Tag icon={look.icon} style={tagStyle(look.colours)}>
              {look.label}
            </Tag>
            {onRemove && (
              <Button
                size="small"
                icon={<DeleteOutlined />}
                onClick={onRemove}
                aria-label={`Remove ${item.file.name}`}
              />
            )}
          </Flex>
        </Flex>
        <Progress
          percent={item.progress}
          status={PROGRESS_STATUS[item.status]}
          aria-label={`${item.file.name} progress`}
        />
        {/* The message changes at each step that matters; the percentage alone is not announced. */}
        <div aria-live="polite">
          <Typography.Text type={item.status === 'error' ? 'danger' : undefined}>
            {item.message}
          </Typography.Text>
          {item.detail && (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {item.detail}
            </Typography.Paragraph>
          )}
          {item.chunksCreated !== undefined && (
            <Typography.Paragraph style={{ margin: 0 }}>
              Chunks created: {item.chunksCreated}
            </Typography.Paragraph>
          )}
        </div>
        {item.jobId !== undefined && <Typography.Text type="secondary">Job #{item.jobId}</Typography.Text>}
      </Flex>
    </Card>
  );
}
