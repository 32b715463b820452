import { Card, Flex, Statistic, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import type { UploadTotals } from './uploadItem';

interface ProcessingResultsProps {
  totals: UploadTotals;
  /** What to do next, under the figures. */
  actions?: ReactNode;
}

/** Results summary: successful and failed files, and the chunks created in all. */
export function ProcessingResults({ totals, actions }: ProcessingResultsProps) {
  const headingId = useId();
  return (
    <Card
      title={
        <Typography.Title level={3} id={headingId} style={{ margin: 0, fontSize: 16 }}>
          Results
        </Typography.Title>
      }
    >
      <section aria-labelledby={headingId} aria-live="polite">
        <Flex gap="large" wrap>
          <Statistic title="Successful" value={totals.successful} />
          <Statistic title="Failed" value={totals.failed} />
          <Statistic title="Total chunks" value={totals.totalChunks} />
        </Flex>
      </section>
      {actions && (
        <Flex gap="small" wrap style={{ marginTop: 16 }}>
          {actions}
        </Flex>
      )}
    </Card>
  );
}
