import { useId } from 'react';
import { Alert, Button, Flex, Select, Skeleton, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type {
  DraftReportPrompt,
  DraftReportType,
  ReportTemplate,
  StructuredTemplateListItem,
} from '@ewrt/contract';
import { SectionCard } from '@ewrt/shared/kit';
import { MUTED_TEXT } from './draftReportStyles';
import type { Loaded } from './useReportChoices';

export interface ReportSetupChoice {
  typeId: number | null;
  templateId: number | null;
  structuredTemplateId: number | null;
}

interface ReportSetupFormProps {
  types: Loaded<DraftReportType[]>;
  prompts: Loaded<DraftReportPrompt[]>;
  reportTemplates: Loaded<ReportTemplate[]>;
  structuredTemplates: Loaded<StructuredTemplateListItem[]>;
  choice: ReportSetupChoice;
  onChange: (choice: ReportSetupChoice) => void;
  canSetUpReports: boolean;
  /** A job is pending or running: one at a time. */
  jobRunning: boolean;
  starting: boolean;
  onGenerate: () => void;
}

const labelStyle = { display: 'block', fontWeight: 600, marginBottom: 4 } as const;

/** What the job will do with the chosen type's prompts, in plain words. */
function ProcessDescription({ promptCount, withTemplate }: { promptCount: number; withTemplate: boolean }) {
  if (promptCount === 0) {
    return (
      <Alert
        type="info"
        showIcon
        title="This report type has no prompts yet, so there is nothing to generate. Prompts are added in Draft Report Prompts."
      />
    );
  }
  return (
    <div role="status">
      <Typography.Text strong>
        {promptCount} {promptCount === 1 ? 'prompt' : 'prompts'}
      </Typography.Text>
      <Typography.Paragraph style={{ margin: '4px 0 0' }}>
        The report gets one section per prompt, each written from the passages of the patient&rsquo;s indexed
        records that the prompt needs and citing the file and page it draws on, then the complete report. It
        is saved as a Word document{withTemplate ? ' in your report template' : ''}. Generation runs in the
        background: you can leave this page while it works.
      </Typography.Paragraph>
    </div>
  );
}

/** Report Setup: the report type, the optional Word and structured templates, and Generate. */
export function ReportSetupForm({
  types,
  prompts,
  reportTemplates,
  structuredTemplates,
  choice,
  onChange,
  canSetUpReports,
  jobRunning,
  starting,
  onGenerate,
}: ReportSetupFormProps) {
  const typeFieldId = useId();
  const templateFieldId = useId();
  const structuredFieldId = useId();
  const typeList = types.status === 'ready' ? types.value : [];
  const promptList = choice.typeId !== null && prompts.status === 'ready' ? prompts.value : null;
  const canGenerate =
    !jobRunning &&
    typeList.length > 0 &&
    choice.typeId !== null &&
    promptList !== null &&
    promptList.length > 0;

  return (
    <SectionCard title="Report Setup">
      <Flex vertical gap="large">
        {types.status === 'failed' ? <Alert type="error" showIcon title={types.error} /> : null}
        {types.status === 'ready' && typeList.length === 0 ? (
          <Alert
            type="info"
            showIcon
            title="Your group has no report types yet."
            description={
              canSetUpReports
                ? 'Set them up in Draft Report Prompts, or import the default ones, then come back to generate a report.'
                : 'A colleague with the advanced tools (Full Access) sets report types and their prompts up for your group; once they have, you can generate reports here.'
            }
          />
        ) : null}
        <div>
          <label htmlFor={typeFieldId} style={labelStyle}>
            Report type
          </label>
          <Select<number>
            id={typeFieldId}
            style={{ width: '100%' }}
            placeholder="Choose a report type"
            loading={types.status === 'loading'}
            disabled={typeList.length === 0}
            value={choice.typeId ?? undefined}
            onChange={(typeId) => onChange({ ...choice, typeId })}
            options={typeList.map((type) => ({ value: type.ID_LookupType, label: type.LookupTypeText }))}
          />
        </div>
        {choice.typeId !== null && prompts.status === 'loading' ? (
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        ) : null}
        {choice.typeId !== null && prompts.status === 'failed' ? (
          <Alert type="error" showIcon title={prompts.error} />
        ) : null}
        {promptList ? (
          <ProcessDescription promptCount={promptList.length} withTemplate={choice.templateId !== null} />
        ) : null}
        <div>
          <label htmlFor={templateFieldId} style={labelStyle}>
            Report template (optional)
          </label>
          <Select<number>
            id={templateFieldId}
            style={{ width: '100%' }}
            allowClear
            placeholder="None: a clean document"
            loading={reportTemplates.status === 'loading'}
            value={choice.templateId ?? undefined}
            onChange={(templateId) => onChange({ ...choice, templateId: templateId ?? null })}
            options={(reportTemplates.status === 'ready' ? reportTemplates.value : []).map((template) => ({
              value: template.ID_Template,
              label: template.template_name,
            }))}
          />
          <Flex justify="space-between" gap="small" wrap style={{ marginTop: 4 }}>
            <span style={MUTED_TEXT}>Your own Word template, filled keeping its styles.</span>
            {canSetUpReports ? <Link to="/report-templates">Manage Templates</Link> : null}
          </Flex>
          {reportTemplates.status === 'failed' ? (
            <Alert type="error" showIcon style={{ marginTop: 8 }} title={reportTemplates.error} />
          ) : null}
        </div>
        <div>
          <label htmlFor={structuredFieldId} style={labelStyle}>
            Structured template (optional)
          </label>
          <Select<number>
            id={structuredFieldId}
            style={{ width: '100%' }}
            allowClear
            placeholder="None"
            loading={structuredTemplates.status === 'loading'}
            value={choice.structuredTemplateId ?? undefined}
            onChange={(structuredTemplateId) =>
              onChange({ ...choice, structuredTemplateId: structuredTemplateId ?? null })
            }
            options={(structuredTemplates.status === 'ready' ? structuredTemplates.value : []).map(
              (template) => ({
                value: template.ID_Template,
                label: template.template_name,
              }),
            )}
          />
          <span style={{ ...MUTED_TEXT, display: 'block', marginTop: 4 }}>
            Its front page, section outline and declaration shape the report.
          </span>
          {structuredTemplates.status === 'failed' ? (
            <Alert type="error" showIcon style={{ marginTop: 8 }} title={structuredTemplates.error} />
          ) : null}
        </div>
        <div>
          <Button
            type="primary"
            size="large"
            icon={<ThunderboltOutlined aria-hidden />}
            disabled={!canGenerate}
            loading={starting}
            onClick={onGenerate}
          >
            Generate Draft Report
          </Button>
        </div>
      </Flex>
    </SectionCard>
  );
}
