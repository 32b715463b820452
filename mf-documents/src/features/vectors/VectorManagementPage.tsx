import { useState } from 'react';
import { Alert, App, Button, Card, Col, Flex, Result, Row, Spin, Statistic, Typography } from 'antd';
import { DashboardOutlined, FileAddOutlined, FileTextOutlined, SyncOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import type { PatientDocument } from '@ewrt/contract';
import { formatFileSize, getErrorMessage } from '@ewrt/shared';
import { PatientPageTitle } from '../patient-page/PatientPageTitle';
import { totalDocumentBytes } from '../api/totalDocumentBytes';
import { deleteDocument, getDocumentDownload, rebuildPatientVectors } from '../api/documentsApi';
import { downloadDocumentFileList } from '../api/downloadDocumentFileList';
import { downloadFromLink } from '../api/downloadFromLink';
import { useRoutePatient } from '../jobs/useRoutePatient';
import { DeleteDocumentModal } from './DeleteDocumentModal';
import { deletionOutcome } from './deletionOutcome';
import { DocumentsTable } from './DocumentsTable';
import { usePatientDocuments } from './usePatientDocuments';
import { VECTOR_MESSAGES } from './vectorMessages';
import { VectorsInfoPanel } from './VectorsInfoPanel';

/** A result that stays on screen until the next action: a rebuild started, or a deletion with a failed rebuild. */
type Notice = { kind: 'rebuild-started'; jobId: number } | { kind: 'warning'; text: string };

/** /documents/patient/:patientId: the patient's indexed documents, their statistics, deletion and rebuild. */
export function VectorManagementPage() {
  const { patientId, patient } = useRoutePatient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { state, reload } = usePatientDocuments(patientId);
  const [deleting, setDeleting] = useState<{ document: PatientDocument; busy: boolean } | null>(null);
  const [downloadingKey, setDownloadingKey] = useState<string | null>(null);
  const [rebuilding, setRebuilding] = useState(false);
  const [listing, setListing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  if (patientId === null) {
    return (
      <Result
        status="warning"
        title="This address does not name a patient"
        extra={
          <Button type="primary" onClick={() => navigate('/patients')}>
            Patient Search
          </Button>
        }
      />
    );
  }

  if (state.status === 'failed') {
    return (
      <Result
        status="error"
        title={VECTOR_MESSAGES.loadErrorTitle}
        subTitle={getErrorMessage(state.error, VECTOR_MESSAGES.loadFailed)}
        extra={[
          <Button key="back" onClick={() => navigate(-1)}>
            Go Back
          </Button>,
          <Button key="retry" type="primary" onClick={reload}>
            Retry
          </Button>,
        ]}
      />
    );
  }

  const documents = state.listing?.documents ?? [];

  const download = async (document: PatientDocument) => {
    setDownloadingKey(document.s3_key);
    try {
      const link = await getDocumentDownload(patientId, document.s3_key);
      downloadFromLink(link.download_url, link.filename || document.filename);
    } catch (error) {
      void message.error(getErrorMessage(error, VECTOR_MESSAGES.downloadFailed));
    } finally {
      setDownloadingKey(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { document } = deleting;
    setDeleting({ document, busy: true });
    try {
      const answer = await deleteDocument(patientId, document.s3_key);
      setDeleting(null);
      const outcome = deletionOutcome(document.filename, answer);
      if (outcome.kind === 'warning') setNotice({ kind: 'warning', text: outcome.text });
      else void message.success(outcome.text);
      reload();
    } catch (error) {
      setDeleting({ document, busy: false });
      void message.error(getErrorMessage(error, VECTOR_MESSAGES.deleteFailed));
    }
  };

  const rebuild = async () => {
    setRebuilding(true);
    setNotice(null);
    try {
      const answer = await rebuildPatientVectors(patientId);
      setNotice({ kind: 'rebuild-started', jobId: answer.job_id });
    } catch (error) {
      void message.error(getErrorMessage(error, VECTOR_MESSAGES.rebuildFailed));
    } finally {
      setRebuilding(false);
    }
  };

  const downloadFileList = async () => {
    if (documents.length === 0) {
      void message.warning(VECTOR_MESSAGES.noDocumentsToDownload);
      return;
    }
    setListing(true);
    try {
      await downloadDocumentFileList(patientId, documents);
    } catch (error) {
      void message.error(getErrorMessage(error, VECTOR_MESSAGES.fileListFailed));
    } finally {
      setListing(false);
    }
  };

  const jobListPath = `/patient/${patientId}/jobs`;
  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        <PatientPageTitle title="Vector Management" patientId={patientId} patient={patient} />
        <VectorsInfoPanel />
        {/* Rendered before any notice arrives, so that screen readers announce the notices that follow. */}
        <div role="status" aria-live="polite">
          {notice?.kind === 'rebuild-started' ? (
            <Alert
              type="info"
              showIcon
              closable={{ 'aria-label': 'Dismiss' }}
              onClose={() => setNotice(null)}
              title={`The vector store is being rebuilt as background job ${notice.jobId}.`}
              description={
                <>
                  It runs in the background; questions are answered from the new index once it completes.{' '}
                  <Link to={jobListPath} style={{ textDecoration: 'underline' }}>
                    Follow it in the job list
                  </Link>
                </>
              }
            />
          ) : null}
          {notice?.kind === 'warning' ? (
            <Alert
              type="warning"
              showIcon
              closable={{ 'aria-label': 'Dismiss' }}
              onClose={() => setNotice(null)}
              title={notice.text}
            />
          ) : null}
        </div>
        <Row gutter={[16, 16]}>
          {[
            { key: 'documents', title: 'Total Documents', value: state.listing?.total_documents },
            {
              key: 'size',
              title: 'Total Size',
              value: state.listing ? formatFileSize(totalDocumentBytes(state.listing.documents)) : undefined,
            },
            { key: 'vectors', title: 'Vector Count', value: state.listing?.vector_count },
          ].map(({ key, title, value }) => (
            <Col key={key} xs={24} sm={8}>
              <Card>
                <Statistic title={title} value={value ?? '–'} />
              </Card>
            </Col>
          ))}
        </Row>
        <Flex gap="small" wrap>
          <Button
            type="primary"
            icon={<FileAddOutlined />}
            onClick={() => navigate(`/documents/process?patientId=${patientId}`)}
          >
            Process Documents
          </Button>
          <Button icon={<SyncOutlined />} loading={rebuilding} onClick={() => void rebuild()}>
            Rebuild Vectors
          </Button>
          <Button icon={<FileTextOutlined />} loading={listing} onClick={() => void downloadFileList()}>
            Download File List
          </Button>
          <Button icon={<DashboardOutlined />} onClick={() => navigate(`/patients/${patientId}/dashboard`)}>
            Dashboard
          </Button>
        </Flex>
        <section aria-labelledby="vector-documents-title">
          <Typography.Title level={3} id="vector-documents-title" style={{ fontSize: 18 }}>
            Documents
          </Typography.Title>
          {state.listing === null ? (
            <Flex justify="center" style={{ padding: 48 }}>
              <Spin size="large" description="Loading documents..." />
            </Flex>
          ) : (
            <DocumentsTable
              documents={documents}
              loading={state.status === 'loading'}
              downloadingKey={downloadingKey}
              onDownload={(document) => void download(document)}
              onDelete={(document) => setDeleting({ document, busy: false })}
            />
          )}
        </section>
      </Flex>
      <DeleteDocumentModal
        document={deleting?.document ?? null}
        deleting={deleting?.busy ?? false}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
