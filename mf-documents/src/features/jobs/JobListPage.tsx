import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Col, Empty, Flex, Row, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { Job } from '@ewrt/contract';
import { getErrorMessage, subscribeToJobUpdates } from '@ewrt/shared';
import { PatientPageTitle } from '../patient-page/PatientPageTitle';
import { cancelJob } from '../api/jobsApi';
import { NoPatientInAddress } from '../page-layout/NoPatientInAddress';
import { ActiveJobCard } from './ActiveJobCard';
import { CompletedJobsSection } from './CompletedJobsSection';
import { JobDetailsPanel } from './JobDetailsPanel';
import { JobListSidebar, type JobStatistics } from './JobListSidebar';
import { JOB_MESSAGES } from './jobMessages';
import { isActiveStatus } from './jobPolling';
import { LiveAnnouncement } from './LiveAnnouncement';
import { describeStatusChanges } from './statusChanges';
import { useJobDetail } from './useJobDetail';
import { usePatientJobs } from './usePatientJobs';
import { useRoutePatient } from './useRoutePatient';

function statisticsOf(jobs: readonly Job[]): JobStatistics {
  const active = jobs.filter((job) => isActiveStatus(job.status)).length;
  return { active, completed: jobs.length - active, total: jobs.length };
}

/** /patient/:patientId/jobs: the patient's background jobs, live, with their details and Cancel. */
export function JobListPage() {
  const { patientId, patient } = useRoutePatient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { jobs, failedToLoad, refreshNow, refresh } = usePatientJobs(patientId);
  const [selectedJobId, setSelectedJobId] = useState<number | null>(null);
  const detail = useJobDetail(selectedJobId);
  const [cancellingIds, setCancellingIds] = useState<ReadonlySet<number>>(new Set());
  const [refreshing, setRefreshing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const previousStatuses = useRef<ReadonlyMap<number, string>>(new Map());
  const detailsRef = useRef<HTMLElement>(null);
  const selectedJobIdRef = useRef(selectedJobId);
  const refreshDetailNow = detail.refreshNow;

  useEffect(() => {
    selectedJobIdRef.current = selectedJobId;
  }, [selectedJobId]);

  // A push about one of this patient's jobs refreshes the screen at once; polling stays the fallback.
  useEffect(() => {
    if (patientId === null) return undefined;
    return subscribeToJobUpdates((job) => {
      if (job.patient_id === patientId) refreshNow();
      if (job.id === selectedJobIdRef.current) refreshDetailNow();
    });
  }, [patientId, refreshNow, refreshDetailNow]);

  useEffect(() => {
    if (!jobs) return;
    const changes = describeStatusChanges(previousStatuses.current, jobs);
    if (changes) setAnnouncement(changes);
    previousStatuses.current = new Map(jobs.map((job) => [job.id, job.status]));
  }, [jobs]);

  const { activeJobs, finishedJobs } = useMemo(
    () => ({
      activeJobs: (jobs ?? []).filter((job) => isActiveStatus(job.status)),
      finishedJobs: (jobs ?? []).filter((job) => !isActiveStatus(job.status)),
    }),
    [jobs],
  );

  if (patientId === null) {
    return <NoPatientInAddress />;
  }

  const select = (job: Job) => {
    setSelectedJobId(job.id);
    // The details may be far from the button (below the lists on narrow screens): keyboard focus follows.
    detailsRef.current?.focus();
  };

  const cancel = async (job: Job) => {
    setCancellingIds((ids) => new Set(ids).add(job.id));
    try {
      await cancelJob(job.id);
      void message.success(JOB_MESSAGES.cancelled);
      refreshNow();
      if (job.id === selectedJobId) refreshDetailNow();
    } catch (error) {
      void message.error(getErrorMessage(error, JOB_MESSAGES.cancelFailed));
    } finally {
      setCancellingIds((ids) => {
        const next = new Set(ids);
        next.delete(job.id);
        return next;
      });
    }
  };

  const refreshJobs = async () => {
    setRefreshing(true);
    const succeeded = await refresh();
    setRefreshing(false);
    if (succeeded) void message.success(JOB_MESSAGES.refreshed);
    else void message.error(JOB_MESSAGES.loadJobsFailed);
  };

  const now = Date.now();
  return (
    <div style={{ padding: 24 }}>
      <LiveAnnouncement text={announcement} />
      <Row gutter={[24, 24]}>
        <Col xs={{ span: 24, order: 2 }} lg={{ span: 8, order: 1 }} xl={6}>
          <JobListSidebar
            patientId={patientId}
            patient={patient}
            statistics={jobs ? statisticsOf(jobs) : null}
            refreshing={refreshing}
            onRefresh={() => void refreshJobs()}
            onProcessDocuments={() => navigate(`/documents/process?patientId=${patientId}`)}
            onDashboard={() => navigate(`/patients/${patientId}/dashboard`)}
          />
        </Col>
        <Col xs={{ span: 24, order: 1 }} lg={{ span: 16, order: 2 }} xl={18}>
          <Flex vertical gap="large">
            <PatientPageTitle title="Background Jobs" patientId={patientId} patient={patient} />
            {failedToLoad ? <Alert type="error" showIcon title={JOB_MESSAGES.loadJobsFailed} /> : null}
            <Row gutter={[24, 24]}>
              <Col xs={24} xxl={13}>
                {jobs === null ? (
                  failedToLoad ? null : (
                    <Flex justify="center" style={{ padding: 48 }}>
                      <Spin size="large" description="Loading jobs..." />
                    </Flex>
                  )
                ) : (
                  <Flex vertical gap="large">
                    <section aria-labelledby="active-jobs-title">
                      <Typography.Title level={3} id="active-jobs-title" style={{ fontSize: 18 }}>
                        Active Jobs ({activeJobs.length})
                      </Typography.Title>
                      {activeJobs.length === 0 ? (
                        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No active or pending jobs" />
                      ) : (
                        <Flex vertical gap="middle">
                          {activeJobs.map((job) => (
                            <ActiveJobCard
                              key={job.id}
                              job={job}
                              now={now}
                              selected={job.id === selectedJobId}
                              cancelling={cancellingIds.has(job.id)}
                              onSelect={select}
                              onCancel={(target) => void cancel(target)}
                            />
                          ))}
                        </Flex>
                      )}
                    </section>
                    <CompletedJobsSection
                      jobs={finishedJobs}
                      selectedJobId={selectedJobId}
                      onSelect={select}
                    />
                  </Flex>
                )}
              </Col>
              <Col xs={24} xxl={11}>
                <section ref={detailsRef} tabIndex={-1} aria-label="Job Details" style={{ outline: 'none' }}>
                  <JobDetailsPanel idle={selectedJobId === null} detail={detail.detail} lost={detail.lost} />
                </section>
              </Col>
            </Row>
          </Flex>
        </Col>
      </Row>
    </div>
  );
}
