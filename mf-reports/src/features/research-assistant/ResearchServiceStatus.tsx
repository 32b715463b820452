import { Alert, Flex, Typography } from 'antd';
import type { ResearchStatusResponse } from '@ewrt/contract';
import type { ServiceStatus } from '../chat-ui/useServiceStatus';
import { RESEARCH_MESSAGES } from './researchMessages';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Whether research can run: the language model and the web search each, and the model, as the server reports. */
export function ResearchServiceStatus({ status }: { status: ServiceStatus<ResearchStatusResponse> }) {
  if (status.state === 'checking') return <Typography.Text>Checking the research service...</Typography.Text>;
  if (status.state === 'unknown')
    return <Alert type="error" showIcon title={RESEARCH_MESSAGES.statusFailed} />;
  const {
    available,
    message,
    services,
    model_info: modelInfo,
    search_provider: searchProvider,
  } = status.status;
  return (
    <Flex vertical gap="small">
      {available ? (
        <Alert type="success" showIcon title="Research service is available" />
      ) : (
        <Alert type="warning" showIcon title={RESEARCH_MESSAGES.unavailable(message)} />
      )}
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 4 }}>
        <dt>Language model</dt>
        <dd style={{ margin: 0, fontWeight: 600 }}>{yesNo(services.ai_model)}</dd>
        <dt>Web search</dt>
        <dd style={{ margin: 0, fontWeight: 600 }}>{yesNo(services.web_search)}</dd>
        {modelInfo ? (
          <>
            <dt>Model</dt>
            <dd style={{ margin: 0 }}>{modelInfo.label}</dd>
          </>
        ) : null}
        {searchProvider ? (
          <>
            <dt>Search</dt>
            <dd style={{ margin: 0 }}>{searchProvider}</dd>
          </>
        ) : null}
      </dl>
    </Flex>
  );
}
