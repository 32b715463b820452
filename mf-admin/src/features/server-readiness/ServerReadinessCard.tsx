import { useEffect, useState } from 'react';
import { CheckCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, Spin, Tag, Typography } from 'antd';
import type { SystemCapability } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { ADMIN_MESSAGES } from '../messages/adminMessages';
import { getSystemCapabilities } from './systemCapabilitiesApi';

type LoadState =
  | { status: 'loading' }
  | { status: 'loaded'; capabilities: SystemCapability[] }
  | { status: 'failed'; message: string };

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

function CapabilityItem({ capability }: { capability: SystemCapability }) {
  return (
    <li style={{ padding: '12px 0', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Flex vertical gap={4}>
        <Flex gap="small" align="center" wrap>
          <Typography.Title level={3} style={{ margin: 0, fontSize: 15 }}>
            {capability.name}
          </Typography.Title>
          <Tag icon={capability.on ? <CheckCircleOutlined /> : <MinusCircleOutlined />}>
            {capability.on ? 'On' : 'Off'}
          </Tag>
        </Flex>
        <Typography.Text>{capability.detail}</Typography.Text>
        {capability.turn_on && (
          <Typography.Text>
            {capability.on ? 'To improve it: ' : 'To turn it on: '}
            <Typography.Text code copyable={{ text: capability.turn_on }}>
              {capability.turn_on}
            </Typography.Text>
          </Typography.Text>
        )}
      </Flex>
    </li>
  );
}

/**
 * The readiness report for administrators: each capability of the server (OCR, Word pages, speech, language model,
 * embeddings, web search, database), on or off, why, and the command or setting that switches it on.
 */
export function ServerReadinessCard() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    getSystemCapabilities()
      .then((capabilities) => {
        if (current) setState({ status: 'loaded', capabilities });
      })
      .catch((failure: unknown) => {
        if (current)
          setState({
            status: 'failed',
            message: getErrorMessage(failure, ADMIN_MESSAGES.loadCapabilitiesFailed),
          });
      });
    return () => {
      current = false;
    };
  }, []);

  const off = state.status === 'loaded' ? state.capabilities.filter((item) => !item.on).length : 0;
  return (
    <Card
      title={
        <Typography.Title level={2} id="server-readiness" style={{ margin: 0, fontSize: 18 }}>
          Server Readiness
        </Typography.Title>
      }
    >
      {state.status === 'loading' && <Spin description="Checking the server..." />}
      {state.status === 'failed' && (
        <Alert type="error" showIcon title={<span role="alert">{state.message}</span>} />
      )}
      {state.status === 'loaded' && (
        <>
          <Typography.Paragraph>
            {off === 0
              ? 'Every capability is on.'
              : `${off} of ${state.capabilities.length} capabilities are off. Each says what turns it on; the server picks up installed tools and new settings when it restarts.`}
          </Typography.Paragraph>
          <ul aria-labelledby="server-readiness" style={LIST_STYLE}>
            {state.capabilities.map((capability) => (
              <CapabilityItem key={capability.id} capability={capability} />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
