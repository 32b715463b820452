import { memo } from 'react';
import { Button, Flex, Typography } from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled, PlusOutlined } from '@ant-design/icons';
import type { Cpr35Remedy, Cpr35Result } from './cpr35Check';

interface Cpr35CheckPanelProps {
  results: readonly Cpr35Result[];
  onRemedy: (remedy: Cpr35Remedy) => void;
}

const COVERED_COLOUR = '#2e7d4f';
const MISSING_COLOUR = '#8a5310';

const REMEDY_LABELS: Record<Cpr35Remedy['kind'], string> = {
  'add-section': 'Add section',
  'restore-declaration': 'Restore the declaration',
  'add-statement-of-truth': 'Add the statement of truth',
};

/**
 * The CPR 35 check of the template being edited: how many of the contents PD 35 requires are provided for and,
 * for each, what covers it or a one-click way to add it. Status is given in words and an icon, not colour alone.
 */
export const Cpr35CheckPanel = memo(function Cpr35CheckPanel({ results, onRemedy }: Cpr35CheckPanelProps) {
  const covered = results.filter((result) => result.coveredBy !== null).length;
  return (
    <>
      <Typography.Paragraph>
        What Practice Direction 35 requires an expert&apos;s report to contain, and whether this template
        provides for it in a section or on the endpage.
      </Typography.Paragraph>
      <p role="status" aria-live="polite" style={{ fontWeight: 600, marginBottom: 12 }}>
        {covered} of {results.length} covered
      </p>
      <ul aria-label="PD 35 requirements" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {results.map((result) => (
          <li
            key={result.key}
            style={{ borderTop: '1px solid #d9dee2', padding: '8px 0', display: 'flex', gap: 8 }}
          >
            {result.coveredBy !== null ? (
              <CheckCircleFilled aria-hidden style={{ color: COVERED_COLOUR, marginTop: 4 }} />
            ) : (
              <ExclamationCircleFilled aria-hidden style={{ color: MISSING_COLOUR, marginTop: 4 }} />
            )}
            <Flex vertical gap={4} style={{ minWidth: 0 }}>
              <span>
                <Typography.Text strong>{result.label}</Typography.Text>{' '}
                <Typography.Text type="secondary">(para {result.paragraph})</Typography.Text>
              </span>
              {result.coveredBy !== null ? (
                <Typography.Text style={{ color: COVERED_COLOUR, wordBreak: 'break-word' }}>
                  Covered by: {result.coveredBy}
                </Typography.Text>
              ) : (
                <>
                  <Typography.Text style={{ color: MISSING_COLOUR }}>Missing</Typography.Text>
                  <Button
                    size="small"
                    icon={<PlusOutlined aria-hidden />}
                    aria-label={`${REMEDY_LABELS[result.remedy.kind]}: ${result.label}`}
                    onClick={() => onRemedy(result.remedy)}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {REMEDY_LABELS[result.remedy.kind]}
                  </Button>
                </>
              )}
            </Flex>
          </li>
        ))}
      </ul>
    </>
  );
});
