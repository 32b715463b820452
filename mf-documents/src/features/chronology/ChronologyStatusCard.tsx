import { Alert, Button, Flex, Progress, Typography } from 'antd';
import { ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { ChronologyResponse } from '@ewrt/contract';
import { formatDateTime } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';
import { CHRONOLOGY_MESSAGES } from './chronologyMessages';

interface ChronologyStatusCardProps {
  chronology: ChronologyResponse;
  /** The build is being asked for. */
  starting: boolean;
  /** Why the server refused to start a build (e.g. one is already running). */
  buildError: string | null;
  onBuild: () => void;
  onJobList: () => void;
}

const eventCount = (count: number) => `${count} ${count === 1 ? 'event' : 'events'}`;

/** Who described the events: the model's label, or the plain statement that the rules did. */
function describedByText(chronology: ChronologyResponse): string {
  return chronology.described_by === 'language-model' && chronology.model_info
    ? CHRONOLOGY_MESSAGES.describedBy(chronology.model_info.label)
    : CHRONOLOGY_MESSAGES.noModel;
}

/**
 * The chronology's state and its build: what it is before the first build, the job's progress while it runs, the
 * failure, when it was built and by what, "out of date" once documents changed, and Build / Rebuild.
 */
export function ChronologyStatusCard({
  chronology,
  starting,
  buildError,
  onBuild,
  onJobList,
}: ChronologyStatusCardProps) {
  const { state, job, built_at: builtAt } = chronology;
  const building = state === 'building';
  const buildLabel = builtAt === null ? 'Build chronology' : 'Rebuild chronology';
  const showOutOfDate = chronology.out_of_date && builtAt !== null && !building;
  const buildButton = (
    <Button
      type="primary"
      icon={<ReloadOutlined aria-hidden />}
      loading={starting}
      disabled={building}
      onClick={onBuild}
    >
      {buildLabel}
    </Button>
  );

  return (
    <SectionCard title="Chronology">
      <Flex vertical gap="middle">
        {builtAt === null && !building ? (
          <Typography.Paragraph style={{ margin: 0 }}>{CHRONOLOGY_MESSAGES.explanation}</Typography.Paragraph>
        ) : null}
        {building ? (
          <div role="status" aria-live="polite">
            <Typography.Text strong>Building the chronology{job ? ` (job ${job.id})` : ''}</Typography.Text>
            <Progress percent={Math.round(job?.progress_percentage ?? 0)} aria-label="Chronology progress" />
            <Typography.Text>{job?.current_step_description ?? 'Waiting to start'}</Typography.Text>
          </div>
        ) : null}
        {state === 'failed' ? (
          <Alert
            type="error"
            showIcon
            title={
              job?.error_message
                ? CHRONOLOGY_MESSAGES.jobFailed(job.error_message)
                : CHRONOLOGY_MESSAGES.jobFailedWithoutReason
            }
          />
        ) : null}
        {!building && state !== 'failed' && job?.status === 'cancelled' ? (
          <Alert type="warning" showIcon title={CHRONOLOGY_MESSAGES.jobCancelled} />
        ) : null}
        {builtAt !== null ? (
          <Flex vertical gap={2}>
            <Typography.Text>
              Built {formatDateTime(builtAt)} · {eventCount(chronology.total_events)}
            </Typography.Text>
            <Typography.Text>{describedByText(chronology)}</Typography.Text>
          </Flex>
        ) : null}
        {showOutOfDate ? (
          <Alert
            type="warning"
            showIcon
            title={CHRONOLOGY_MESSAGES.outOfDate}
            description={CHRONOLOGY_MESSAGES.outOfDateAdvice}
            action={buildButton}
          />
        ) : null}
        {buildError ? <Alert type="error" showIcon title={buildError} /> : null}
        <Flex gap="small" wrap>
          {showOutOfDate ? null : buildButton}
          <Button icon={<UnorderedListOutlined aria-hidden />} onClick={onJobList}>
            View job list
          </Button>
        </Flex>
      </Flex>
    </SectionCard>
  );
}
