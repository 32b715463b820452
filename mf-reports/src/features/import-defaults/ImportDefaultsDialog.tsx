import { useCallback, useEffect, useId, useState } from 'react';
import { Alert, App, Button, Checkbox, Collapse, Flex, Modal, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { DefaultsImportResponse } from '@ewrt/contract';
import { IMPORT_PREVIEW_LENGTH } from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import {
  defaultsAvailable,
  importDefaults,
  invalidateUserCache,
  loadDefaultPromptSet,
  type DefaultPromptSet,
} from '../api/promptsApi';
import { promptPreview } from '../prompts/promptPreview';
import { IMPORT_MESSAGES } from './importMessages';
import {
  groupPromptsByType,
  importRequestOf,
  NOTHING_SELECTED,
  selectedItemCount,
  selectEverything,
  selectionSummary,
  setPromptSelected,
  setTypeSelected,
  type ImportSelection,
} from './importSelection';

export interface ImportDefaultsDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * Called after a successful import, once the confirmation is shown: the caller closes the dialog and reloads
   * its report types and prompts.
   */
  onImported: (answer: DefaultsImportResponse) => void;
}

/**
 * Import Default Report Prompts (DRF-06): choose report types and prompts from the provider's default set
 * and copy them into the user's group. Opened from the prompt editor and from the Draft Report screen.
 */
export function ImportDefaultsDialog({ open, onClose, onImported }: ImportDefaultsDialogProps) {
  return (
    <Modal
      open={open}
      title="Import Default Report Prompts"
      width={1000}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <ImportDefaultsContent onClose={onClose} onImported={onImported} />
    </Modal>
  );
}

type DefaultsState =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'unavailable' }
  | { status: 'ready'; set: DefaultPromptSet };

/** Whether the provider offers defaults and, when it does, the set itself. */
function useDefaultPromptSet() {
  const [state, setState] = useState<DefaultsState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    const load = async (): Promise<DefaultsState> => {
      if (!(await defaultsAvailable())) return { status: 'unavailable' };
      const set = await loadDefaultPromptSet();
      return set.types.length === 0 && set.prompts.length === 0
        ? { status: 'unavailable' }
        : { status: 'ready', set };
    };
    load().then(
      (next) => current && setState(next),
      (failure: unknown) =>
        current &&
        setState({ status: 'failed', error: getErrorMessage(failure, IMPORT_MESSAGES.loadFailed) }),
    );
    return () => {
      current = false;
    };
  }, [generation]);

  const retry = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, retry };
}

// Lives inside the modal body, which is destroyed on close: every opening reads the set afresh, nothing chosen.
function ImportDefaultsContent({ onClose, onImported }: Omit<ImportDefaultsDialogProps, 'open'>) {
  const { state, retry } = useDefaultPromptSet();

  if (state.status === 'loading') {
    return (
      <Typography.Paragraph role="status" style={{ padding: '24px 0' }}>
        Loading default prompts...
      </Typography.Paragraph>
    );
  }
  if (state.status === 'failed') {
    return (
      <Flex vertical gap="middle">
        <Alert
          type="error"
          showIcon
          title={state.error}
          action={
            <Button size="small" onClick={retry}>
              Retry
            </Button>
          }
        />
        <Flex justify="end">
          <Button onClick={onClose}>Close</Button>
        </Flex>
      </Flex>
    );
  }
  if (state.status === 'unavailable') {
    return (
      <Flex vertical gap="middle">
        <Alert
          type="info"
          showIcon
          title="No default report prompts are available"
          description={
            <>
              The provider has not supplied a default set of report types and prompts to import. You can write
              your own in the{' '}
              <Link to="/prompt-edit" onClick={onClose}>
                prompt editor
              </Link>
              : create a report type, then add a prompt for each section of the report.
            </>
          }
        />
        <Flex justify="end">
          <Button onClick={onClose}>Close</Button>
        </Flex>
      </Flex>
    );
  }
  return <DefaultsChooser set={state.set} onClose={onClose} onImported={onImported} />;
}

interface DefaultsChooserProps extends Omit<ImportDefaultsDialogProps, 'open'> {
  set: DefaultPromptSet;
}

function DefaultsChooser({ set, onClose, onImported }: DefaultsChooserProps) {
  const { message } = App.useApp();
  const idPrefix = useId();
  const [selection, setSelection] = useState<ImportSelection>(NOTHING_SELECTED);
  const [nothingSelected, setNothingSelected] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const groups = groupPromptsByType(set);
  const count = selectedItemCount(selection);

  const choose = (next: ImportSelection) => {
    setSelection(next);
    setNothingSelected(false);
  };

  const runImport = async () => {
    if (count === 0) {
      setNothingSelected(true);
      return;
    }
    setImporting(true);
    setImportError(null);
    try {
      const { lookupTypeIds, lookupIds } = importRequestOf(selection);
      const answer = await importDefaults(lookupTypeIds, lookupIds);
      // Its failure is ignored (DRF-06): the import itself has succeeded.
      await invalidateUserCache();
      void message.success(
        answer.message.trim() !== ''
          ? answer.message
          : `Imported ${answer.imported_types} report types and ${answer.imported_lookups} prompts`,
      );
      onImported(answer);
    } catch (failure) {
      setImportError(getErrorMessage(failure, IMPORT_MESSAGES.importFailed));
      setImporting(false);
    }
  };

  const typeList = (
    <Flex vertical gap="middle" role="list" aria-label="Default report types">
      {set.types.map((type) => {
        const descriptionId = `${idPrefix}-type-${type.ID_LookupType}`;
        return (
          <div key={type.ID_LookupType} role="listitem">
            <Checkbox
              checked={selection.typeIds.has(type.ID_LookupType)}
              disabled={importing}
              aria-describedby={descriptionId}
              onChange={(event) =>
                choose(setTypeSelected(selection, set, type.ID_LookupType, event.target.checked))
              }
            >
              <Typography.Text strong>{type.LookupTypeText}</Typography.Text>
            </Checkbox>
            <Typography.Paragraph id={descriptionId} type="secondary" style={{ margin: '2px 0 0 24px' }}>
              {type.description}
            </Typography.Paragraph>
          </div>
        );
      })}
    </Flex>
  );

  const promptList = (
    <Flex vertical gap="large">
      {groups.map((group) => {
        const headingId = `${idPrefix}-group-${group.typeId}`;
        return (
          <section key={group.typeId} aria-labelledby={headingId}>
            <Typography.Title level={3} id={headingId} style={{ fontSize: 15, marginTop: 0 }}>
              {group.typeName}
            </Typography.Title>
            <Flex vertical gap="small" role="list" aria-labelledby={headingId}>
              {group.prompts.map((prompt) => {
                const previewId = `${idPrefix}-prompt-${prompt.ID_Lookup}`;
                return (
                  <div key={prompt.ID_Lookup} role="listitem">
                    <Checkbox
                      checked={selection.promptIds.has(prompt.ID_Lookup)}
                      disabled={importing}
                      aria-describedby={previewId}
                      onChange={(event) =>
                        choose(setPromptSelected(selection, prompt.ID_Lookup, event.target.checked))
                      }
                    >
                      {prompt.LookupTitle}
                    </Checkbox>
                    <Typography.Paragraph id={previewId} type="secondary" style={{ margin: '2px 0 0 24px' }}>
                      {promptPreview(prompt.LookupText, IMPORT_PREVIEW_LENGTH)}
                    </Typography.Paragraph>
                  </div>
                );
              })}
            </Flex>
          </section>
        );
      })}
    </Flex>
  );

  return (
    <Flex vertical gap="middle">
      <Alert
        type="info"
        showIcon
        title="What importing does"
        description="The report types and prompts you select are copied into your group, where everyone in the group can draft with them and you can edit the copies. Types and prompts your group already has are not copied again. Selecting a report type selects all its prompts."
      />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Flex gap="small">
          <Button onClick={() => choose(selectEverything(set))} disabled={importing}>
            Select All
          </Button>
          <Button onClick={() => choose(NOTHING_SELECTED)} disabled={importing}>
            Select None
          </Button>
        </Flex>
        <Typography.Text strong role="status">
          {selectionSummary(selection)}
        </Typography.Text>
      </Flex>
      <div style={{ maxHeight: '50vh', overflowY: 'auto' }}>
        <Collapse
          defaultActiveKey={['types', 'prompts']}
          items={[
            { key: 'types', label: `Report Types (${set.types.length})`, children: typeList },
            { key: 'prompts', label: `Prompts by Report Type (${set.prompts.length})`, children: promptList },
          ]}
        />
      </div>
      {nothingSelected && <Alert type="warning" showIcon title={IMPORT_MESSAGES.nothingSelected} />}
      {importError && <Alert type="error" showIcon title={importError} />}
      <Flex justify="end" gap="small">
        <Button onClick={onClose} disabled={importing}>
          Cancel
        </Button>
        <Button type="primary" loading={importing} onClick={() => void runImport()}>
          {`Import Selected (${count})`}
        </Button>
      </Flex>
    </Flex>
  );
}
