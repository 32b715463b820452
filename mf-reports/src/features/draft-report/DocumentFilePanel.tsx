import { useState } from 'react';
import { Alert, App, Button, Flex, Typography } from 'antd';
import { DownloadOutlined, FileWordOutlined } from '@ant-design/icons';
import type { DraftProcessingResult } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { downloadFromLink, SectionCard } from '@ewrt/shared/kit';
import { getGeneratedDocumentDownload } from '../api/draftReportsApi';
import { DRAFT_REPORT_MESSAGES } from './draftReportMessages';
import { MUTED_TEXT } from './draftReportStyles';

/** The Word file's name: as the server gave it, else the last part of its storage key. */
const wordFilename = (result: DraftProcessingResult, key: string) =>
  result.docx_filename ?? key.split('/').pop() ?? key;

/** Document File: the open report's Word document, to download, or why it could not be saved. */
export function DocumentFilePanel({ result }: { result: DraftProcessingResult | null }) {
  const { message } = App.useApp();
  const [downloading, setDownloading] = useState(false);
  const key = result?.docx_saved ? result.docx_s3_key : null;

  const download = async (patientId: number, s3Key: string) => {
    setDownloading(true);
    try {
      const link = await getGeneratedDocumentDownload(patientId, s3Key);
      downloadFromLink(link.download_url, link.filename);
      void message.success(DRAFT_REPORT_MESSAGES.documentDownloaded);
    } catch (error) {
      void message.error(getErrorMessage(error, DRAFT_REPORT_MESSAGES.documentDownloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <SectionCard title="Document File">
      {!result ? (
        <Typography.Text style={MUTED_TEXT}>
          The Word document of a generated report appears here.
        </Typography.Text>
      ) : null}
      {result?.docx_error ? (
        <Alert
          type="warning"
          showIcon
          title={DRAFT_REPORT_MESSAGES.docxSaveFailed}
          description={`Reason: ${result.docx_error}`}
        />
      ) : null}
      {result && key ? (
        <Flex vertical gap="small">
          <Flex align="center" gap="small">
            <FileWordOutlined aria-hidden style={{ color: '#003eb3' }} />
            <Typography.Text style={{ wordBreak: 'break-all' }}>{wordFilename(result, key)}</Typography.Text>
          </Flex>
          <div>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={downloading}
              aria-label={`Download ${wordFilename(result, key)}`}
              onClick={() => void download(result.patient_id, key)}
            >
              Download
            </Button>
          </div>
        </Flex>
      ) : null}
      {result && !key && !result.docx_error ? (
        <Typography.Text style={MUTED_TEXT}>This report has no Word document.</Typography.Text>
      ) : null}
    </SectionCard>
  );
}
