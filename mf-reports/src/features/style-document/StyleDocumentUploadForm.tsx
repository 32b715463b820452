import { useState } from 'react';
import { App, Button, Flex, Progress } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { getErrorMessage } from '@ewrt/shared';
import { uploadStyleDocument } from '../api/authoringDocumentsApi';
import { WordFilePicker } from '../word-upload/WordFilePicker';
import { STYLE_DOCUMENT_MESSAGES } from './styleDocumentMessages';

interface StyleDocumentUploadFormProps {
  userId: number;
  /** The user already has a style document, which the upload replaces. */
  replacing: boolean;
  onUploaded: () => void;
}

/** Chooses a .docx and sends it as the user's style document, showing the upload's progress. */
export function StyleDocumentUploadForm({ userId, replacing, onUploaded }: StyleDocumentUploadFormProps) {
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const uploading = percent !== null;

  const upload = async () => {
    if (!file) return;
    setPercent(0);
    try {
      const answer = await uploadStyleDocument(userId, file, {
        onProgress: (fraction) => setPercent(Math.round(fraction * 100)),
      });
      void message.success(answer.message);
      setFile(null);
      onUploaded();
    } catch (error) {
      void message.error(getErrorMessage(error, STYLE_DOCUMENT_MESSAGES.uploadFailed));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Flex vertical gap="middle">
      <WordFilePicker
        purpose="example-document"
        file={file}
        onChange={setFile}
        title={replacing ? 'Choose a new style document' : 'Choose your style document'}
        disabled={uploading}
      />
      {uploading && file && <Progress percent={percent} aria-label={`Uploading ${file.name}`} />}
      <div>
        <Button
          type="primary"
          icon={<CloudUploadOutlined aria-hidden />}
          disabled={!file}
          loading={uploading}
          onClick={() => void upload()}
        >
          {replacing ? 'Replace Document' : 'Upload'}
        </Button>
      </div>
    </Flex>
  );
}
