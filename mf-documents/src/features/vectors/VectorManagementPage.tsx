import { Button, Flex, Result } from 'antd';
import { DashboardOutlined, FileAddOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { getErrorMessage } from '@ewrt/shared';
import { PatientPageTitle } from '../patient-page/PatientPageTitle';
import { deleteDocument, getDocumentDownload, rebuildPatientVectors } from '../api/documentsApi';
import { downloadDocumentFileList } from '../api/downloadDocumentFileList';
import { useRoutePatient } from '../jobs/useRoutePatient';
import { NoPatientInAddress } from '../page-layout/NoPatientInAddress';
import { DocumentActionNotices } from './DocumentActionNotices';
import { DocumentListSection } from './DocumentListSection';
import { ListingStatistics } from './ListingStatistics';
import { useDocumentActions, type DocumentActionCalls } from './useDocumentActions';
import { usePatientDocuments } from './usePatientDocuments';
import { VECTOR_MESSAGES } from './vectorMessages';
import { VectorMaintenanceButtons } from './VectorMaintenanceButtons';
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

  if (patientId === null) {
    return <NoPatientInAddress />;
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
        <DocumentActionNotices
          actions={actions}
          rebuildStarted={(jobId) => ({
            title: `The vector store is being rebuilt as background job ${jobId}.`,
            description: (
              <>
                It runs in the background; questions are answered from the new index once it completes.{' '}
                <Link to={jobListPath} style={{ textDecoration: 'underline' }}>
                  Follow it in the job list
                </Link>
              </>
            ),
          })}
        />
        <ListingStatistics
          listing={state.listing}
          titles={{ documents: 'Total Documents', passages: 'Vector Count' }}
        />
        <Flex gap="small" wrap>
          <Button
            type="primary"
            icon={<FileAddOutlined />}
            onClick={() => navigate(`/documents/process?patientId=${patientId}`)}
          >
            Process Documents
          </Button>
          <VectorMaintenanceButtons actions={actions} documents={documents} />
          <Button icon={<DashboardOutlined />} onClick={() => navigate(`/patients/${patientId}/dashboard`)}>
            Dashboard
          </Button>
        </Flex>
        <DocumentListSection
          headingId="vector-documents-title"
          state={state}
          actions={actions}
          loadingText="Loading documents..."
        />
      </Flex>
    </div>
  );
}
