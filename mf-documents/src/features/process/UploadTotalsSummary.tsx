import { useId } from 'react';
import { Flex, Progress, Statistic, Typography } from 'antd';
import type { UploadTotals } from './uploadItem';

/** The batch at a glance: total, valid and failed files, and the overall progress of the valid ones. */
export function UploadTotalsSummary({ totals }: { totals: UploadTotals }) {
  const labelId = useId();
  return (
    <>
      <Flex gap="large" wrap>
        <Statistic title="Total files" value={totals.total} />
        <Statistic title="Valid" value={totals.valid} />
        <Statistic title="Failed" value={totals.failed} />
      </Flex>
      <div>
        <Typography.Text id={labelId}>Overall progress</Typography.Text>
        <Progress percent={totals.overallProgress} aria-labelledby={labelId} />
      </div>
    </>
  );
}
