import { useState } from 'react';
import { Button, Checkbox, Flex, Modal } from 'antd';
import { ClearOutlined, CloudUploadOutlined, ExportOutlined } from '@ant-design/icons';
import type { Conversation } from './useConversation';

interface ConversationActionsProps {
  conversation: Conversation;
  /** What the save modal says the conversation becomes. */
  saveExplanation: string;
  /** Stacked full-width in a sidebar, or in a row. */
  vertical?: boolean;
}

/** Export, Save to Vectors and Clear Chat: shown only once the conversation has entries (QRY-01). */
export function ConversationActions({
  conversation,
  saveExplanation,
  vertical = false,
}: ConversationActionsProps) {
  const [exporting, setExporting] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const [includeQueries, setIncludeQueries] = useState(true);
  const [saving, setSaving] = useState(false);
  const [clearOpen, setClearOpen] = useState(false);
  const [clearing, setClearing] = useState(false);

  if (conversation.entries.length === 0) return null;

  const exportConversation = async () => {
    setExporting(true);
    await conversation.exportConversation();
    setExporting(false);
  };

  const save = async () => {
    setSaving(true);
    const saved = await conversation.saveToVectors(includeQueries);
    setSaving(false);
    if (saved) setSaveOpen(false);
  };

  const clear = async () => {
    setClearing(true);
    const cleared = await conversation.clear();
    setClearing(false);
    if (cleared) setClearOpen(false);
  };

  return (
    <>
      <Flex vertical={vertical} gap="small" wrap={!vertical}>
        <Button
          icon={<ExportOutlined />}
          loading={exporting}
          onClick={() => void exportConversation()}
          block={vertical}
        >
          Export
        </Button>
        <Button
          icon={<CloudUploadOutlined />}
          onClick={() => {
            setIncludeQueries(true);
            setSaveOpen(true);
          }}
          block={vertical}
        >
          Save to Vectors
        </Button>
        <Button danger icon={<ClearOutlined />} onClick={() => setClearOpen(true)} block={vertical}>
          Clear Chat
        </Button>
      </Flex>
      <Modal
        open={saveOpen}
        title="Save conversation to vectors"
        okText="Save"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setSaveOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap="middle">
          <p style={{ margin: 0 }}>{saveExplanation}</p>
          <Checkbox checked={includeQueries} onChange={(event) => setIncludeQueries(event.target.checked)}>
            include user queries
          </Checkbox>
        </Flex>
      </Modal>
      <Modal
        open={clearOpen}
        title="Clear conversation"
        okText="Clear Chat"
        okButtonProps={{ danger: true }}
        confirmLoading={clearing}
        onOk={() => void clear()}
        onCancel={() => setClearOpen(false)}
        destroyOnHidden
      >
        <p style={{ margin: 0 }}>
          Every question and answer of this conversation will be removed. Export it first if you want to keep
          a copy.
        </p>
      </Modal>
    </>
  );
}
