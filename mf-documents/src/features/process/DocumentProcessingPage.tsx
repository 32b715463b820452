import { useEffect } from 'react';
import { Alert, App, Col, Flex, Row, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ChosenFilesCard } from './ChosenFilesCard';
import { PatientLookup } from './PatientLookup';
import { PROCESSING_MESSAGES } from './processingMessages';
import { ProcessingResults } from './ProcessingResults';
import { ProcessingSidebar } from './ProcessingSidebar';
import { REDIRECT_DELAY_MS } from './processingTimings';
import { isReadyToSend, summarizeUploads } from './uploadItem';
import { useDocumentProcessing } from './useDocumentProcessing';
import { useRequestedPatient } from '@ewrt/shared/kit';

/** /documents/process: upload a patient's documents and follow their processing jobs. */
export function DocumentProcessingPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const requested = useRequestedPatient();
  const patientId = requested.patient?.ID_Patient ?? null;
  const processing = useDocumentProcessing(patientId);
  const totals = summarizeUploads(processing.items);
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
            <ChosenFilesCard
              title="Documents"
              uploads={processing}
              notices={
                <>
                  {processing.timedOut && (
                    <Alert type="warning" showIcon title={PROCESSING_MESSAGES.timedOut} />
                  )}
                  {processing.jobsSucceeded && (
                    <Alert type="success" showIcon title="Processing finished. Opening the job list..." />
                  )}
                </>
              }
            />
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
