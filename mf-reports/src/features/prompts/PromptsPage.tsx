import { useCallback, useId, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Typography } from 'antd';
import { CloudDownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { Lookup } from '@ewrt/contract';
import { PROMPT_TABLE_PAGE_SIZE } from '@ewrt/contract/limits';
import { useSession } from '@ewrt/shared';
import { ImportDefaultsDialog } from '../import-defaults/ImportDefaultsDialog';
import { AllPromptTypesModal } from './AllPromptTypesModal';
import { ConfirmDeletePromptModal } from './ConfirmDeletePromptModal';
import { CreatePromptTypeModal } from './CreatePromptTypeModal';
import { filterPrompts, NO_PROMPT_FILTERS, type PromptFilters } from './filterPrompts';
import { PromptDetailsModal } from './PromptDetailsModal';
import { PromptFiltersBar } from './PromptFiltersBar';
import type { PromptSaver } from './promptForm';
import { PromptFormModal } from './PromptFormModal';
import { PromptsTable, type TitleOrder } from './PromptsTable';
import { usePromptLibrary } from './usePromptLibrary';

/** The one dialog open at a time, and which prompt it is about. */
type OpenDialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; prompt: Lookup }
  | { kind: 'view'; prompt: Lookup }
  | { kind: 'delete'; prompt: Lookup }
  | { kind: 'create-type' }
  | { kind: 'all-types' }
  | { kind: 'import' };

const CLOSED: OpenDialog = { kind: 'none' };

/** /prompt-edit: the group's draft report prompts and report types (TPL-02). */
export function PromptsPage() {
  const { user } = useSession();
  const library = usePromptLibrary();
  const { prompts, types, reload } = library;
  const [filters, setFilters] = useState<PromptFilters>(NO_PROMPT_FILTERS);
  const [titleOrder, setTitleOrder] = useState<TitleOrder>(null);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<OpenDialog>(CLOSED);
  const headingId = useId();

  const typeNames = useMemo(
    () => new Map(types.map((type) => [type.ID_LookupType, type.LookupTypeText])),
    [types],
  );
  const typeName = useCallback((typeId: number) => typeNames.get(typeId) ?? 'Unknown type', [typeNames]);
  const shown = useMemo(() => filterPrompts(prompts, filters), [prompts, filters]);
  // After a deletion or a narrower search the page may no longer exist: show the last one there is.
  const lastPage = Math.max(1, Math.ceil(shown.length / PROMPT_TABLE_PAGE_SIZE));
  const currentPage = Math.min(page, lastPage);

  // Prompts are saved by the signed-in user in their group; without a group there is nothing to save into.
  const saver: PromptSaver | null =
    user && user.Group !== null ? { userId: user.ID_User, groupId: user.Group } : null;

  const changeFilters = (next: PromptFilters) => {
    setFilters(next);
    setPage(1);
  };
  const changeTitleOrder = (order: TitleOrder) => {
    setTitleOrder(order);
    setPage(1);
  };
  const view = useCallback((prompt: Lookup) => setDialog({ kind: 'view', prompt }), []);
  const edit = useCallback((prompt: Lookup) => setDialog({ kind: 'edit', prompt }), []);
  const remove = useCallback((prompt: Lookup) => setDialog({ kind: 'delete', prompt }), []);
  const close = () => setDialog(CLOSED);
  const closeAndReload = () => {
    setDialog(CLOSED);
    reload();
  };

  const groupHasNoPrompts = library.loaded && library.error === null && prompts.length === 0;

  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        <Flex justify="space-between" align="center" wrap gap="middle">
          <Typography.Title level={1} style={{ margin: 0 }}>
            Draft Report Prompts
          </Typography.Title>
          <Flex gap="small" wrap>
            <Button
              icon={<CloudDownloadOutlined aria-hidden />}
              onClick={() => setDialog({ kind: 'import' })}
            >
              Import Defaults
            </Button>
            <Button onClick={() => setDialog({ kind: 'all-types' })}>All Prompt Types</Button>
            <Button onClick={() => setDialog({ kind: 'create-type' })}>Create Type</Button>
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              disabled={saver === null}
              onClick={() => setDialog({ kind: 'add' })}
            >
              Add Prompt
            </Button>
          </Flex>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          The prompts that draft your group&apos;s reports, grouped by report type. Everyone in your group can
          use them; you can change your own, and administrators and group admins can change all of the
          group&apos;s.
        </Typography.Paragraph>

        <Card
          title={
            <Typography.Title level={2} id={headingId} style={{ margin: 0, fontSize: 18 }}>
              Your Group&apos;s Prompts
            </Typography.Title>
          }
        >
          <section aria-labelledby={headingId}>
            <Flex vertical gap="middle">
              {library.error && (
                <Alert
                  type="error"
                  showIcon
                  title={library.error}
                  action={
                    <Button size="small" onClick={reload}>
                      Retry
                    </Button>
                  }
                />
              )}
              {groupHasNoPrompts ? (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    <Typography.Text>
                      Your group has no prompts yet. Choose <strong>Import Defaults</strong> to copy in report
                      types and prompts written for medico-legal reports, or <strong>Add Prompt</strong> to
                      write your own.
                    </Typography.Text>
                  }
                />
              ) : (
                <>
                  <PromptFiltersBar filters={filters} onChange={changeFilters} types={types} />
                  <Typography.Text type="secondary" role="status">
                    {library.loaded
                      ? `Showing ${shown.length} of ${prompts.length} prompts`
                      : library.loading
                        ? 'Loading prompts...'
                        : ''}
                  </Typography.Text>
                  <PromptsTable
                    prompts={shown}
                    typeName={typeName}
                    loading={library.loading}
                    emptyText={
                      library.loaded ? 'No prompts match the search and type filter.' : 'No prompts to show.'
                    }
                    page={currentPage}
                    onPageChange={setPage}
                    titleOrder={titleOrder}
                    onTitleOrderChange={changeTitleOrder}
                    onView={view}
                    onEdit={edit}
                    onDelete={remove}
                  />
                </>
              )}
            </Flex>
          </section>
        </Card>
      </Flex>

      {saver && (
        <PromptFormModal
          open={dialog.kind === 'add' || dialog.kind === 'edit'}
          prompt={dialog.kind === 'edit' ? dialog.prompt : null}
          types={types}
          saver={saver}
          initialTypeId={filters.typeId}
          onCancel={close}
          onSaved={closeAndReload}
        />
      )}
      <PromptDetailsModal
        open={dialog.kind === 'view'}
        prompt={dialog.kind === 'view' ? dialog.prompt : null}
        typeName={dialog.kind === 'view' ? typeName(dialog.prompt.LookupType) : ''}
        onClose={close}
      />
      <ConfirmDeletePromptModal
        open={dialog.kind === 'delete'}
        prompt={dialog.kind === 'delete' ? dialog.prompt : null}
        onCancel={close}
        onDeleted={closeAndReload}
      />
      <CreatePromptTypeModal
        open={dialog.kind === 'create-type'}
        onCancel={close}
        onCreated={closeAndReload}
      />
      <AllPromptTypesModal
        open={dialog.kind === 'all-types'}
        types={types}
        prompts={prompts}
        onClose={close}
      />
      <ImportDefaultsDialog open={dialog.kind === 'import'} onClose={close} onImported={closeAndReload} />
    </div>
  );
}
