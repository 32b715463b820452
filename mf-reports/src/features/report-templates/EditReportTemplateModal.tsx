import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import type { ReportTemplate } from '@ewrt/contract';
import {
  REPORT_TEMPLATE_DESCRIPTION_MAX_LENGTH,
  REPORT_TEMPLATE_NAME_MAX_LENGTH,
} from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { updateReportTemplate } from '../api/authoringDocumentsApi';
import { REPORT_TEMPLATE_MESSAGES } from './reportTemplateMessages';

interface EditFields {
  templateName: string;
  description: string;
}

interface EditReportTemplateModalProps {
  userId: number;
  /** The template being edited; null keeps the modal closed. */
  template: ReportTemplate | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Renames a report template or changes its description; the file stays as it is. */
export function EditReportTemplateModal({
  userId,
  template,
  onClose,
  onSaved,
}: EditReportTemplateModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EditFields>();
  const [saving, setSaving] = useState(false);

  const save = async ({ templateName, description }: EditFields) => {
    if (!template) return;
    setSaving(true);
    try {
      const answer = await updateReportTemplate(userId, template.ID_Template, {
        template_name: templateName.trim(),
        description: (description ?? '').trim() || null,
      });
      void message.success(answer.message);
      onSaved();
    } catch (error) {
      void message.error(getErrorMessage(error, REPORT_TEMPLATE_MESSAGES.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={template !== null}
      title={template ? `Edit ${template.template_name}` : 'Edit report template'}
      okText="Save"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {template && (
        <Form<EditFields>
          form={form}
          name="report-template-edit"
          layout="vertical"
          initialValues={{ templateName: template.template_name, description: template.description ?? '' }}
          onFinish={(values) => void save(values)}
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
        </Form>
      )}
    </Modal>
  );
}
