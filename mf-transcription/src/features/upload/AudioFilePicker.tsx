import { useState } from 'react';
import { Alert, Button, Flex, Typography, Upload } from 'antd';
import { AudioOutlined, DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { formatFileSize } from '@ewrt/shared';
import { AUDIO_FILE_ACCEPT, checkAudioFile } from './checkAudioFile';

interface AudioFilePickerProps {
  /** The chosen file, held by the screen that uploads it. */
  file: File | null;
  /** A file that passed the check, or null when the choice was refused or removed. */
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * Picks or drops one recording and checks it before anything is sent (beforeUpload answers false: the screen
 * uploads it when asked to). A refused file is not kept and the reason shows under the drop area. The drop area is
 * a keyboard-operable button (Enter or Space opens the file dialog) named by its text.
 */
export function AudioFilePicker({ file, onChange, disabled = false }: AudioFilePickerProps) {
  const [refusal, setRefusal] = useState<string | null>(null);

  const choose = (chosen: File) => {
    const reason = checkAudioFile(chosen);
    setRefusal(reason);
    onChange(reason === null ? chosen : null);
  };

  return (
    <Flex vertical gap="small">
      <Upload.Dragger
        accept={AUDIO_FILE_ACCEPT}
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
          Choose an audio file
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Click or drag a recording here: MP3, WAV, M4A, AAC, OGG or WebM, less than 500MB.
        </Typography.Paragraph>
      </Upload.Dragger>
      {refusal && <Alert type="error" showIcon title={refusal} />}
      {file && (
        <Flex gap="small" align="center" wrap>
          <AudioOutlined aria-hidden />
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
