/** What the generated documents calls answer; the spec's own wording where it gives one. */
export const GENERATED_REPORT_MESSAGES = {
  deleted: 'Document deleted successfully',
  notFound: 'Document not found',
} as const;
