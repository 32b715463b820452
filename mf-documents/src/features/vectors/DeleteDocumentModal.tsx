import { Modal, Typography } from 'antd';
import type { PatientDocument } from '@ewrt/contract';

interface DeleteDocumentModalProps {
  /** The document to delete; null keeps the modal closed. */
  document: PatientDocument | null;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** What the deletion takes away, in the words of the screen's documents. */
  consequence?: string;
}

const PATIENT_DOCUMENT_CONSEQUENCE =
  'The stored file and its indexed passages are removed, so questions about this patient are no longer ' +
  'answered from it. This cannot be undone.';

/** Asks before a document and its indexed passages are deleted, naming the file. */
export function DeleteDocumentModal({
  document,
  deleting,
  onConfirm,
  onCancel,
  consequence = PATIENT_DOCUMENT_CONSEQUENCE,
}: DeleteDocumentModalProps) {
  return (
    <Modal
      open={document !== null}
      title="Delete document"
      okText="Delete"
      okButtonProps={{ danger: true }}
      confirmLoading={deleting}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Delete <Typography.Text strong>{document?.filename}</Typography.Text>?
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{consequence}</Typography.Paragraph>
    </Modal>
  );
}
