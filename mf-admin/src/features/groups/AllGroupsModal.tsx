import { Alert, Button, Modal, Table } from 'antd';
import type { Group, ManagedUser } from '@ewrt/contract';

interface AllGroupsModalProps {
  open: boolean;
  groups: Group[];
  /** Every user (an administrator's list): counts a group's users when the server does not say. */
  users: ManagedUser[];
  error: string | null;
  onClose: () => void;
}

interface GroupRow {
  ID_Group: number;
  Group_Name: string;
  userCount: number;
}

/** All Groups (administrators): id, name and how many users each has. */
export function AllGroupsModal({ open, groups, users, error, onClose }: AllGroupsModalProps) {
  const rows: GroupRow[] = groups.map((group) => ({
    ID_Group: group.ID_Group,
    Group_Name: group.Group_Name,
    userCount: group.user_count ?? users.filter((user) => user.Group === group.ID_Group).length,
  }));
  return (
    <Modal
      open={open}
      title="All Groups"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Table<GroupRow>
        rowKey="ID_Group"
        size="small"
        dataSource={rows}
        pagination={false}
        aria-label="All groups"
        columns={[
          { key: 'id', title: 'ID', dataIndex: 'ID_Group' },
          { key: 'name', title: 'Name', dataIndex: 'Group_Name' },
          { key: 'users', title: 'Users', dataIndex: 'userCount' },
        ]}
        locale={{ emptyText: 'No groups yet.' }}
      />
    </Modal>
  );
}
