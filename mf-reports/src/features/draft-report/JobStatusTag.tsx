import { Tag } from 'antd';
import type { JobStatus } from '@ewrt/contract';
import { STATUS_TAG_STYLE } from './draftReportStyles';

const STATUS_TEXT: Record<JobStatus, string> = {
  pending: 'Pending',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A job's status as a coloured tag that also says it in words. */
export function JobStatusTag({ status }: { status: JobStatus }) {
  return <Tag style={{ ...STATUS_TAG_STYLE[status], marginInlineEnd: 0 }}>{STATUS_TEXT[status]}</Tag>;
}
