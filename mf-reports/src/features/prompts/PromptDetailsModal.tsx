import { Button, Descriptions, Modal, Typography } from 'antd';
import type { Lookup } from '@ewrt/contract';
import { formatDate } from '@ewrt/shared';
import { promptOwnerLabel } from './promptOwnerLabel';

interface PromptDetailsModalProps {
  open: boolean;
  prompt: Lookup | null;
  /** The name of the prompt's type. */
  typeName: string;
  onClose: () => void;
}

/** View: every field of a prompt and its whole text. */
export function PromptDetailsModal({ open, prompt, typeName, onClose }: PromptDetailsModalProps) {
  return (
    <Modal
      open={open}
      title="Prompt Details"
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {prompt && (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'title', label: 'Title', children: prompt.LookupTitle },
            { key: 'type', label: 'Type', children: typeName },
            { key: 'owner', label: 'Owner', children: promptOwnerLabel(prompt) },
            { key: 'added', label: 'Date Added', children: formatDate(prompt.date_added) },
            { key: 'id', label: 'Prompt ID', children: prompt.ID_Lookup },
            {
              key: 'text',
              label: 'Prompt Content',
              children: (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {prompt.LookupText}
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
