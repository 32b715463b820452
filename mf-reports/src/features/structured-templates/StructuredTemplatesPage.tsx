import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Col, Empty, Flex, Input, Modal, Result, Row, Spin, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { StructuredTemplateListItem } from '@ewrt/contract';
import { getErrorMessage, useSession } from '@ewrt/shared';
import { deleteStructuredTemplate, listStructuredTemplates } from '../api/structuredTemplatesApi';
import { copyStructuredTemplate } from './copyStructuredTemplate';
import { filterTemplates, shownOfTotal } from './filterTemplates';
import { TemplateCard } from './TemplateCard';
import { TemplatePreviewModal } from './TemplatePreviewModal';

// The form (sections editor, CPR 35 check) is the heaviest part of the screen: it loads when first opened.
const StructuredTemplateFormModal = lazy(() =>
  import('./template-form/StructuredTemplateFormModal').then((module) => ({
    default: module.StructuredTemplateFormModal,
  })),
);

const PAGE_TITLE = 'Structured Report Templates';

const MESSAGES = {
  signedOut: 'Please log in to access structured templates.',
  loadFailed: 'Failed to load templates',
  deleted: 'Template deleted successfully',
  deleteFailed: 'Failed to delete template',
  duplicated: 'Template duplicated successfully!',
  duplicateFailed: 'Failed to duplicate template',
} as const;

type ListState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; templates: StructuredTemplateListItem[] };

/** The create or edit form while it is open. */
type FormDialog = { mode: 'create' } | { mode: 'edit'; templateId: number } | null;

/** Stands in for the form while its code arrives the first time it is opened. */
function FormLoading() {
  return (
    <Modal open title="Template form" footer={null} closable={false}>
      <Flex justify="center" style={{ padding: 32 }} role="status">
        <Spin description="Loading..." />
      </Flex>
    </Modal>
  );
}

/** /structured-templates: the user's and their group's structured report templates (TPL-08). */
export function StructuredTemplatesPage() {
  const { user } = useSession();
  if (!user) {
    // The shell's guard signs visitors in first; this covers the remote's own dev page.
    return (
      <div style={{ padding: 24 }}>
        <Typography.Title level={1}>{PAGE_TITLE}</Typography.Title>
        <Alert type="info" showIcon title={MESSAGES.signedOut} />
      </div>
    );
  }
  return <StructuredTemplates />;
}

function useTemplateList() {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  // Reloads keep the cards on screen until the new list arrives.
  const reload = useCallback(async () => {
    try {
      setState({ status: 'loaded', templates: await listStructuredTemplates() });
    } catch (error) {
      setState({ status: 'failed', message: getErrorMessage(error, MESSAGES.loadFailed) });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  const retry = () => {
    setState({ status: 'loading' });
    void reload();
  };
  return { state, reload, retry };
}

function StructuredTemplates() {
  const { message } = App.useApp();
  const { state, reload, retry } = useTemplateList();
  const [search, setSearch] = useState('');
  const [formDialog, setFormDialog] = useState<FormDialog>(null);
  const [previewed, setPreviewed] = useState<StructuredTemplateListItem | null>(null);
  /** Templates being copied or deleted: their buttons wait for the answer. */
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());

  const templates = useMemo(() => (state.status === 'loaded' ? state.templates : []), [state]);
  const shown = useMemo(() => filterTemplates(templates, search), [templates, search]);

  const whileBusy = async (id: number, work: () => Promise<void>) => {
    setBusyIds((ids) => new Set(ids).add(id));
    try {
      await work();
    } finally {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  };

  const copy = (template: StructuredTemplateListItem) =>
    whileBusy(template.ID_Template, async () => {
      try {
        await copyStructuredTemplate(template.ID_Template);
        void message.success(MESSAGES.duplicated);
        await reload();
      } catch (error) {
        void message.error(getErrorMessage(error, MESSAGES.duplicateFailed));
      }
    });

  const remove = (template: StructuredTemplateListItem) => {
    // The spec asks for the browser's own confirmation here.
    if (!window.confirm(`Are you sure you want to delete the template "${template.template_name}"?`)) return;
    void whileBusy(template.ID_Template, async () => {
      try {
        await deleteStructuredTemplate(template.ID_Template);
        void message.success(MESSAGES.deleted);
        await reload();
      } catch (error) {
        void message.error(getErrorMessage(error, MESSAGES.deleteFailed));
      }
    });
  };

  const openCreate = () => setFormDialog({ mode: 'create' });

  const body = () => {
    if (state.status === 'loading') {
      return (
        <Flex justify="center" style={{ padding: 48 }} role="status">
          <Spin size="large" description="Loading templates..." />
        </Flex>
      );
    }
    if (state.status === 'failed') {
      return (
        <Result
          status="error"
          title={MESSAGES.loadFailed}
          subTitle={state.message === MESSAGES.loadFailed ? undefined : state.message}
          extra={
            <Button type="primary" onClick={retry}>
              Retry
            </Button>
          }
        />
      );
    }
    if (templates.length === 0) {
      return (
        <Empty
          description={
            <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
              No Structured Templates Yet
            </Typography.Title>
          }
        >
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
            Create Your First Template
          </Button>
        </Empty>
      );
    }
    return (
      <Flex vertical gap="middle">
        <Flex vertical gap="small" style={{ maxWidth: 480 }}>
          <Input
            aria-label="Search templates"
            placeholder="Search templates by name or description"
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Typography.Text type="secondary" role="status">
            {shownOfTotal(shown.length, templates.length)}
          </Typography.Text>
        </Flex>
        {shown.length === 0 ? (
          <Empty description="No templates match your search" />
        ) : (
          <Row gutter={[16, 16]} role="list" aria-label="Structured templates">
            {shown.map((template) => (
              <Col key={template.ID_Template} xs={24} md={12} xl={8} role="listitem">
                <TemplateCard
                  template={template}
                  busy={busyIds.has(template.ID_Template)}
                  onPreview={setPreviewed}
                  onEdit={(item) => setFormDialog({ mode: 'edit', templateId: item.ID_Template })}
                  onCopy={(item) => void copy(item)}
                  onDelete={remove}
                />
              </Col>
            ))}
          </Row>
        )}
      </Flex>
    );
  };

  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        <Flex justify="space-between" align="center" wrap gap="middle">
          <Typography.Title level={1} style={{ margin: 0 }}>
            {PAGE_TITLE}
          </Typography.Title>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
            Create New Template
          </Button>
        </Flex>
        {body()}
      </Flex>

      <TemplatePreviewModal template={previewed} onClose={() => setPreviewed(null)} />
      {formDialog && (
        <Suspense fallback={<FormLoading />}>
          <StructuredTemplateFormModal
            key={formDialog.mode === 'edit' ? `edit-${formDialog.templateId}` : 'create'}
            open
            mode={formDialog.mode}
            templateId={formDialog.mode === 'edit' ? formDialog.templateId : undefined}
            onSaved={() => {
              setFormDialog(null);
              void reload();
            }}
            onCancel={() => setFormDialog(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
