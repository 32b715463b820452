import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { App, Badge } from 'antd';
import { CloudServerOutlined } from '@ant-design/icons';
import { getErrorMessage, type BackgroundJob } from '@ewrt/shared';
import { jobStatusLabel } from './jobStatusLabel';
import { jobTitle } from './jobTitle';
import { useBackgroundJobs } from './useBackgroundJobs';
import './jobIndicator.css';

// The lists (progress bars, status tags, dismiss buttons) load when the panel is first opened: the navbar of
// every signed-in screen carries only the button.
const BackgroundJobLists = lazy(() =>
  import('./BackgroundJobLists').then((module) => ({ default: module.BackgroundJobLists })),
);

const DISMISS_FAILED = 'Failed to dismiss job';

/**
 * The navbar's background job indicator (JOB-08): a button with the number of active jobs that discloses the
 * signed-in user's active and recently completed jobs. Built as a disclosure, like the navbar's menus: the panel
 * follows the button in the tab order, Escape closes it and returns focus, and so does leaving it.
 */
export function BackgroundJobsDropdown({ userId }: { userId: number }) {
  const { active, recent, loaded, failed, dismiss } = useBackgroundJobs(userId);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const previousActive = useRef<ReadonlyMap<number, BackgroundJob>>(new Map());
  const panelId = useId();
  const titleId = useId();

  // Screen readers hear when one of the user's jobs finishes, wherever they are in the product.
  useEffect(() => {
    const finished = recent.filter((job) => previousActive.current.has(job.id));
    if (finished.length > 0) {
      setAnnouncement(finished.map((job) => `${jobTitle(job)}: ${jobStatusLabel(job.status)}`).join('. '));
    }
    previousActive.current = new Map(active.map((job) => [job.id, job]));
  }, [active, recent]);

  useEffect(() => {
    if (!open) return undefined;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close(true);
    }
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !wrapperRef.current?.contains(next)) setOpen(false);
  };
  const dismissJob = (job: BackgroundJob) => {
    dismiss(job.id).catch((error: unknown) => {
      void message.error(getErrorMessage(error, DISMISS_FAILED));
    });
    // The dismissed item and its button disappear: focus goes back to the indicator rather than to the page.
    buttonRef.current?.focus();
  };

  const count = active.length;
  const label = `Background jobs, ${count} active`;
  return (
    <div className="job-indicator" ref={wrapperRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="job-indicator__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Badge count={count} size="small" offset={[4, -2]} aria-hidden="true">
          <CloudServerOutlined className="job-indicator__icon" />
        </Badge>
      </button>
      <div role="status" aria-live="polite" aria-atomic="true" className="job-indicator__announcement">
        {announcement}
      </div>
      <div
        id={panelId}
        role="region"
        aria-labelledby={titleId}
        className="job-indicator__panel"
        hidden={!open}
      >
        <div id={titleId} className="job-indicator__panel-title">
          Background jobs
        </div>
        {!loaded && failed ? (
          <p className="job-indicator__empty">Background jobs could not be loaded.</p>
        ) : null}
        {!loaded && !failed ? <p className="job-indicator__empty">Loading background jobs...</p> : null}
        {loaded && active.length === 0 && recent.length === 0 ? (
          <p className="job-indicator__empty">No background jobs</p>
        ) : null}
        {open && (active.length > 0 || recent.length > 0) ? (
          <Suspense fallback={<p className="job-indicator__empty">Loading background jobs...</p>}>
            <BackgroundJobLists
              active={active}
              recent={recent}
              onOpen={() => close(false)}
              onDismiss={dismissJob}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
