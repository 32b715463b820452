import type { ComponentProps, CSSProperties, ReactNode } from 'react';
import { Button, Flex, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import type { Transcription } from '@ewrt/contract';
import { MANAGE_TRANSCRIPTIONS_MESSAGES } from './manageTranscriptionsMessages';
import {
  transcriptionDateLabel,
  transcriptionName,
  transcriptionPreview,
  transcriptionTypeLabel,
} from './transcriptionLabels';

/** Dark text on a light tint keeps the status words above 4.5:1 (antd's preset green and gold tags do not). */
const STATUS_TAG_STYLE: Record<Transcription['Status'], CSSProperties> = {
  Complete: { color: '#135200', background: '#f6ffed', borderColor: '#95de64' },
  Incomplete: { color: '#613400', background: '#fffbe6', borderColor: '#ffd666' },
};

type TranscriptionsTableProps = {
  transcriptions: readonly Transcription[];
  loading: boolean;
  onDelete: (transcription: Transcription) => void;
} & (
  | {
      kind: 'completed';
      /** The transcription whose document is being fetched. */
      downloadingId: number | null;
      onDownload: (transcription: Transcription) => void;
    }
  | { kind: 'incomplete'; onContinue: (transcription: Transcription) => void }
);

const TABLE_NAMES = {
  completed: 'Completed transcriptions',
  incomplete: 'Incomplete transcriptions',
} as const;

// antd puts no name on its <table>; screen-reader users list tables by name.
function namedTable(name: string) {
  return function NamedTable(props: ComponentProps<'table'>) {
    return <table {...props} aria-label={name} />;
  };
}
const TABLE_COMPONENTS = {
  completed: { table: namedTable(TABLE_NAMES.completed) },
  incomplete: { table: namedTable(TABLE_NAMES.incomplete) },
} as const;

/** An icon button named for assistive technology after its row, with the same words as a tooltip. */
function RowAction({
  label,
  rowName,
  icon,
  danger = false,
  loading = false,
  onClick,
}: {
  label: string;
  rowName: string;
  icon: ReactNode;
  danger?: boolean;
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        danger={danger}
        icon={icon}
        loading={loading}
        aria-label={`${label} ${rowName}`}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/**
 * One of the two tables of Manage Transcriptions: completed ones (Created By, Download) or incomplete ones (Preview,
 * Continue Editing); both with Date, Type, Status and Delete.
 */
export function TranscriptionsTable(props: TranscriptionsTableProps) {
  const { transcriptions, loading, onDelete, kind } = props;
  const columns: TableColumnsType<Transcription> = [
    { key: 'date', title: 'Date', render: (_, transcription) => transcriptionDateLabel(transcription) },
    { key: 'type', title: 'Type', render: (_, transcription) => transcriptionTypeLabel(transcription) },
    props.kind === 'completed'
      ? {
          key: 'createdBy',
          title: 'Created By',
          render: (_, transcription) =>
            transcription.CreatedBy ?? (
              <Typography.Text type="secondary">{MANAGE_TRANSCRIPTIONS_MESSAGES.notRecorded}</Typography.Text>
            ),
        }
      : {
          key: 'preview',
          title: 'Preview',
          render: (_, transcription) => (
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>
              {transcriptionPreview(transcription)}
            </Typography.Text>
          ),
        },
    {
      key: 'status',
      title: 'Status',
      render: (_, transcription) => (
        <Tag style={STATUS_TAG_STYLE[transcription.Status]}>{transcription.Status}</Tag>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, transcription) => {
        const rowName = transcriptionName(transcription);
        return (
          <Flex gap="small">
            {props.kind === 'completed' ? (
              <RowAction
                label="Download"
                rowName={rowName}
                icon={<DownloadOutlined aria-hidden />}
                loading={props.downloadingId === transcription.ID_Transcription}
                onClick={() => props.onDownload(transcription)}
              />
            ) : (
              <RowAction
                label="Continue editing"
                rowName={rowName}
                icon={<EditOutlined aria-hidden />}
                onClick={() => props.onContinue(transcription)}
              />
            )}
            <RowAction
              label="Delete"
              rowName={rowName}
              icon={<DeleteOutlined aria-hidden />}
              danger
              onClick={() => onDelete(transcription)}
            />
          </Flex>
        );
      },
    },
  ];
  return (
    <Table<Transcription>
      rowKey="ID_Transcription"
      columns={columns}
      dataSource={[...transcriptions]}
      loading={loading}
      components={TABLE_COMPONENTS[kind]}
      pagination={{ hideOnSinglePage: true, pageSize: 10, showSizeChanger: false }}
      locale={{
        emptyText:
          kind === 'completed'
            ? MANAGE_TRANSCRIPTIONS_MESSAGES.noCompleted
            : MANAGE_TRANSCRIPTIONS_MESSAGES.noIncomplete,
      }}
      scroll={{ x: 'max-content' }}
    />
  );
}
