import { useId } from 'react';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import type { DraftSource, ReportSection } from '@ewrt/contract';
import { BADGE_STYLE, MUTED_TEXT } from './draftReportStyles';
import { sectionLabel, sourceLabel } from './draftReportText';

interface ReportSectionViewProps {
  section: ReportSection;
  /** Opens a cited page as it looks, with the cited passage marked. */
  onOpenSource: (source: DraftSource) => void;
}

/**
 * One section of a generated report: its text, the sources its `[n]` markers cite (each opens its page), and
 * flagged sentences.
 */
export function ReportSectionView({ section, onOpenSource }: ReportSectionViewProps) {
  const headingId = useId();
  const digest = section.origin === 'evidence-digest';
  const recordsList = section.origin === 'records-list';
  return (
    <article aria-labelledby={headingId} style={{ paddingBottom: 16, borderBottom: '1px solid #f0f0f0' }}>
      <Flex align="center" gap="small" wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={4} id={headingId} style={{ margin: 0, fontSize: 15 }}>
          {sectionLabel(section)}
        </Typography.Title>
        {digest ? <Tag style={BADGE_STYLE.digest}>Evidence digest</Tag> : null}
        {recordsList ? <Tag style={BADGE_STYLE.digest}>From the records</Tag> : null}
        {section.template_applied ? <Tag style={BADGE_STYLE.template}>Template Applied</Tag> : null}
      </Flex>
      {digest ? (
        <Typography.Paragraph style={MUTED_TEXT}>
          No language model drafted this section: it lists the passages of the records retrieved for its
          prompt, cited, for you to write from.
        </Typography.Paragraph>
      ) : null}
      {recordsList ? (
        <Typography.Paragraph style={MUTED_TEXT}>
          Listed from the documents held for this patient (copies set aside are left out), with the gaps and
          missing records the review flagged. No language model wrote or changed it.
        </Typography.Paragraph>
      ) : null}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{section.response}</Typography.Paragraph>
      {section.unsupported_sentences.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="Not supported by the cited records: check these sentences before use"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {section.unsupported_sentences.map((sentence) => (
                <li key={sentence}>{sentence}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      {section.sources.length > 0 ? (
        <div>
          <Typography.Text strong>Sources</Typography.Text>
          <ul
            aria-label={`Sources of ${sectionLabel(section)}`}
            style={{ margin: '4px 0 0', paddingInlineStart: 20 }}
          >
            {section.sources.map((source) => (
              <li key={`${source.number}-${source.s3_key}-${source.page}`}>
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                  onClick={() => onOpenSource(source)}
                >
                  {sourceLabel(source)}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}
