import type { ReactNode } from 'react';
import { Alert } from 'antd';
import type { DocumentActions } from './useDocumentActions';

interface DocumentActionNoticesProps {
  actions: Pick<DocumentActions, 'notice' | 'dismissNotice'>;
  /** What the screen says once a rebuild has started as this background job. */
  rebuildStarted: (jobId: number) => { title: string; description: ReactNode };
}

/** The lasting results of a document listing's actions: a rebuild started, or a deletion whose rebuild failed. */
export function DocumentActionNotices({ actions, rebuildStarted }: DocumentActionNoticesProps) {
  const { notice, dismissNotice } = actions;
  const started = notice?.kind === 'rebuild-started' ? rebuildStarted(notice.jobId) : null;
  return (
    // Rendered before any notice arrives, so that screen readers announce the notices that follow.
    <div role="status" aria-live="polite">
      {started ? (
        <Alert
          type="info"
          showIcon
          closable={{ 'aria-label': 'Dismiss' }}
          onClose={dismissNotice}
          title={started.title}
          description={started.description}
        />
      ) : null}
      {notice?.kind === 'warning' ? (
        <Alert
          type="warning"
          showIcon
          closable={{ 'aria-label': 'Dismiss' }}
          onClose={dismissNotice}
          title={notice.text}
        />
      ) : null}
    </div>
  );
}
