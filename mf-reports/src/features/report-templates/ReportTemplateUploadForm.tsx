import { useId, useState } from 'react';
import { App, Button, Flex, Form, Input, Progress, Typography } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import {
  REPORT_TEMPLATE_DESCRIPTION_MAX_LENGTH,
  REPORT_TEMPLATE_NAME_MAX_LENGTH,
} from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { uploadReportTemplate } from '../api/authoringDocumentsApi';
import { WordFilePicker } from '../word-upload/WordFilePicker';
import { REPORT_TEMPLATE_MESSAGES } from './reportTemplateMessages';

interface UploadFields {
  templateName: string;
  description: string;
}

interface ReportTemplateUploadFormProps {
  userId: number;
  onUploaded: () => void;
}

/** A new report template: a name (required), a description (optional) and a .docx file (required). */
export function ReportTemplateUploadForm({ userId, onUploaded }: ReportTemplateUploadFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadFields>();
  const templateName = Form.useWatch('templateName', form) ?? '';
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const hintId = useId();
  const uploading = percent !== null;
  const ready = templateName.trim() !== '' && file !== null;

  const upload = async ({ templateName: name, description }: UploadFields) => {
    if (!file) return;
    setPercent(0);
    try {
      const answer = await uploadReportTemplate(
        userId,
        { templateName: name.trim(), description: (description ?? '').trim(), file },
        { onProgress: (fraction) => setPercent(Math.round(fraction * 100)) },
      );
      void message.success(answer.message);
      form.resetFields();
      setFile(null);
      onUploaded();
    } catch (error) {
      void message.error(getErrorMessage(error, REPORT_TEMPLATE_MESSAGES.uploadFailed));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Form<UploadFields>
      form={form}
      name="report-template-upload"
      layout="vertical"
      initialValues={{ templateName: '', description: '' }}
      onFinish={(values) => void upload(values)}
      disabled={uploading}
    >
      <Form.Item
        name="templateName"
        label="Template name"
        rules={[{ required: true, whitespace: true, message: REPORT_TEMPLATE_MESSAGES.nameRequired }]}
      >
        <Input maxLength={REPORT_TEMPLATE_NAME_MAX_LENGTH} autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label="Description (optional)">
        <Input.TextArea rows={3} maxLength={REPORT_TEMPLATE_DESCRIPTION_MAX_LENGTH} />
      </Form.Item>
      <Flex vertical gap="middle">
        <WordFilePicker
          purpose="report-template"
          file={file}
          onChange={setFile}
          title="Choose the template file"
          disabled={uploading}
        />
        {uploading && file && <Progress percent={percent} aria-label={`Uploading ${file.name}`} />}
        {!ready && (
          <Typography.Text type="secondary" id={hintId}>
            Enter a template name and choose a .docx file to upload.
          </Typography.Text>
        )}
        <div>
          <Button
            type="primary"
            htmlType="submit"
            icon={<CloudUploadOutlined aria-hidden />}
            disabled={!ready}
            loading={uploading}
            aria-describedby={ready ? undefined : hintId}
          >
            Upload
          </Button>
        </div>
      </Flex>
    </Form>
  );
}
