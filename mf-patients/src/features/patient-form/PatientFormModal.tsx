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
import {
  DATE_ENTRY_FORMAT,
  DateInput,
  getErrorMessage,
  MESSAGES,
  parseDateEntry,
  type Patient,
} from '@ewrt/shared';
import { createPatient, updatePatient } from '../api/patientsApi';
import {
  formValuesToPatientInput,
  patientToFormValues,
  type PatientFormField,
  type PatientFormValues,
} from './patientFormValues';
import { VALIDATED_PATIENT_FIELDS, validatePatientForm, type PatientFormErrors } from './validatePatientForm';
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
    // Only a real date of birth can match: a half-typed one counts as not filled yet.
    if (DUPLICATE_FIELDS.includes(field)) {
      duplicateCheck.schedule({ ...next, DateOfBirth: parseDateEntry(next.DateOfBirth) ?? '' });
    }
  };

  const submit = async () => {
    const found = validatePatientForm(values);
    const firstInvalid = VALIDATED_PATIENT_FIELDS.find((field) => found[field]);
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

  const field = (name: PatientFormField, label: string, input: { date?: boolean; required?: boolean }) => {
    const id = FIELD_IDS[name];
    const error = (errors as Partial<Record<PatientFormField, string>>)[name];
    const hintId = `${id}-hint`;
    const errorId = `${id}-error`;
    const describedBy = [input.date ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
    const common = {
      id,
      ref: (element: InputRef | null) => {
        inputRefs.current[name] = element;
      },
      value: values[name],
      onChange: change(name),
      'aria-invalid': error ? true : undefined,
      'aria-required': input.required ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
    return (
      <Form.Item
        label={label}
        htmlFor={id}
        required={input.required}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span id={errorId}>{error}</span> : undefined}
        extra={input.date ? <span id={hintId}>{`Day, month, year: ${DATE_ENTRY_FORMAT}`}</span> : undefined}
      >
        {input.date ? <DateInput {...common} /> : <Input {...common} type="text" autoComplete="off" />}
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
        {column(field('DateOfBirth', 'Date of birth', { date: true, required: true }))}
        {column(field('MRN', 'MRN', { required: true }))}
      </Row>
      {duplicateCheck.isDuplicate && (
        <Alert type="warning" showIcon title={MESSAGES.duplicateWarning} style={{ marginBottom: 16 }} />
      )}
      <Row gutter={16}>
        {column(field('DateofEvent', 'Date of event', { date: true }))}
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
