import { Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { DOCUMENT_EXTENSIONS, DOCUMENT_MAX_MEGABYTES } from '@ewrt/contract/limits';

/** The file types the picker offers: .pdf,.docx,.doc,.txt. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

interface DocumentFilePickerProps {
  onFile: (file: File) => void;
  /** The drop area's name, read first by screen readers. */
  title?: string;
}

/**
 * Picks or drops files; nothing is sent from here (beforeUpload answers false): the screen validates each file with
 * the server and uploads it when asked to. The drop area is a keyboard-operable button (Enter or Space opens the
 * file dialog) named by its text: antd puts aria attributes on the hidden input, not on the button.
 */
export function DocumentFilePicker({
  onFile,
  title = 'Choose documents to process',
}: DocumentFilePickerProps) {
  return (
    <Upload.Dragger
      multiple
      accept={DOCUMENT_ACCEPT}
      showUploadList={false}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined aria-hidden />
      </p>
      <Typography.Paragraph strong style={{ marginBottom: 4 }}>
        {title}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Click or drag files here. PDF, DOCX, DOC or TXT, up to {DOCUMENT_MAX_MEGABYTES}MB each. Several files
        can be chosen at once.
      </Typography.Paragraph>
    </Upload.Dragger>
  );
}
