import { useState } from 'react';
import { Alert, App, Modal, Typography } from 'antd';
import { getErrorMessage, MESSAGES, type Patient } from '@ewrt/shared';
import { deleteAllPatientData } from '../api/patientsApi';
import { patientName } from '../patient-info/patientName';

interface DeletePatientDataModalProps {
  open: boolean;
  patient: Patient;
  onCancel: () => void;
  /** Called after a successful deletion (the success message is already shown). */
  onDeleted: () => void;
}

const ERASED_DATA = [
  'Uploaded documents',
  'Processed data and embeddings',
  'Vector entries',
  'Job history and logs',
  'Stored files and folders',
  'Record questions and their answers (every user\'s)',
  'Record bundles',
];

/** Confirms and performs the deletion of all of a patient's data; the patient record itself remains. */
export function DeletePatientDataModal({ open, patient, onCancel, onDeleted }: DeletePatientDataModalProps) {
  const { message } = App.useApp();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await deleteAllPatientData(patient.ID_Patient);
      void message.success(MESSAGES.deleteDataSuccess);
      onDeleted();
    } catch (failure) {
      setError(getErrorMessage(failure, MESSAGES.deleteDataFailed));
    } finally {
      setDeleting(false);
    }
  };

  const cancel = () => {
    setError(null);
    onCancel();
  };

  return (
    <Modal
      open={open}
      title="Delete Patient Data"
      okText="Delete All Data"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      confirmLoading={deleting}
      onOk={() => void confirm()}
      onCancel={cancel}
      mask={{ closable: !deleting }}
    >
      <Typography.Paragraph>
        This permanently deletes all data held for{' '}
        <Typography.Text strong>{patientName(patient)}</Typography.Text> (MRN {patient.MRN}):
      </Typography.Paragraph>
      <ul aria-label="Data that will be deleted">
        {ERASED_DATA.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <Typography.Paragraph>
        The patient record itself remains. This action cannot be undone.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
