import { useRef } from 'react';
import { Alert, App, Button, Col, Flex, Row, Typography } from 'antd';
import { CloudUploadOutlined, FolderOpenOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { ChosenFilesCard } from '../process/ChosenFilesCard';
import { ProcessingResults } from '../process/ProcessingResults';
import { isReadyToSend, summarizeUploads } from '../process/uploadItem';
import { UploadTotalsSummary } from '../process/UploadTotalsSummary';
import { useOpinionUploads } from './useOpinionUploads';
import { SectionCard } from '@ewrt/shared/kit';

/** /opinions/upload: add documents to the user's own opinion corpus and follow their processing jobs. */
export function OpinionUploadPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const processing = useOpinionUploads();
  const totals = summarizeUploads(processing.items);
  const pickerArea = useRef<HTMLDivElement>(null);

  const startProcessing = () => {
    const refusal = processing.process();
    if (refusal) void message.error(refusal);
  };

  // A new batch starts from an empty list, with the keyboard focus on the picker.
  const processMore = () => {
    processing.clearFinished();
    pickerArea.current?.querySelector<HTMLElement>('[role="button"]')?.focus();
  };

  const stillRunning = processing.items.some((item) => item.status === 'processing');
  const busy = processing.uploading || stillRunning;
  // The results summary appears once Process has sent something (validation failures alone are not results).
  const anySent = processing.items.some((item) => item.valid === true && item.status !== 'pending');
  const readyCount = processing.items.filter(isReadyToSend).length;

  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Opinion Document Processing
      </Typography.Title>
      <Typography.Paragraph style={{ maxWidth: 880 }}>
        Opinion documents are your own writing: past reports, opinions and articles whose reasoning you want
        to ask about later. They are kept apart from patient records: they are never added to a patient&apos;s
        records, and only you can list, query or download them.
      </Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap="large">
            <ChosenFilesCard
              title="Opinion documents"
              pickerTitle="Choose opinion documents to process"
              pickerRef={pickerArea}
              uploads={processing}
              notices={
                <>
                  {processing.timedOut && (
                    <Alert
                      type="warning"
                      showIcon
                      title="Some documents were not finished within 10 minutes."
                      description="Their jobs may still complete: the background jobs indicator in the navigation bar follows them."
                    />
                  )}
                </>
              }
            />
            {anySent && (
              <ProcessingResults
                totals={totals}
                actions={
                  <>
                    <Button icon={<PlusOutlined />} onClick={processMore} disabled={busy}>
                      Process More Documents
                    </Button>
                    <Button
                      type="primary"
                      icon={<MessageOutlined />}
                      onClick={() => navigate('/opinions/query')}
                    >
                      Query Opinion Documents
                    </Button>
                  </>
                }
              />
            )}
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <SectionCard title="Batch">
            <Flex vertical gap="middle">
              <UploadTotalsSummary totals={totals} />
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                onClick={startProcessing}
                loading={processing.uploading}
                block
              >
                Process {readyCount} Documents
              </Button>
              <Button icon={<FolderOpenOutlined />} onClick={() => navigate('/opinion-documents')} block>
                Manage Opinion Documents
              </Button>
            </Flex>
          </SectionCard>
        </Col>
      </Row>
    </div>
  );
}
