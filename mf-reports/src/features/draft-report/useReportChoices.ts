import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  DraftReportPrompt,
  DraftReportType,
  ReportTemplate,
  StructuredTemplateListItem,
} from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { listReportTemplates } from '../api/authoringDocumentsApi';
import { listDraftReportPrompts, listDraftReportTypes } from '../api/draftReportsApi';
import { defaultsAvailable } from '../api/promptsApi';
import { listStructuredTemplates } from '../api/structuredTemplatesApi';
import { DRAFT_REPORT_MESSAGES } from './draftReportMessages';

/** Something the screen loads: still coming, there, or why not. */
export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: string };

const loading = { status: 'loading' } as const;

/**
 * Loads whenever `key` changes (or on `reload`), ignoring an answer that arrives after it changed; `load` null
 * means there is nothing to load yet.
 */
function useLoaded<T>(load: (() => Promise<T>) | null, failure: (error: unknown) => string, key: string) {
  const [state, setState] = useState<Loaded<T>>(loading);
  const [generation, setGeneration] = useState(0);
  // The latest functions, read by the effect below, which runs only when what they load from changes.
  const loadRef = useRef(load);
  const failureRef = useRef(failure);
  useEffect(() => {
    loadRef.current = load;
    failureRef.current = failure;
  });
  const enabled = load !== null;
  useEffect(() => {
    const run = loadRef.current;
    if (!run) return;
    let current = true;
    setState(loading);
    run().then(
      (value) => current && setState({ status: 'ready', value }),
      (error: unknown) => current && setState({ status: 'failed', error: failureRef.current(error) }),
    );
    return () => {
      current = false;
    };
  }, [key, enabled, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return [enabled ? state : loading, reload] as const;
}

/**
 * What the report setup offers the user: the group's report types, the chosen type's prompts, the user's Word
 * templates and the structured templates, and (for a user who may set types up) whether defaults can be imported.
 */
export function useReportChoices(userId: number | null, typeId: number | null, canSetUpReports: boolean) {
  const [types, reloadTypes] = useLoaded<DraftReportType[]>(
    userId === null ? null : () => listDraftReportTypes(userId),
    (error) =>
      DRAFT_REPORT_MESSAGES.loadTypesFailed(getErrorMessage(error, DRAFT_REPORT_MESSAGES.fetchTypesFailed)),
    String(userId),
  );
  const [prompts] = useLoaded<DraftReportPrompt[]>(
    userId === null || typeId === null ? null : () => listDraftReportPrompts(userId, typeId),
    (error) =>
      DRAFT_REPORT_MESSAGES.loadPromptsFailed(
        getErrorMessage(error, DRAFT_REPORT_MESSAGES.fetchPromptsFailed),
      ),
    `${userId}/${typeId}`,
  );
  const [reportTemplates] = useLoaded<ReportTemplate[]>(
    userId === null ? null : () => listReportTemplates(userId),
    (error) => getErrorMessage(error, DRAFT_REPORT_MESSAGES.loadReportTemplatesFailed),
    String(userId),
  );
  const [structuredTemplates] = useLoaded<StructuredTemplateListItem[]>(
    userId === null
      ? null
      : async () => (await listStructuredTemplates()).filter((template) => template.is_active),
    (error) => getErrorMessage(error, DRAFT_REPORT_MESSAGES.loadStructuredTemplatesFailed),
    String(userId),
  );
  const noTypes = types.status === 'ready' && types.value.length === 0;
  // Asked only when it matters: a user who may import, whose group has no types yet.
  const [defaults] = useLoaded<boolean>(
    canSetUpReports && noTypes ? defaultsAvailable : null,
    () => 'unavailable',
    `${canSetUpReports}/${noTypes}`,
  );
  return {
    types,
    reloadTypes,
    prompts,
    reportTemplates,
    structuredTemplates,
    defaultsAvailable: defaults.status === 'ready' && defaults.value,
  };
}
