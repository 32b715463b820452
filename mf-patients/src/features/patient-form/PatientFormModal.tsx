import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  Divider,
  Flex,
  Form,
  Input,
  Modal,
  Row,
  Typography,
  type InputRef,
} from 'antd';
import dayjs from 'dayjs';
import { getErrorMessage, MESSAGES, type Patient } from '@ewrt/shared';
import { createPatient, updatePatient } from '../api/patientsApi';
import {
  formValuesToPatientInput,
  patientToFormValues,
  type PatientFormField,
  type PatientFormValues,
} from './patientFormValues';
import { REQUIRED_PATIENT_FIELDS, validatePatientForm, type PatientFormErrors } from './validatePatientForm';
import { useDuplicateCheck } from './useDuplicateCheck';

interface PatientFormModalProps {
  open: boolean;
  /** The patient being edited; null adds a new patient. */
  patient: Patient | null;
  /** Shown when saving fails and the server gives no message. */
  saveErrorFallback: string;
  onCancel: () => void;
  onSaved: (patient: Patient) => void;
}

/** The one add/edit patient modal of the patient area. */
export function PatientFormModal({
  open,
  patient,
  saveErrorFallback,
  onCancel,
  onSaved,
}: PatientFormModalProps) {
  return (
    <Modal
      open={open}
      title={patient ? 'Edit Patient' : 'Add New Patient'}
      footer={null}
      onCancel={onCancel}
      destroyOnHidden
      width={720}
      mask={{ closable: false }}
    >
      <PatientForm
        patient={patient}
        saveErrorFallback={saveErrorFallback}
        onCancel={onCancel}
        onSaved={onSaved}
      />
    </Modal>
  );
}

const DUPLICATE_FIELDS: readonly PatientFormField[] = ['FirstName', 'Surname', 'DateOfBirth'];

const FIELD_IDS: Record<PatientFormField, string> = {
  FirstName: 'patient-first-name',
  Surname: 'patient-surname',
  DateOfBirth: 'patient-date-of-birth',
  MRN: 'patient-mrn',
  DateofEvent: 'patient-date-of-event',
  Solicitorname: 'patient-solicitor-name',
  Solicitorcompany: 'patient-solicitor-company',
  Solicitorreference: 'patient-solicitor-reference',
  Ourreference: 'patient-our-reference',
};

type PatientFormProps = Omit<PatientFormModalProps, 'open'>;

// Lives inside the modal body, which is destroyed on close: every opening starts from the patient's values.
function PatientForm({ patient, saveErrorFallback, onCancel, onSaved }: PatientFormProps) {
  const { modal } = App.useApp();
  const [values, setValues] = useState<PatientFormValues>(() => patientToFormValues(patient));
  const [errors, setErrors] = useState<PatientFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const duplicateCheck = useDuplicateCheck(patient ? patient.ID_Patient : null);
  const inputRefs = useRef<Partial<Record<PatientFormField, InputRef | null>>>({});
  const today = dayjs().format('YYYY-MM-DD');

  const change = (field: PatientFormField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (field in errors) {
      setErrors((current) => {
        const rest = { ...current };
        delete rest[field as keyof PatientFormErrors];
        return rest;
      });
    }
    if (DUPLICATE_FIELDS.includes(field)) duplicateCheck.schedule(next);
  };

  const submit = async () => {
    const found = validatePatientForm(values);
    const firstInvalid = REQUIRED_PATIENT_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      setErrors(found);
      inputRefs.current[firstInvalid]?.focus();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      if (await duplicateCheck.settle()) {
        const proceed = await modal.confirm({
          title: 'Possible duplicate patient',
          content: MESSAGES.duplicateConfirm,
          okText: 'Continue',
          cancelText: 'Cancel',
        });
        if (!proceed) return;
      }
      const input = formValuesToPatientInput(values);
      const answer = patient ? await updatePatient(patient.ID_Patient, input) : await createPatient(input);
      onSaved(answer.patient);
    } catch (error) {
      // The form keeps every value so nothing the user typed is lost.
      setSaveError(getErrorMessage(error, saveErrorFallback));
    } finally {
      setSaving(false);
    }
  };

  const field = (
    name: PatientFormField,
    label: string,
    input: { type?: 'date'; max?: string; required?: boolean },
  ) => {
    const id = FIELD_IDS[name];
    const error = (errors as Partial<Record<PatientFormField, string>>)[name];
    return (
      <Form.Item
        label={label}
        htmlFor={id}
        required={input.required}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span id={`${id}-error`}>{error}</span> : undefined}
      >
        <Input
          id={id}
          ref={(element) => {
            inputRefs.current[name] = element;
          }}
          type={input.type ?? 'text'}
          max={input.max}
          value={values[name]}
          onChange={change(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
        />
      </Form.Item>
    );
  };

  const column = (content: ReactNode) => (
    <Col xs={24} sm={12}>
      {content}
    </Col>
  );

  return (
    <Form layout="vertical" component="form" onFinish={() => void submit()} requiredMark>
      {saveError && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        {column(field('FirstName', 'First name', { required: true }))}
        {column(field('Surname', 'Surname', { required: true }))}
        {column(field('DateOfBirth', 'Date of birth', { type: 'date', max: today, required: true }))}
        {column(field('MRN', 'MRN', { required: true }))}
      </Row>
      {duplicateCheck.isDuplicate && (
        <Alert type="warning" showIcon title={MESSAGES.duplicateWarning} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={16}>
        {column(field('DateofEvent', 'Date of event', { type: 'date' }))}
        <Col xs={24} sm={12}>
          <Typography.Paragraph type="secondary" style={{ marginTop: 30 }}>
            A significant date, such as an accident or negligence event, that helps build the timeline.
          </Typography.Paragraph>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        Solicitor and references (optional)
      </Divider>
      <Row gutter={16}>
        {column(field('Solicitorname', 'Solicitor name', {}))}
        {column(field('Solicitorcompany', 'Solicitor company', {}))}
        {column(field('Solicitorreference', 'Solicitor reference', {}))}
        {column(field('Ourreference', 'Our reference', {}))}
      </Row>
      <Flex justify="end" gap="small">
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          {patient ? 'Save Changes' : 'Add Patient'}
        </Button>
      </Flex>
    </Form>
  );
}
