import { useCallback, useEffect, useState } from 'react';
import type { DraftReportJob } from '@ewrt/contract';
import { DRAFT_JOBS_PAGE, DRAFT_JOBS_PAGE_SIZE, DRAFT_JOBS_SHOWN } from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { listDraftReportJobs } from '../api/draftReportsApi';
import { DRAFT_REPORT_MESSAGES } from './draftReportMessages';

export type RecentDraftJobs =
  | { status: 'loading'; jobs: DraftReportJob[] }
  | { status: 'ready'; jobs: DraftReportJob[] }
  | { status: 'failed'; jobs: DraftReportJob[]; error: string };

/** The user's latest draft-report jobs: page 1 of 10 fetched, the first 5 kept (DRF-03). */
export function useRecentDraftJobs(userId: number | null) {
  const [state, setState] = useState<RecentDraftJobs>({ status: 'loading', jobs: [] });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    listDraftReportJobs(userId, DRAFT_JOBS_PAGE, DRAFT_JOBS_PAGE_SIZE).then(
      (answer) => current && setState({ status: 'ready', jobs: answer.jobs.slice(0, DRAFT_JOBS_SHOWN) }),
      (error: unknown) =>
        current &&
        setState((previous) => ({
          status: 'failed',
          jobs: previous.jobs,
          error: getErrorMessage(error, DRAFT_REPORT_MESSAGES.loadJobsFailed),
        })),
    );
    return () => {
      current = false;
    };
  }, [userId, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload };
}
