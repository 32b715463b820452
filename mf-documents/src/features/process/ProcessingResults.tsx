import { Flex, Statistic } from 'antd';
import type { ReactNode } from 'react';
import type { UploadTotals } from './uploadItem';
import { SectionCard } from '@ewrt/shared/kit';

interface ProcessingResultsProps {
  totals: UploadTotals;
  /** What to do next, under the figures. */
  actions?: ReactNode;
}

/** Results summary: successful and failed files, and the chunks created in all. */
export function ProcessingResults({ totals, actions }: ProcessingResultsProps) {
  return (
    <SectionCard
      title="Results"
      live
      footer={
        actions && (
          <Flex gap="small" wrap style={{ marginTop: 16 }}>
            {actions}
          </Flex>
        )
      }
    >
      <Flex gap="large" wrap>
        <Statistic title="Successful" value={totals.successful} />
        <Statistic title="Failed" value={totals.failed} />
        <Statistic title="Total chunks" value={totals.totalChunks} />
      </Flex>
    </SectionCard>
  );
}
