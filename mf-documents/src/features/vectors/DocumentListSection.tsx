import { Flex, Spin, Typography } from 'antd';
import { DeleteDocumentModal } from './DeleteDocumentModal';
import { DocumentsTable } from './DocumentsTable';
import type { DocumentActions } from './useDocumentActions';
import type { DocumentListingState } from './useDocumentListing';

interface DocumentListSectionProps {
  /** The heading's id, unique on the screen. */
  headingId: string;
  state: Exclude<DocumentListingState, { status: 'failed' }>;
  actions: DocumentActions;
  /** What the spinner says before the first listing arrives. */
  loadingText: string;
  /** What the empty table says; the table's own when absent. */
  emptyText?: string;
  /** What a deletion takes away; the modal's own when absent. */
  deleteConsequence?: string;
}

/** The "Documents" section of a listing screen: the table with Download and Delete, and the deletion's confirmation. */
export function DocumentListSection({
  headingId,
  state,
  actions,
  loadingText,
  emptyText,
  deleteConsequence,
}: DocumentListSectionProps) {
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 18 }}>
        Documents
      </Typography.Title>
      {state.listing === null ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin size="large" description={loadingText} />
        </Flex>
      ) : (
        <DocumentsTable
          documents={state.listing.documents}
          loading={state.status === 'loading'}
          downloadingKey={actions.downloadingKey}
          onDownload={(document) => void actions.download(document)}
          onDelete={actions.askDelete}
          emptyText={emptyText}
        />
      )}
      <DeleteDocumentModal
        document={actions.deleting?.document ?? null}
        deleting={actions.deleting?.busy ?? false}
        onConfirm={() => void actions.confirmDelete()}
        onCancel={actions.cancelDelete}
        consequence={deleteConsequence}
      />
    </section>
  );
}
