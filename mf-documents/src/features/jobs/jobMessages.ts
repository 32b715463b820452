// The job list's user-visible messages (JOB-05 and the success messages), verbatim.
export const JOB_MESSAGES = {
  loadJobsFailed: 'Failed to load jobs',
  selectedJobLost: 'Selected job no longer exists or cannot be accessed',
  cancelFailed: 'Failed to cancel job',
  cancelled: 'Job cancelled successfully',
  refreshed: 'Jobs refreshed',
} as const;
