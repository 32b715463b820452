import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Col, Flex, Form, Input, Modal, Row, Spin, Switch, Typography } from 'antd';
import type { Endpage, Frontpage, TemplateSection } from '@ewrt/contract';
import {
  STRUCTURED_TEMPLATE_DESCRIPTION_MAX_LENGTH,
  STRUCTURED_TEMPLATE_NAME_MAX_LENGTH,
} from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';
import {
  createStructuredTemplate,
  getStructuredTemplate,
  updateStructuredTemplate,
} from '../../api/structuredTemplatesApi';
import { appendStatementOfTruth, checkCpr35, restoreDutyDeclaration, type Cpr35Remedy } from './cpr35Check';
import { Cpr35CheckPanel } from './Cpr35CheckPanel';
import { EndpageFields } from './EndpageFields';
import { FrontpageFields } from './FrontpageFields';
import { SectionEditor, type SectionFocusRequest } from './SectionEditor';
import { addSection } from './sectionOperations';
import {
  detailToFormValues,
  formValuesToSaveRequest,
  newTemplateFormValues,
  savePreviewText,
  type TemplateFormValues,
} from './templateFormValues';

export const TEMPLATE_FORM_MESSAGES = {
  nameRequired: 'Template name is required',
  created: 'Template created successfully!',
  updated: 'Template updated successfully!',
  createFailed: 'Failed to create template',
  updateFailed: 'Failed to update template',
  loadFailed: 'Failed to load template for editing',
} as const;

const DECLARATION_FIELD_ID = 'template-endpage-declaration';
const NAME_FIELD_ID = 'template-name';

interface StructuredTemplateFormModalProps {
  open: boolean;
  mode: 'create' | 'edit';
  /** The template to edit (edit mode). */
  templateId?: number;
  /** Called after a successful save (the success message is already shown). */
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Create New Template (extra large) and Edit Template: <name> (TPL-08): Template Information, Frontpage
 * Configuration, Report Sections and Endpage Configuration, beside the CPR 35 check of the template as it stands.
 */
export function StructuredTemplateFormModal({
  open,
  mode,
  templateId,
  onSaved,
  onCancel,
}: StructuredTemplateFormModalProps) {
  const [loadedName, setLoadedName] = useState<string | null>(null);
  const title =
    mode === 'create' ? 'Create New Template' : loadedName ? `Edit Template: ${loadedName}` : 'Edit Template';
  return (
    <Modal
      open={open}
      title={title}
      footer={null}
      onCancel={onCancel}
      destroyOnHidden
      mask={{ closable: false }}
      width={{ xs: '96%', sm: '96%', md: '94%', lg: '94%', xl: 1200, xxl: 1320 }}
      afterOpenChange={(opened) => {
        if (!opened) setLoadedName(null);
      }}
    >
      {mode === 'create' || templateId === undefined ? (
        <TemplateForm initialValues={null} templateId={null} onSaved={onSaved} onCancel={onCancel} />
      ) : (
        <EditTemplateForm
          templateId={templateId}
          onLoaded={setLoadedName}
          onSaved={onSaved}
          onCancel={onCancel}
        />
      )}
    </Modal>
  );
}

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; values: TemplateFormValues };

function EditTemplateForm({
  templateId,
  onLoaded,
  onSaved,
  onCancel,
}: {
  templateId: number;
  onLoaded: (name: string) => void;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    getStructuredTemplate(templateId).then(
      (detail) => {
        if (!current) return;
        onLoaded(detail.template.template_name);
        setState({ status: 'loaded', values: detailToFormValues(detail) });
      },
      (error: unknown) => {
        if (current)
          setState({ status: 'failed', message: getErrorMessage(error, TEMPLATE_FORM_MESSAGES.loadFailed) });
      },
    );
    return () => {
      current = false;
    };
  }, [templateId, onLoaded]);

  if (state.status === 'loading') {
    return (
      <Flex justify="center" style={{ padding: 48 }} role="status">
        <Spin size="large" description="Loading template..." />
      </Flex>
    );
  }
  if (state.status === 'failed') {
    return (
      <>
        <Alert type="error" showIcon title={state.message} role="alert" />
        <Flex justify="end" style={{ marginTop: 16 }}>
          <Button onClick={onCancel}>Close</Button>
        </Flex>
      </>
    );
  }
  return (
    <TemplateForm
      initialValues={state.values}
      templateId={templateId}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

function TemplateForm({
  initialValues,
  templateId,
  onSaved,
  onCancel,
}: {
  /** The stored template's values, or null for a new template. */
  initialValues: TemplateFormValues | null;
  templateId: number | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { message, modal } = App.useApp();
  const editing = templateId !== null;
  const [values, setValues] = useState<TemplateFormValues>(() => initialValues ?? newTemplateFormValues());
  const [nameTouched, setNameTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sectionFocus, setSectionFocus] = useState<SectionFocusRequest | null>(null);
  const nameMissing = values.template_name.trim() === '';
  const cpr35Results = useMemo(
    () => checkCpr35({ sections: values.sections, declarationText: values.endpage.declaration_text }),
    [values.sections, values.endpage.declaration_text],
  );
  const clearSectionFocus = useCallback(() => setSectionFocus(null), []);

  // Stable callbacks: each block re-renders only when its own values change, which keeps typing responsive.
  const setField = useCallback(
    <Field extends keyof TemplateFormValues>(field: Field, value: TemplateFormValues[Field]) =>
      setValues((current) => ({ ...current, [field]: value })),
    [],
  );
  const changeSections = useCallback(
    (sections: TemplateSection[], focus?: SectionFocusRequest) => {
      setField('sections', sections);
      if (focus) setSectionFocus(focus);
    },
    [setField],
  );
  const changeFrontpage = useCallback((frontpage: Frontpage) => setField('frontpage', frontpage), [setField]);
  const changeEndpage = useCallback((endpage: Endpage) => setField('endpage', endpage), [setField]);

  const { sections, endpage } = values;
  const applyRemedy = useCallback(
    (remedy: Cpr35Remedy) => {
      if (remedy.kind === 'add-section') {
        const added = addSection(sections, remedy.section);
        // The focus goes to the new section's title, where the user reads what was added and may refine it.
        changeSections(added, { sectionId: added[added.length - 1]!.ID_Section, control: 'title' });
        return;
      }
      const declaration = endpage.declaration_text;
      changeEndpage({
        ...endpage,
        declaration_text:
          remedy.kind === 'restore-declaration'
            ? restoreDutyDeclaration(declaration)
            : appendStatementOfTruth(declaration),
      });
      // The button disappears once the requirement is covered: the focus goes to the text it changed.
      requestAnimationFrame(() => document.getElementById(DECLARATION_FIELD_ID)?.focus());
    },
    [sections, endpage, changeSections, changeEndpage],
  );

  const save = async () => {
    setSaving(true);
    try {
      const body = formValuesToSaveRequest(values);
      if (editing) await updateStructuredTemplate(templateId, body);
      else await createStructuredTemplate(body);
      void message.success(editing ? TEMPLATE_FORM_MESSAGES.updated : TEMPLATE_FORM_MESSAGES.created);
      onSaved();
    } catch (error) {
      // The form keeps every value, so nothing is lost and the user can try again.
      void message.error(
        getErrorMessage(
          error,
          editing ? TEMPLATE_FORM_MESSAGES.updateFailed : TEMPLATE_FORM_MESSAGES.createFailed,
        ),
      );
    } finally {
      setSaving(false);
    }
  };

  const confirmSave = () => {
    if (nameMissing) {
      setNameTouched(true);
      document.getElementById(NAME_FIELD_ID)?.focus();
      return;
    }
    const sectionCount = values.sections.length;
    void modal.confirm({
      title: editing ? 'Update this template?' : 'Create this template?',
      content: (
        <>
          <Typography.Paragraph>
            {values.template_name.trim()}: {sectionCount} {sectionCount === 1 ? 'section' : 'sections'}.
          </Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {savePreviewText(values)}
          </Typography.Paragraph>
        </>
      ),
      okText: editing ? 'Update Template' : 'Create Template',
      cancelText: 'Keep editing',
      onOk: save,
    });
  };

  const saveLabel = editing ? 'Update Template' : 'Create Template';
  const showNameError = nameTouched && nameMissing;

  return (
    <Form
      layout="vertical"
      component="form"
      requiredMark
      noValidate
      onFinish={confirmSave}
      aria-label={editing ? 'Edit structured template' : 'New structured template'}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Flex vertical gap={16}>
            <SectionCard title="Template Information">
              <Form.Item
                label="Template name"
                htmlFor={NAME_FIELD_ID}
                required
                validateStatus={showNameError ? 'error' : undefined}
                help={
                  showNameError ? (
                    <span id={`${NAME_FIELD_ID}-error`}>{TEMPLATE_FORM_MESSAGES.nameRequired}</span>
                  ) : undefined
                }
              >
                <Input
                  id={NAME_FIELD_ID}
                  value={values.template_name}
                  maxLength={STRUCTURED_TEMPLATE_NAME_MAX_LENGTH}
                  aria-required
                  aria-invalid={showNameError || undefined}
                  aria-describedby={showNameError ? `${NAME_FIELD_ID}-error` : undefined}
                  onChange={(event) => {
                    setField('template_name', event.target.value);
                    setNameTouched(true);
                  }}
                  onBlur={() => setNameTouched(true)}
                />
              </Form.Item>
              <Form.Item label="Description" htmlFor="template-description">
                <Input.TextArea
                  id="template-description"
                  value={values.description}
                  maxLength={STRUCTURED_TEMPLATE_DESCRIPTION_MAX_LENGTH}
                  rows={3}
                  onChange={(event) => setField('description', event.target.value)}
                />
              </Form.Item>
              <Flex align="center" gap="small">
                <Switch
                  id="template-active"
                  checked={values.is_active}
                  onChange={(checked) => setField('is_active', checked)}
                />
                <label htmlFor="template-active">Active</label>
              </Flex>
            </SectionCard>
            <SectionCard title="Frontpage Configuration">
              <FrontpageFields value={values.frontpage} onChange={changeFrontpage} />
            </SectionCard>
            <SectionCard title="Report Sections">
              <SectionEditor
                sections={values.sections}
                onChange={changeSections}
                focusRequest={sectionFocus}
                onFocusDone={clearSectionFocus}
              />
            </SectionCard>
            <SectionCard title="Endpage Configuration">
              <EndpageFields value={values.endpage} onChange={changeEndpage} />
            </SectionCard>
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <div style={{ position: 'sticky', top: 0 }}>
            <SectionCard title="CPR 35 check">
              <Cpr35CheckPanel results={cpr35Results} onRemedy={applyRemedy} />
            </SectionCard>
          </div>
        </Col>
      </Row>
      <Flex justify="end" gap="small" style={{ marginTop: 24 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" disabled={nameMissing} loading={saving}>
          {saveLabel}
        </Button>
      </Flex>
    </Form>
  );
}
