import { useMemo, useState } from 'react';
import { Flex, Tag, Typography } from 'antd';
import type { DraftProcessingResult, DraftSource } from '@ewrt/contract';
import { GENERATED_REPORT_PANEL_MAX_HEIGHT_PX } from '@ewrt/contract/limits';
import { formatDateTime } from '@ewrt/shared';
import { PageViewer, patientPageSource, SectionCard } from '@ewrt/shared/kit';
import { BADGE_STYLE, MUTED_TEXT } from './draftReportStyles';
import { sourceLabel } from './draftReportText';
import { ReportSectionView } from './ReportSectionView';

interface GeneratedReportPanelProps {
  result: DraftProcessingResult;
  jobId: number;
  /** Set when the opened job is for another patient than the one on screen. */
  otherPatientName: string | null;
}

/**
 * Generated Report: the badges (template applied, written by a model, section count), the model the server says
 * drafted it, and every section in a scrolling region that the keyboard can reach; a section's source opens its
 * page (of the report's patient) in the page viewer.
 */
export function GeneratedReportPanel({ result, jobId, otherPatientName }: GeneratedReportPanelProps) {
  const sections = result.results;
  const templateApplied = sections.some((section) => section.template_applied);
  const modelWritten = sections.some((section) => section.bedrock_comprehensive);
  const { ai_use: aiUse } = result;
  const pages = useMemo(() => patientPageSource(result.patient_id), [result.patient_id]);
  const [openSource, setOpenSource] = useState<DraftSource | null>(null);
  return (
    <SectionCard title="Generated Report">
      <Flex vertical gap="middle">
        <Flex gap="small" wrap aria-label="Report summary" role="group">
          {templateApplied ? <Tag style={BADGE_STYLE.template}>Template Applied</Tag> : null}
          {modelWritten ? <Tag style={BADGE_STYLE.model}>AI Comprehensive Report</Tag> : null}
          <Tag style={BADGE_STYLE.count}>
            {sections.length} {sections.length === 1 ? 'section' : 'sections'}
          </Tag>
        </Flex>
        <div>
          <Typography.Text>
            <strong>{result.report_type}</strong> · job {jobId} · generated{' '}
            {formatDateTime(aiUse.generated_at)}
          </Typography.Text>
          <br />
          <Typography.Text>Model: {aiUse.model_info.label}</Typography.Text>
          {otherPatientName ? (
            <>
              <br />
              <Typography.Text style={MUTED_TEXT}>This report is for {otherPatientName}.</Typography.Text>
            </>
          ) : null}
        </div>
        <div
          role="region"
          aria-label="Report sections"
          tabIndex={0}
          style={{
            maxHeight: GENERATED_REPORT_PANEL_MAX_HEIGHT_PX,
            overflowY: 'auto',
            border: '1px solid #d9d9d9',
            borderRadius: 6,
            padding: 16,
          }}
        >
          <Flex vertical gap="middle">
            {sections.map((section, index) => (
              <ReportSectionView
                key={`${index}-${section.title}`}
                section={section}
                onOpenSource={setOpenSource}
              />
            ))}
          </Flex>
        </div>
      </Flex>
      <PageViewer
        citation={openSource}
        title={openSource ? sourceLabel(openSource) : ''}
        source={pages}
        onClose={() => setOpenSource(null)}
      />
    </SectionCard>
  );
}
