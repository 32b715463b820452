import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { CloudUploadOutlined, FileTextOutlined, MessageOutlined, SyncOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { formatFileSize, getErrorMessage } from '@ewrt/shared';
import {
  deleteOpinionDocument,
  generateOpinionFileList,
  getOpinionDocumentDownload,
  listOpinionDocuments,
  OPINION_FILE_LIST_NAME,
  rebuildOpinionVectors,
} from '../api/opinionsApi';
import { downloadFileList } from '../api/downloadDocumentFileList';
import { totalDocumentBytes } from '../api/totalDocumentBytes';
import { DeleteDocumentModal } from '../vectors/DeleteDocumentModal';
import { DocumentStatistics } from '../vectors/DocumentStatistics';
import { DocumentsTable } from '../vectors/DocumentsTable';
import { useDocumentActions, type DocumentActionCalls } from '../vectors/useDocumentActions';
import { useDocumentListing } from '../vectors/useDocumentListing';
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
  const { notice } = actions;

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
        {/* Rendered before any notice arrives, so that screen readers announce the notices that follow. */}
        <div role="status" aria-live="polite">
          {notice?.kind === 'rebuild-started' ? (
            <Alert
              type="info"
              showIcon
              closable={{ 'aria-label': 'Dismiss' }}
              onClose={actions.dismissNotice}
              title={`Your opinion vector store is being rebuilt as background job ${notice.jobId}.`}
              description="It runs in the background and the jobs indicator in the navigation bar follows it; opinion questions are answered from the new index once it completes."
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
            { key: 'documents', title: 'Documents', value: state.listing?.total_documents },
            {
              key: 'size',
              title: 'Total Size',
              value: state.listing ? formatFileSize(totalDocumentBytes(state.listing.documents)) : undefined,
            },
            { key: 'passages', title: 'Indexed Passages', value: state.listing?.vector_count },
          ]}
        />
        <Flex gap="small" wrap>
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
          {links}
        </Flex>
        <section aria-labelledby="opinion-documents-title">
          <Typography.Title level={3} id="opinion-documents-title" style={{ fontSize: 18 }}>
            Documents
          </Typography.Title>
          {state.listing === null ? (
            <Flex justify="center" style={{ padding: 48 }}>
              <Spin size="large" description="Loading opinion documents..." />
            </Flex>
          ) : (
            <DocumentsTable
              documents={documents}
              loading={state.status === 'loading'}
              downloadingKey={actions.downloadingKey}
              onDownload={(document) => void actions.download(document)}
              onDelete={actions.askDelete}
              emptyText="You have no processed opinion documents yet."
            />
          )}
        </section>
      </Flex>
      <DeleteDocumentModal
        document={actions.deleting?.document ?? null}
        deleting={actions.deleting?.busy ?? false}
        onConfirm={() => void actions.confirmDelete()}
        onCancel={actions.cancelDelete}
        consequence="The stored file and its indexed passages are removed, so your opinion questions are no longer answered from it. This cannot be undone."
      />
    </div>
  );
}
