import { useState } from 'react';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { BundleDocument } from '@ewrt/contract';
import { BUNDLE_DESCRIPTION_MAX_LENGTH } from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { BUNDLE_MESSAGES } from './bundleMessages';

const SOURCE_NOTES: Record<BundleDocument['description_source'], string> = {
  expert: 'your description',
  document: 'read from the document',
  filename: 'no author or kind found: the file name',
};

interface BundleDescriptionProps {
  document: BundleDocument;
  /** Saves the description (empty: back to the one read from the document). */
  onSave: (description: string) => Promise<void>;
  disabled?: boolean;
}

/**
 * How the bundle's index names one document, and where that came from; the expert can write their own (an empty
 * description goes back to the one read from the document).
 */
export function BundleDescription({ document, onSave, disabled = false }: BundleDescriptionProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (draft === null) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(draft);
      setDraft(null);
    } catch (failure) {
      setError(getErrorMessage(failure, BUNDLE_MESSAGES.describeFailed));
    } finally {
      setSaving(false);
    }
  };

  if (draft === null) {
    return (
      <Flex gap="small" align="baseline" wrap>
        <Typography.Text>
          Index: {document.description}{' '}
          <span style={{ color: '#595959' }}>({SOURCE_NOTES[document.description_source]})</span>
        </Typography.Text>
        <Button
          size="small"
          type="link"
          icon={<EditOutlined aria-hidden />}
          aria-label={`Edit description: index entry of ${document.filename}`}
          disabled={disabled}
          onClick={() => setDraft(document.description_source === 'expert' ? document.description : '')}
        >
          Edit description
        </Button>
      </Flex>
    );
  }
  return (
    <Flex vertical gap="small" style={{ marginTop: 4 }}>
      <Input
        aria-label={`Index description of ${document.filename}`}
        placeholder={document.description}
        value={draft}
        maxLength={BUNDLE_DESCRIPTION_MAX_LENGTH}
        showCount
        onChange={(event) => setDraft(event.target.value)}
        onPressEnter={() => void save()}
      />
      <Typography.Text style={{ color: '#595959' }}>
        For example &ldquo;Mr P. Fletcher, Consultant Orthopaedic Surgeon &mdash; clinic letter&rdquo;. Leave
        it empty to use the description read from the document.
      </Typography.Text>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Flex gap="small">
        <Button type="primary" size="small" loading={saving} onClick={() => void save()}>
          Save description
        </Button>
        <Button size="small" onClick={() => setDraft(null)} disabled={saving}>
          Cancel
        </Button>
      </Flex>
    </Flex>
  );
}
