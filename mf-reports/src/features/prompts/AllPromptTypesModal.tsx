import { Button, Modal, Table } from 'antd';
import type { Lookup, LookupType } from '@ewrt/contract';
import { promptTypeCounts, type PromptTypeCount } from './promptTypeCounts';

interface AllPromptTypesModalProps {
  open: boolean;
  types: LookupType[];
  prompts: Lookup[];
  onClose: () => void;
}

/** All Prompt Types: each of the group's types with its id and how many prompts it has. */
export function AllPromptTypesModal({ open, types, prompts, onClose }: AllPromptTypesModalProps) {
  return (
    <Modal
      open={open}
      title="All Prompt Types"
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <Table<PromptTypeCount>
        rowKey="ID_LookupType"
        size="small"
        dataSource={promptTypeCounts(types, prompts)}
        pagination={false}
        aria-label="All prompt types"
        columns={[
          { key: 'id', title: 'ID', dataIndex: 'ID_LookupType' },
          { key: 'name', title: 'Name', dataIndex: 'LookupTypeText' },
          { key: 'count', title: 'Prompts', dataIndex: 'promptCount' },
        ]}
        locale={{ emptyText: 'Your group has no prompt types yet.' }}
      />
    </Modal>
  );
}
