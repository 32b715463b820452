import { useCallback, useEffect, useState } from 'react';
import type { ReportTemplate } from '@ewrt/contract';
import { listReportTemplates } from '../api/authoringDocumentsApi';

export type ReportTemplatesState =
  | { status: 'loading'; templates: readonly ReportTemplate[] }
  | { status: 'loaded'; templates: readonly ReportTemplate[] }
  | { status: 'failed'; error: unknown };

/** The user's report templates; `reload` lists them again (after an upload, edit or deletion). */
export function useReportTemplates(userId: number | null) {
  const [state, setState] = useState<ReportTemplatesState>({ status: 'loading', templates: [] });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    // While reloading, the table keeps its rows so that it does not flash empty.
    setState((previous) => ({
      status: 'loading',
      templates: previous.status === 'failed' ? [] : previous.templates,
    }));
    listReportTemplates(userId).then(
      (templates) => current && setState({ status: 'loaded', templates }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [userId, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload };
}
