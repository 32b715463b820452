import { Button, Card, Flex, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, SearchOutlined } from '@ant-design/icons';
import type { Patient } from '@ewrt/shared';
import { PatientSummary } from '../patient-info/PatientSummary';

interface PatientSidebarProps {
  patient: Patient;
  /** False for the read-only kind: Edit Patient is not offered. */
  canEdit: boolean;
  /** False for the read-only kind and without full access to the patient: no Danger Zone. */
  canDelete: boolean;
  onEdit: () => void;
  onSearch: () => void;
  onDelete: () => void;
}

export function PatientSidebar({
  patient,
  canEdit,
  canDelete,
  onEdit,
  onSearch,
  onDelete,
}: PatientSidebarProps) {
  return (
    <Flex vertical gap="middle">
      <Card>
        <PatientSummary patient={patient} />
        <Flex vertical gap="small" style={{ marginTop: 16 }}>
          {canEdit && (
            <Button type="primary" icon={<EditOutlined />} onClick={onEdit} block>
              Edit Patient
            </Button>
          )}
          <Button icon={<SearchOutlined />} onClick={onSearch} block>
            Patient Search
          </Button>
        </Flex>
      </Card>
      {canDelete && <DangerZone onDelete={onDelete} />}
    </Flex>
  );
}

export function DangerZone({ onDelete }: { onDelete: () => void }) {
  return (
    <Card
      title={<Typography.Text type="danger">Danger Zone</Typography.Text>}
      styles={{ header: { borderBottomColor: 'var(--ant-color-error-border)' } }}
      style={{ borderColor: 'var(--ant-color-error-border)' }}
    >
      <Typography.Paragraph type="secondary">
        Deletes every document, processed data and job of this patient. The patient record remains.
      </Typography.Paragraph>
      <Button danger icon={<DeleteOutlined />} onClick={onDelete} block>
        Delete Patient Data
      </Button>
    </Card>
  );
}
