import { useState } from 'react';
import { Alert, Button, Flex, InputNumber, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { RecordFlag, RecordFlagPlace, RecordGapsResponse } from '@ewrt/contract';
import { RECORD_GAP_MAX_DAYS, RECORD_GAP_MIN_DAYS } from '@ewrt/contract/limits';
import { SectionCard } from '@ewrt/shared/kit';
import { placeLabel } from '../chronology/placeCitation';
import { RECORD_REVIEW_MESSAGES } from './recordReviewMessages';
import { STATUS_COLOURS, tagStyle, type StatusColours } from '../jobs/jobStatusPresentation';

const KIND_COLOURS: Record<RecordFlag['kind'], StatusColours> = {
  'missing record': STATUS_COLOURS.red,
  'gap in care': STATUS_COLOURS.gold,
  'missed appointment': STATUS_COLOURS.blue,
};

interface RecordFlagsCardProps {
  patientId: number;
  gaps: RecordGapsResponse;
  gapDays: number;
  onGapDaysChange: (days: number) => void;
  onOpenPlace: (place: RecordFlagPlace, flag: RecordFlag) => void;
}

function countOf(flags: readonly RecordFlag[], kind: RecordFlag['kind']): number {
  return flags.filter((flag) => flag.kind === kind).length;
}

/** Missing records, gaps in care and missed appointments, each with the pages that raise it. */
export function RecordFlagsCard({
  patientId,
  gaps,
  gapDays,
  onGapDaysChange,
  onOpenPlace,
}: RecordFlagsCardProps) {
  const [draftDays, setDraftDays] = useState<number | null>(gapDays);
  const chronologyLink = <Link to={`/patients/${patientId}/chronology`}>Open the medical chronology</Link>;
  return (
    <SectionCard title="Gaps and missing records">
      <Flex vertical gap="middle">
        {gaps.chronology_state !== 'ready' ? (
          <Alert
            type="info"
            showIcon
            title={RECORD_REVIEW_MESSAGES.chronologyNeeded}
            action={chronologyLink}
          />
        ) : gaps.chronology_out_of_date ? (
          <Alert
            type="warning"
            showIcon
            title={RECORD_REVIEW_MESSAGES.chronologyOutOfDate}
            action={chronologyLink}
          />
        ) : null}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (draftDays !== null) onGapDaysChange(draftDays);
          }}
        >
          <Flex gap="small" align="center" wrap>
            <label htmlFor="record-gap-days">Flag gaps in care longer than (days)</label>
            <InputNumber
              id="record-gap-days"
              min={RECORD_GAP_MIN_DAYS}
              max={RECORD_GAP_MAX_DAYS}
              precision={0}
              value={draftDays}
              onChange={(value) => setDraftDays(value)}
            />
            <Button htmlType="submit">Apply</Button>
          </Flex>
        </form>
        <Typography.Text role="status">
          {countOf(gaps.flags, 'missing record')} missing records, {countOf(gaps.flags, 'gap in care')} gaps
          in care over {gaps.gap_days} days, {gaps.missed_appointments} missed appointments
        </Typography.Text>
        {gaps.flags.length === 0 ? (
          <Typography.Paragraph style={{ margin: 0 }}>{RECORD_REVIEW_MESSAGES.noFlags}</Typography.Paragraph>
        ) : (
          <ul aria-label="Flags" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {gaps.flags.map((flag, index) => (
              <li
                key={index}
                style={{ padding: '12px 0', borderTop: index === 0 ? undefined : '1px solid #f0f0f0' }}
              >
                <Flex vertical gap={4}>
                  <Flex gap="small" align="center" wrap>
                    <Tag style={tagStyle(KIND_COLOURS[flag.kind])}>{flag.kind}</Tag>
                    <Typography.Text strong>{flag.title}</Typography.Text>
                  </Flex>
                  <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                    {flag.passage}
                  </Typography.Paragraph>
                  <Flex gap="small" wrap>
                    {flag.places.map((place) => (
                      <Button
                        key={`${place.s3_key}:${place.page}`}
                        size="small"
                        onClick={() => onOpenPlace(place, flag)}
                        aria-label={`Open ${placeLabel(place)}`}
                      >
                        {placeLabel(place)}
                      </Button>
                    ))}
                  </Flex>
                </Flex>
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </SectionCard>
  );
}
