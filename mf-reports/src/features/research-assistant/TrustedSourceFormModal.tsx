import { useEffect, useId, useState } from 'react';
import { Alert, App, Flex, Input, Modal } from 'antd';
import type { TrustedSource } from '@ewrt/contract';
import {
  TRUSTED_SOURCE_DESCRIPTION_MAX_LENGTH,
  TRUSTED_SOURCE_DOMAIN_MAX_LENGTH,
  TRUSTED_SOURCE_NAME_MAX_LENGTH,
} from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { createTrustedSource, updateTrustedSource } from '../api/researchApi';
import { MUTED_TEXT } from '../chat-ui/chatStyles';
import { normaliseDomain, withoutProtocol } from './normaliseDomain';
import { RESEARCH_MESSAGES } from './researchMessages';

/** What the dialog does: add a source, or edit this one; null while closed. */
export type TrustedSourceEditing = { kind: 'add' } | { kind: 'edit'; source: TrustedSource } | null;

interface TrustedSourceFormModalProps {
  editing: TrustedSourceEditing;
  onClose: () => void;
  /** The source as the server saved it (the success message is already shown). */
  onSaved: (source: TrustedSource) => void;
}

/** Add Trusted Source / Edit Trusted Source: name and domain required, the domain kept free of a protocol. */
export function TrustedSourceFormModal({ editing, onClose, onSaved }: TrustedSourceFormModalProps) {
  const { message } = App.useApp();
  const id = useId();
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const source = editing?.kind === 'edit' ? editing.source : null;
    setName(source?.source_name ?? '');
    setDomain(source?.source_domain ?? '');
    setDescription(source?.source_description ?? '');
    setError(null);
  }, [editing]);

  const adding = editing?.kind === 'add';

  const save = async () => {
    if (!editing) return;
    const input = {
      source_name: name.trim(),
      source_domain: normaliseDomain(domain),
      source_description: description.trim(),
    };
    if (!input.source_name || !input.source_domain) {
      setError(RESEARCH_MESSAGES.nameAndDomainRequired);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const answer =
        editing.kind === 'add'
          ? await createTrustedSource(input)
          : await updateTrustedSource(editing.source.ID_Source, input);
      void message.success(editing.kind === 'add' ? RESEARCH_MESSAGES.added : RESEARCH_MESSAGES.updated);
      onSaved(answer.source);
    } catch (failure) {
      // A duplicate domain or a refused field: the server says which.
      setError(
        getErrorMessage(failure, adding ? RESEARCH_MESSAGES.addFailed : RESEARCH_MESSAGES.updateFailed),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={adding ? 'Add Trusted Source' : 'Edit Trusted Source'}
      okText={adding ? 'Add Source' : 'Save Changes'}
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Flex vertical gap="middle">
          <Flex vertical gap={4}>
            <label htmlFor={`${id}-name`}>Source name (required)</label>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={TRUSTED_SOURCE_NAME_MAX_LENGTH}
              placeholder="e.g. NICE Guidelines"
            />
          </Flex>
          <Flex vertical gap={4}>
            <label htmlFor={`${id}-domain`}>Domain (required)</label>
            <Input
              id={`${id}-domain`}
              value={domain}
              onChange={(event) => setDomain(withoutProtocol(event.target.value))}
              maxLength={TRUSTED_SOURCE_DOMAIN_MAX_LENGTH}
              placeholder="e.g. nice.org.uk"
              aria-describedby={`${id}-domain-help`}
            />
            <span id={`${id}-domain-help`} style={MUTED_TEXT}>
              Enter the domain without http:// or https://, for example nice.org.uk. Pages on its subdomains
              are searched too.
            </span>
          </Flex>
          <Flex vertical gap={4}>
            <label htmlFor={`${id}-description`}>Description (optional)</label>
            <Input.TextArea
              id={`${id}-description`}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              maxLength={TRUSTED_SOURCE_DESCRIPTION_MAX_LENGTH}
              rows={3}
            />
          </Flex>
          {error ? <Alert type="error" showIcon title={error} /> : null}
        </Flex>
      </form>
    </Modal>
  );
}
