import { useEffect, useId } from 'react';
import { Alert, App, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { DocumentFilePicker } from './DocumentFilePicker';
import { PatientLookup } from './PatientLookup';
import { PROCESSING_MESSAGES } from './processingMessages';
import { ProcessingResults } from './ProcessingResults';
import { ProcessingSidebar } from './ProcessingSidebar';
import { REDIRECT_DELAY_MS } from './processingTimings';
import { UploadItemCard } from './UploadItemCard';
import { isReadyToSend, summarizeUploads } from './uploadItem';
import { useDocumentProcessing } from './useDocumentProcessing';
import { useRequestedPatient } from './useRequestedPatient';

/** /documents/process: upload a patient's documents and follow their processing jobs. */
export function DocumentProcessingPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const requested = useRequestedPatient();
  const patientId = requested.patient?.ID_Patient ?? null;
  const processing = useDocumentProcessing(patientId);
  const totals = summarizeUploads(processing.items);
  const filesHeadingId = useId();
  const jobListPath = patientId === null ? null : `/patient/${patientId}/jobs`;

  useEffect(() => {
    if (!processing.jobsSucceeded || jobListPath === null) return;
    const timer = setTimeout(() => navigate(jobListPath), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [processing.jobsSucceeded, jobListPath, navigate]);

  const startProcessing = () => {
    const refusal = processing.process();
    if (refusal) void message.error(refusal);
  };

  const stillRunning = processing.items.some((item) => item.status === 'processing');
  // The results summary appears once Process has sent something (validation failures alone are not results).
  const anySent = processing.items.some((item) => item.valid === true && item.status !== 'pending');

  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Document Processing
      </Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap="large">
            <PatientLookup
              patient={requested.patient}
              loadingRequested={requested.loading}
              requestedFailed={requested.failed}
              onChoose={requested.choose}
            />
            <Card
              title={
                <Typography.Title level={3} id={filesHeadingId} style={{ margin: 0, fontSize: 16 }}>
                  Documents
                </Typography.Title>
              }
            >
              <section aria-labelledby={filesHeadingId}>
                <Flex vertical gap="middle">
                  <DocumentFilePicker onFile={processing.addFile} />
                  <div aria-live="polite">
                    {processing.takingLonger && stillRunning && (
                      <Alert type="info" showIcon title={PROCESSING_MESSAGES.takingLonger} />
                    )}
                    {processing.timedOut && (
                      <Alert type="warning" showIcon title={PROCESSING_MESSAGES.timedOut} />
                    )}
                    {processing.jobsSucceeded && (
                      <Alert type="success" showIcon title="Processing finished. Opening the job list..." />
                    )}
                  </div>
                  {processing.items.length === 0 ? (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No files chosen yet" />
                  ) : (
                    <div role="list" aria-label="Chosen files">
                      <Flex vertical gap="small">
                        {processing.items.map((item) => (
                          <UploadItemCard
                            key={item.uid}
                            item={item}
                            onRemove={
                              item.status === 'pending' ||
                              (item.status === 'error' && item.jobId === undefined)
                                ? () => processing.removeFile(item.uid)
                                : undefined
                            }
                          />
                        ))}
                      </Flex>
                    </div>
                  )}
                </Flex>
              </section>
            </Card>
            {anySent && <ProcessingResults totals={totals} />}
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <ProcessingSidebar
            totals={totals}
            readyCount={processing.items.filter(isReadyToSend).length}
            busy={processing.uploading}
            hasPatient={patientId !== null}
            onProcess={startProcessing}
            onJobMonitoring={() => jobListPath && navigate(jobListPath)}
            onPatientSearch={() => navigate('/patients')}
            onDashboard={() => patientId !== null && navigate(`/patients/${patientId}/dashboard`)}
          />
        </Col>
      </Row>
    </div>
  );
}
