import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { DashboardOutlined, FileAddOutlined, FileTextOutlined, SyncOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { formatFileSize, getErrorMessage } from '@ewrt/shared';
import { PatientPageTitle } from '../patient-page/PatientPageTitle';
import { totalDocumentBytes } from '../api/totalDocumentBytes';
import { deleteDocument, getDocumentDownload, rebuildPatientVectors } from '../api/documentsApi';
import { downloadDocumentFileList } from '../api/downloadDocumentFileList';
import { useRoutePatient } from '../jobs/useRoutePatient';
import { DeleteDocumentModal } from './DeleteDocumentModal';
import { DocumentStatistics } from './DocumentStatistics';
import { DocumentsTable } from './DocumentsTable';
import { useDocumentActions, type DocumentActionCalls } from './useDocumentActions';
import { usePatientDocuments } from './usePatientDocuments';
import { VECTOR_MESSAGES } from './vectorMessages';
import { VectorsInfoPanel } from './VectorsInfoPanel';

function patientDocumentCalls(patientId: number): DocumentActionCalls {
  return {
    getDownload: (s3Key) => getDocumentDownload(patientId, s3Key),
    deleteDocument: (s3Key) => deleteDocument(patientId, s3Key),
    rebuild: () => rebuildPatientVectors(patientId),
    downloadFileList: (documents) => downloadDocumentFileList(patientId, documents),
  };
}

/** /documents/patient/:patientId: the patient's indexed documents, their statistics, deletion and rebuild. */
export function VectorManagementPage() {
  const { patientId, patient } = useRoutePatient();
  const navigate = useNavigate();
  const { state, reload } = usePatientDocuments(patientId);
  const actions = useDocumentActions({
    calls: patientId === null ? null : patientDocumentCalls(patientId),
    messages: VECTOR_MESSAGES,
    onDeleted: reload,
  });
  const { notice } = actions;

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
              onClose={actions.dismissNotice}
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
              onClose={actions.dismissNotice}
              title={notice.text}
            />
          ) : null}
        </div>
        <DocumentStatistics
          statistics={[
            { key: 'documents', title: 'Total Documents', value: state.listing?.total_documents },
            {
              key: 'size',
              title: 'Total Size',
              value: state.listing ? formatFileSize(totalDocumentBytes(state.listing.documents)) : undefined,
            },
            { key: 'vectors', title: 'Vector Count', value: state.listing?.vector_count },
          ]}
        />
        <Flex gap="small" wrap>
          <Button
            type="primary"
            icon={<FileAddOutlined />}
            onClick={() => navigate(`/documents/process?patientId=${patientId}`)}
          >
            Process Documents
          </Button>
          <Button icon={<SyncOutlined />} loading={actions.rebuilding} onClick={() => void actions.rebuild()}>
            Rebuild Vectors
          </Button>
          <Button
            icon={<FileTextOutlined />}
            loading={actions.listing}
            onClick={() => void actions.downloadFileList(documents)}
          >
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
              downloadingKey={actions.downloadingKey}
              onDownload={(document) => void actions.download(document)}
              onDelete={actions.askDelete}
            />
          )}
        </section>
      </Flex>
      <DeleteDocumentModal
        document={actions.deleting?.document ?? null}
        deleting={actions.deleting?.busy ?? false}
        onConfirm={() => void actions.confirmDelete()}
        onCancel={actions.cancelDelete}
      />
    </div>
  );
}
