import { useState } from 'react';
import { Alert, App, Button, Empty, Flex, Modal, Result, Typography } from 'antd';
import { getErrorMessage, useSession } from '@ewrt/shared';
import { downloadFromLink, SectionCard } from '@ewrt/shared/kit';
import { deleteStyleDocument, getStyleDocumentDownload } from '../api/authoringDocumentsApi';
import { StyleDocumentDetails } from './StyleDocumentDetails';
import { STYLE_DOCUMENT_MESSAGES } from './styleDocumentMessages';
import { StyleDocumentUploadForm } from './StyleDocumentUploadForm';
import { useStyleDocument } from './useStyleDocument';

/** /example-report: the user's one style document, which draft reports imitate. */
export function StyleDocumentPage() {
  const { message } = App.useApp();
  const userId = useSession().user?.ID_User ?? null;
  const { state, reload } = useStyleDocument(userId);
  const [downloading, setDownloading] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const title = (
    <Typography.Title level={1} style={{ marginTop: 0 }}>
      Style Document
    </Typography.Title>
  );

  if (userId === null) {
    return (
      <div style={{ padding: 24 }}>
        {title}
        <Result status="info" title="Please log in to access your style document." />
      </div>
    );
  }

  const info = state.status === 'failed' ? null : state.info;
  const current = info?.has_document ? info : null;

  const download = async () => {
    setDownloading(true);
    try {
      const link = await getStyleDocumentDownload(userId);
      downloadFromLink(link.download_url, link.filename);
    } catch (error) {
      void message.error(getErrorMessage(error, STYLE_DOCUMENT_MESSAGES.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteStyleDocument(userId);
      void message.success(STYLE_DOCUMENT_MESSAGES.deleted);
      setConfirmingDelete(false);
      reload();
    } catch (error) {
      void message.error(getErrorMessage(error, STYLE_DOCUMENT_MESSAGES.deleteFailed));
    } finally {
      setDeleting(false);
    }
  };

  const currentDocument = () => {
    if (state.status === 'failed') {
      return (
        <Alert
          type="error"
          showIcon
          title={getErrorMessage(state.error, STYLE_DOCUMENT_MESSAGES.loadFailed)}
          action={
            <Button size="small" onClick={reload}>
              Retry
            </Button>
          }
        />
      );
    }
    if (state.status === 'loading' && !info) {
      return <Typography.Text role="status">Loading your style document...</Typography.Text>;
    }
    if (!current) {
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="You have no style document yet. Upload one below so that drafts follow your writing."
        />
      );
    }
    return (
      <StyleDocumentDetails
        info={current}
        downloading={downloading}
        onDownload={() => void download()}
        onDelete={() => setConfirmingDelete(true)}
      />
    );
  };

  return (
    <div style={{ padding: 24, maxWidth: 960 }}>
      <Flex vertical gap="large">
        <div>
          {title}
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            Your style document is an example of your own writing, such as a past report. Draft reports
            imitate its wording, tone and layout. You keep one style document: uploading another replaces it.
          </Typography.Paragraph>
        </div>
        <SectionCard title="Current Document">{currentDocument()}</SectionCard>
        {state.status !== 'failed' && (
          <SectionCard title={current ? 'Replace Style Document' : 'Upload Style Document'}>
            <StyleDocumentUploadForm userId={userId} replacing={current !== null} onUploaded={reload} />
          </SectionCard>
        )}
      </Flex>
      <Modal
        open={confirmingDelete}
        title="Delete style document"
        okText="Delete"
        okButtonProps={{ danger: true }}
        confirmLoading={deleting}
        onOk={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          Delete <Typography.Text strong>{current?.filename}</Typography.Text>?
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          Drafts will no longer follow your writing style until you upload another style document.
        </Typography.Paragraph>
      </Modal>
    </div>
  );
}
