import { useState } from 'react';
import { Alert, App, Button, Col, Flex, Modal, Result, Row, Typography } from 'antd';
import type { ReportTemplate } from '@ewrt/contract';
import { getErrorMessage, useSession } from '@ewrt/shared';
import { downloadFromLink, SectionCard } from '@ewrt/shared/kit';
import { deleteReportTemplate, getReportTemplateDownload } from '../api/authoringDocumentsApi';
import { EditReportTemplateModal } from './EditReportTemplateModal';
import { REPORT_TEMPLATE_MESSAGES } from './reportTemplateMessages';
import { ReportTemplatesTable } from './ReportTemplatesTable';
import { ReportTemplateUploadForm } from './ReportTemplateUploadForm';
import { useReportTemplates } from './useReportTemplates';

/** /report-templates: the user's own Word templates for draft reports. */
export function ReportTemplatesPage() {
  const { message } = App.useApp();
  const userId = useSession().user?.ID_User ?? null;
  const { state, reload } = useReportTemplates(userId);
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const [editing, setEditing] = useState<ReportTemplate | null>(null);
  const [deleting, setDeleting] = useState<ReportTemplate | null>(null);
  const [deletionSent, setDeletionSent] = useState(false);

  const title = (
    <Typography.Title level={1} style={{ marginTop: 0 }}>
      Report Templates
    </Typography.Title>
  );

  if (userId === null) {
    return (
      <div style={{ padding: 24 }}>
        {title}
        <Result status="info" title="Please log in to access your report templates." />
      </div>
    );
  }

  const download = async (template: ReportTemplate) => {
    setDownloadingId(template.ID_Template);
    try {
      const link = await getReportTemplateDownload(userId, template.ID_Template);
      downloadFromLink(link.download_url, link.filename);
    } catch (error) {
      void message.error(getErrorMessage(error, REPORT_TEMPLATE_MESSAGES.downloadFailed));
    } finally {
      setDownloadingId(null);
    }
  };

  const remove = async (template: ReportTemplate) => {
    setDeletionSent(true);
    try {
      const answer = await deleteReportTemplate(userId, template.ID_Template);
      void message.success(answer.message);
      setDeleting(null);
      reload();
    } catch (error) {
      void message.error(getErrorMessage(error, REPORT_TEMPLATE_MESSAGES.deleteFailed));
    } finally {
      setDeletionSent(false);
    }
  };

  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        <div>
          {title}
          <Typography.Paragraph style={{ marginBottom: 0, maxWidth: 880 }}>
            Report templates are your own Word documents (.docx) that set the layout of your draft reports:
            headings, letterhead, fonts and numbering. Only you can see and use them.
          </Typography.Paragraph>
        </div>
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={16}>
            <SectionCard title="Your Templates">
              {state.status === 'failed' ? (
                <Alert
                  type="error"
                  showIcon
                  title={getErrorMessage(state.error, REPORT_TEMPLATE_MESSAGES.loadFailed)}
                  action={
                    <Button size="small" onClick={reload}>
                      Retry
                    </Button>
                  }
                />
              ) : (
                <ReportTemplatesTable
                  templates={state.templates}
                  loading={state.status === 'loading'}
                  downloadingId={downloadingId}
                  onDownload={(template) => void download(template)}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                />
              )}
            </SectionCard>
          </Col>
          <Col xs={24} xl={8}>
            <SectionCard title="Upload Template">
              <ReportTemplateUploadForm userId={userId} onUploaded={reload} />
            </SectionCard>
          </Col>
        </Row>
      </Flex>
      <EditReportTemplateModal
        userId={userId}
        template={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <Modal
        open={deleting !== null}
        title="Delete report template"
        okText="Delete"
        okButtonProps={{ danger: true }}
        confirmLoading={deletionSent}
        onOk={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          Delete <Typography.Text strong>{deleting?.template_name}</Typography.Text>?
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          Its Word file is removed and it can no longer be chosen for draft reports. This cannot be undone.
        </Typography.Paragraph>
      </Modal>
    </div>
  );
}
