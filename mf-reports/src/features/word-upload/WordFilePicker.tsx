import { useState } from 'react';
import { Alert, Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, FileWordOutlined, InboxOutlined } from '@ant-design/icons';
import { AUTHORING_DOCX_MAX_MEGABYTES } from '@ewrt/contract/limits';
import { formatFileSize } from '@ewrt/shared';
import { checkWordFile, WORD_FILE_ACCEPT, type WordFilePurpose } from './checkWordFile';

interface WordFilePickerProps {
  /** What the file is for: it names the refusal of a file that is not .docx. */
  purpose: WordFilePurpose;
  /** The chosen file, held by the form that sends it. */
  file: File | null;
  /** A file that passed the check, or null when the choice was refused or removed. */
  onChange: (file: File | null) => void;
  /** The drop area's name, read first by screen readers. */
  title: string;
  disabled?: boolean;
}

/**
 * Picks or drops one .docx file and checks it before anything is sent (nothing is uploaded from here:
 * beforeUpload answers false). A refused file is not kept and the reason shows under the drop area. The drop
 * area is a keyboard-operable button (Enter or Space opens the file dialog) named by its text.
 */
export function WordFilePicker({ purpose, file, onChange, title, disabled = false }: WordFilePickerProps) {
  const [refusal, setRefusal] = useState<string | null>(null);

  const choose = (chosen: File) => {
    const reason = checkWordFile(chosen, purpose);
    setRefusal(reason);
    onChange(reason === null ? chosen : null);
  };

  return (
    <Flex vertical gap="small">
      <Upload.Dragger
        accept={WORD_FILE_ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(chosen) => {
          choose(chosen);
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
          Click or drag a Word document (.docx) here, up to {AUTHORING_DOCX_MAX_MEGABYTES}MB.
        </Typography.Paragraph>
      </Upload.Dragger>
      {refusal && <Alert type="error" showIcon title={refusal} />}
      {file && (
        <Flex gap="small" align="center" wrap>
          <FileWordOutlined aria-hidden />
          <Typography.Text>
            Chosen file: <Typography.Text strong>{file.name}</Typography.Text> ({formatFileSize(file.size)})
          </Typography.Text>
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Remove ${file.name}`}
            disabled={disabled}
            onClick={() => {
              setRefusal(null);
              onChange(null);
            }}
          />
        </Flex>
      )}
    </Flex>
  );
}
