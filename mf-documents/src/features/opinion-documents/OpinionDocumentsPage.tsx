import { Button, Flex, Result, Typography } from 'antd';
import { CloudUploadOutlined, MessageOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { getErrorMessage } from '@ewrt/shared';
import {
  deleteOpinionDocument,
  generateOpinionFileList,
  getOpinionDocumentDownload,
  listOpinionDocuments,
  OPINION_FILE_LIST_NAME,
  rebuildOpinionVectors,
} from '../api/opinionsApi';
import { downloadFileList } from '../api/downloadDocumentFileList';
import { DocumentActionNotices } from '../vectors/DocumentActionNotices';
import { DocumentListSection } from '../vectors/DocumentListSection';
import { ListingStatistics } from '../vectors/ListingStatistics';
import { useDocumentActions, type DocumentActionCalls } from '../vectors/useDocumentActions';
import { useDocumentListing } from '../vectors/useDocumentListing';
import { VectorMaintenanceButtons } from '../vectors/VectorMaintenanceButtons';
import { OpinionDocumentsInfoPanel } from './OpinionDocumentsInfoPanel';
import { OPINION_DOCUMENTS_MESSAGES } from './opinionDocumentsMessages';

const OPINION_DOCUMENT_CALLS: DocumentActionCalls = {
  getDownload: getOpinionDocumentDownload,
  deleteDocument: deleteOpinionDocument,
  rebuild: rebuildOpinionVectors,
  downloadFileList: (documents) =>
    downloadFileList(documents, generateOpinionFileList, OPINION_FILE_LIST_NAME),
};

/** /opinion-documents: the user's own opinion documents, their statistics, deletion, rebuild and file list. */
export function OpinionDocumentsPage() {
  const navigate = useNavigate();
  const { state, reload } = useDocumentListing(listOpinionDocuments);
  const actions = useDocumentActions({
    calls: OPINION_DOCUMENT_CALLS,
    messages: OPINION_DOCUMENTS_MESSAGES,
    onDeleted: reload,
  });

  const links = (
    <Flex gap="small" wrap>
      <Button icon={<CloudUploadOutlined />} onClick={() => navigate('/opinions/upload')}>
        Opinion Upload
      </Button>
      <Button icon={<MessageOutlined />} onClick={() => navigate('/opinions/query')}>
        Opinion Query
      </Button>
    </Flex>
  );

  const title = (
    <Typography.Title level={2} style={{ marginTop: 0 }}>
      Opinion Documents
    </Typography.Title>
  );

  if (state.status === 'failed') {
    const reason = getErrorMessage(state.error, OPINION_DOCUMENTS_MESSAGES.loadFailed);
    return (
      <div style={{ padding: 24 }}>
        {title}
        <Result
          status="error"
          title={OPINION_DOCUMENTS_MESSAGES.loadFailed}
          subTitle={reason === OPINION_DOCUMENTS_MESSAGES.loadFailed ? undefined : reason}
          extra={
            <Flex gap="small" wrap justify="center">
              <Button type="primary" onClick={reload}>
                Retry
              </Button>
              {links}
            </Flex>
          }
        />
      </div>
    );
  }

  const documents = state.listing?.documents ?? [];
  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        {title}
        <OpinionDocumentsInfoPanel />
        <DocumentActionNotices
          actions={actions}
          rebuildStarted={(jobId) => ({
            title: `Your opinion vector store is being rebuilt as background job ${jobId}.`,
            description:
              'It runs in the background and the jobs indicator in the navigation bar follows it; opinion questions are answered from the new index once it completes.',
          })}
        />
        <ListingStatistics
          listing={state.listing}
          titles={{ documents: 'Documents', passages: 'Indexed Passages' }}
        />
        <Flex gap="small" wrap>
          <VectorMaintenanceButtons actions={actions} documents={documents} />
          {links}
        </Flex>
        <DocumentListSection
          headingId="opinion-documents-title"
          state={state}
          actions={actions}
          loadingText="Loading opinion documents..."
          emptyText="You have no processed opinion documents yet."
          deleteConsequence="The stored file and its indexed passages are removed, so your opinion questions are no longer answered from it. This cannot be undone."
        />
      </Flex>
    </div>
  );
}
