import { Button, Progress, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { BackgroundJob } from '@ewrt/shared';
import { JobStatusTag } from './jobStatusPresentation';
import { jobTitle } from './jobTitle';

interface JobItemProps {
  job: BackgroundJob;
  onOpen: () => void;
  onDismiss: (job: BackgroundJob) => void;
}

function JobItem({ job, onOpen, onDismiss }: JobItemProps) {
  const title = jobTitle(job);
  const active = job.status === 'pending' || job.status === 'running';
  return (
    <li className="job-indicator__item">
      <div className="job-indicator__item-head">
        {job.patient_id !== null ? (
          <Link to={`/patient/${job.patient_id}/jobs`} className="job-indicator__title" onClick={onOpen}>
            {title}
          </Link>
        ) : (
          <span className="job-indicator__title">{title}</span>
        )}
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={`Dismiss ${title}`}
          onClick={() => onDismiss(job)}
        />
      </div>
      <div className="job-indicator__item-status">
        <JobStatusTag status={job.status} />
        {job.current_step_description && active ? (
          <Typography.Text type="secondary" className="job-indicator__step">
            {job.current_step_description}
          </Typography.Text>
        ) : null}
      </div>
      {active ? (
        <Progress
          percent={Math.round(job.progress_percentage)}
          size="small"
          aria-label={`Progress of ${title}`}
        />
      ) : null}
      {job.status === 'failed' && job.error_message ? (
        <Typography.Text type="danger" className="job-indicator__error">
          {job.error_message}
        </Typography.Text>
      ) : null}
    </li>
  );
}

interface BackgroundJobListsProps {
  active: readonly BackgroundJob[];
  recent: readonly BackgroundJob[];
  onOpen: () => void;
  onDismiss: (job: BackgroundJob) => void;
}

/** The indicator panel's lists: active jobs, then recently completed ones; an empty list is left out. */
export function BackgroundJobLists({ active, recent, onOpen, onDismiss }: BackgroundJobListsProps) {
  const sections = [
    { label: 'Active jobs', title: 'Active', jobs: active },
    { label: 'Recently completed jobs', title: 'Recently completed', jobs: recent },
  ];
  return sections
    .filter(({ jobs }) => jobs.length > 0)
    .map(({ label, title, jobs }) => (
      <section key={label} aria-label={label}>
        <div className="job-indicator__section-title">{title}</div>
        <ul className="job-indicator__list">
          {jobs.map((job) => (
            <JobItem key={job.id} job={job} onOpen={onOpen} onDismiss={onDismiss} />
          ))}
        </ul>
      </section>
    ));
}
