import type { ReactNode } from 'react';
import { Button, Flex, Typography } from 'antd';
import { CheckCircleOutlined, DisconnectOutlined, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { SectionCard } from '@ewrt/shared/kit';
import { STATE_STYLE } from './liveTranscriptionStyles';
import type { ConnectionStatus } from './useTranscriptionSocket';

const STATUS_TEXT: Record<ConnectionStatus, string> = {
  connected: 'Connected',
  connecting: 'Connecting...',
  disconnected: 'Disconnected',
};

const STATUS_ICON: Record<ConnectionStatus, ReactNode> = {
  connected: <CheckCircleOutlined aria-hidden />,
  connecting: <LoadingOutlined aria-hidden />,
  disconnected: <DisconnectOutlined aria-hidden />,
};

interface ConnectionStatusCardProps {
  status: ConnectionStatus;
  connectError: string | null;
  onReconnect: () => void;
}

/** The transcription service connection, in words and with an icon, announced as it changes. */
export function ConnectionStatusCard({ status, connectError, onReconnect }: ConnectionStatusCardProps) {
  return (
    <SectionCard title="Transcription Service">
      <Flex vertical gap="small">
        <div role="status">
          <Typography.Text strong style={STATE_STYLE[status]}>
            {STATUS_ICON[status]} {STATUS_TEXT[status]}
          </Typography.Text>
          {connectError && status !== 'connected' ? (
            <Typography.Paragraph style={{ margin: '4px 0 0' }}>{connectError}</Typography.Paragraph>
          ) : null}
        </div>
        {status === 'disconnected' ? (
          <div>
            <Button icon={<ReloadOutlined aria-hidden />} onClick={onReconnect}>
              Reconnect
            </Button>
          </div>
        ) : null}
      </Flex>
    </SectionCard>
  );
}
