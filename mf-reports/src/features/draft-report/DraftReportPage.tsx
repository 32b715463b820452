import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Col, Flex, Row, Spin, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { DraftProcessingResult, DraftReportJob } from '@ewrt/contract';
import { getErrorMessage, hasFeature, useSession, type Patient } from '@ewrt/shared';
import { saveExportedFile, useRequestedPatient, type RequestedPatient } from '@ewrt/shared/kit';
import { generateDraftReport, getDraftReportResults } from '../api/draftReportsApi';
import { ImportDefaultsDialog } from '../import-defaults/ImportDefaultsDialog';
import { DocumentFilePanel } from './DocumentFilePanel';
import { DRAFT_REPORT_MESSAGES } from './draftReportMessages';
import { draftReportFilename, draftReportText } from './draftReportText';
import { DraftReportActions } from './DraftReportActions';
import { GeneratedReportPanel } from './GeneratedReportPanel';
import { PatientSidebar } from './PatientSidebar';
import { ProcessingPanel } from './ProcessingPanel';
import { RecentJobsPanel } from './RecentJobsPanel';
import { ReportSetupForm, type ReportSetupChoice } from './ReportSetupForm';
import { isJobActive, useDraftJobPolling, type FollowedDraftJob } from './useDraftJobPolling';
import { useRecentDraftJobs } from './useRecentDraftJobs';
import { useReportChoices } from './useReportChoices';

const PAGE_TITLE = 'Draft Report';

const pageTitle = (
  <Typography.Title level={1} style={{ marginTop: 0 }}>
    {PAGE_TITLE}
  </Typography.Title>
);

/** /draft-report: drafts a report for the ?patientId= patient (else the selected one) as a background job. */
export function DraftReportPage() {
  const requested = useRequestedPatient();
  if (!requested.patient) return <PatientNeeded requested={requested} />;
  return <DraftReportWorkspace key={requested.patient.ID_Patient} initialPatient={requested.patient} />;
}

/** Before the screen has its patient: loading the requested one, or why there is none and where to pick one. */
function PatientNeeded({ requested }: { requested: RequestedPatient }) {
  return (
    <div style={{ padding: 24 }}>
      {pageTitle}
      {requested.loading ? (
        <Spin description="Loading patient..." />
      ) : (
        <Alert
          type="warning"
          showIcon
          title={
            requested.failed
              ? DRAFT_REPORT_MESSAGES.loadPatientFailed
              : DRAFT_REPORT_MESSAGES.noPatientSelected
          }
          action={<Link to="/patients">Select a patient</Link>}
        />
      )}
    </div>
  );
}

/** The report on screen: which job made it, and whose it is when that is not the patient on screen. */
interface OpenedReport {
  jobId: number;
  result: DraftProcessingResult;
  otherPatientName: string | null;
}

/** What the last generation attempt or job ended with, when it left no report to show. */
type Outcome = { type: 'error' | 'warning'; text: string } | null;

function DraftReportWorkspace({ initialPatient }: { initialPatient: Patient }) {
  const { message } = App.useApp();
  const { user } = useSession();
  const userId = user?.ID_User ?? null;
  const canSetUpReports = hasFeature(user, 'advanced-tools');
  const [patient, setPatient] = useState(initialPatient);
  const patientId = patient.ID_Patient;
  const [choice, setChoice] = useState<ReportSetupChoice>({
    typeId: null,
    templateId: null,
    structuredTemplateId: null,
  });
  const choices = useReportChoices(userId, choice.typeId, canSetUpReports);
  const recent = useRecentDraftJobs(userId);
  const [opened, setOpened] = useState<OpenedReport | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [starting, setStarting] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

  const openResults = useCallback(async (jobId: number, otherPatientName: string | null) => {
    try {
      const answer = await getDraftReportResults(jobId);
      const result = answer.results?.processing_result;
      if (!result) {
        // The call worked but brought no report to show.
        setOutcome({ type: 'error', text: DRAFT_REPORT_MESSAGES.loadResultsFailed });
        return;
      }
      setOpened({ jobId, result, otherPatientName });
      setOutcome(null);
    } catch (error) {
      setOutcome({ type: 'error', text: getErrorMessage(error, DRAFT_REPORT_MESSAGES.fetchResultsFailed) });
    }
  }, []);

  const reloadRecentJobs = recent.reload;
  const onJobFinished = useCallback(
    (job: FollowedDraftJob) => {
      reloadRecentJobs();
      if (job.status === 'completed') void openResults(job.jobId, null);
      else if (job.status === 'failed')
        setOutcome({ type: 'error', text: job.errorMessage ?? DRAFT_REPORT_MESSAGES.jobFailed });
      else setOutcome({ type: 'warning', text: DRAFT_REPORT_MESSAGES.jobCancelled });
    },
    [openResults, reloadRecentJobs],
  );
  const polling = useDraftJobPolling(onJobFinished);
  const jobRunning = polling.job !== null && isJobActive(polling.job.status);

  // Back on the screen while this patient's report is still being generated: show its progress again.
  const resumeChecked = useRef(false);
  const { follow } = polling;
  const followedJob = polling.job;
  useEffect(() => {
    if (resumeChecked.current || recent.state.status !== 'ready') return;
    resumeChecked.current = true;
    if (followedJob) return;
    const running = recent.state.jobs.find((job) => job.patient_id === patientId && isJobActive(job.status));
    if (running) {
      follow({
        jobId: running.id,
        status: running.status,
        progress: running.progress_percentage,
        step: running.current_step_description,
        errorMessage: running.error_message,
      });
    }
  }, [recent.state, patientId, follow, followedJob]);

  const generate = async () => {
    if (userId === null || choice.typeId === null) {
      setOutcome({ type: 'error', text: DRAFT_REPORT_MESSAGES.missingInformation });
      return;
    }
    setStarting(true);
    setOutcome(null);
    try {
      const answer = await generateDraftReport({
        patient_id: patientId,
        user_id: userId,
        lookup_type_id: choice.typeId,
        template_id: choice.templateId,
        metadata: { structured_template_id: choice.structuredTemplateId },
      });
      if (!answer.success) {
        setOutcome({
          type: 'error',
          text: answer.error
            ? DRAFT_REPORT_MESSAGES.startFailed(answer.error)
            : DRAFT_REPORT_MESSAGES.startJobFailed,
        });
        return;
      }
      setOpened(null);
      follow({ jobId: answer.job_id, status: answer.status, progress: 0, step: null, errorMessage: null });
      reloadRecentJobs();
    } catch (error) {
      // The server's (or the network's) reason when there is one, else the request itself failed.
      const reason = getErrorMessage(error, DRAFT_REPORT_MESSAGES.startRequestFailed);
      setOutcome({
        type: 'error',
        text:
          reason === DRAFT_REPORT_MESSAGES.startRequestFailed
            ? reason
            : DRAFT_REPORT_MESSAGES.startFailed(reason),
      });
    } finally {
      setStarting(false);
    }
  };

  const openJob = (job: DraftReportJob) => {
    if (job.status !== 'completed') {
      void message.info(DRAFT_REPORT_MESSAGES.onlyCompletedJobs);
      return;
    }
    const otherPatient = job.patient_id !== null && job.patient_id !== patientId;
    void openResults(job.id, otherPatient ? (job.patient_name ?? `patient ${job.patient_id}`) : null);
  };

  const downloadReport = () => {
    if (!opened) return;
    const text = draftReportText(opened.result, patient);
    saveExportedFile({
      blob: new Blob([text], { type: 'text/plain;charset=utf-8' }),
      filename: draftReportFilename(patient, new Date()),
    });
    void message.success(DRAFT_REPORT_MESSAGES.reportDownloaded);
  };

  const clearView = () => {
    setOpened(null);
    setOutcome(null);
  };

  const noReportTypes = choices.types.status === 'ready' && choices.types.value.length === 0;

  return (
    <div style={{ padding: 24 }}>
      <div style={{ marginBottom: 16 }}>
        {pageTitle}
        <Typography.Paragraph style={{ marginBottom: 0, maxWidth: 880 }}>
          Generate a draft expert report for {patient.FirstName} {patient.Surname} from their indexed records,
          section by section from your report type&rsquo;s prompts, each statement citing the page it comes
          from.
        </Typography.Paragraph>
      </div>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={9} xl={7}>
          <Flex vertical gap="large">
            <PatientSidebar patient={patient} onPatientUpdated={setPatient} />
            <DraftReportActions
              canSetUpReports={canSetUpReports}
              noReportTypes={noReportTypes}
              canImportDefaults={canSetUpReports && noReportTypes && choices.defaultsAvailable}
              canDownloadReport={opened !== null}
              onImportDefaults={() => setImportOpen(true)}
              onDownloadReport={downloadReport}
              onClearView={clearView}
            />
            <DocumentFilePanel result={opened?.result ?? null} />
            <RecentJobsPanel
              state={recent.state}
              openJobId={opened?.jobId ?? null}
              onOpen={openJob}
              onRetry={reloadRecentJobs}
            />
            <Link to={`/patients/${patientId}/dashboard`}>Patient Dashboard</Link>
          </Flex>
        </Col>
        <Col xs={24} lg={15} xl={17}>
          <Flex vertical gap="large">
            <ReportSetupForm
              types={choices.types}
              prompts={choices.prompts}
              reportTemplates={choices.reportTemplates}
              structuredTemplates={choices.structuredTemplates}
              choice={choice}
              onChange={setChoice}
              canSetUpReports={canSetUpReports}
              jobRunning={jobRunning}
              starting={starting}
              onGenerate={() => void generate()}
            />
            {polling.job && jobRunning ? (
              <ProcessingPanel job={polling.job} patientId={patientId} pollError={polling.pollError} />
            ) : null}
            {outcome ? <Alert type={outcome.type} showIcon title={outcome.text} /> : null}
            {opened ? (
              <GeneratedReportPanel
                result={opened.result}
                jobId={opened.jobId}
                otherPatientName={opened.otherPatientName}
              />
            ) : null}
          </Flex>
        </Col>
      </Row>
      <ImportDefaultsDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={() => {
          setImportOpen(false);
          choices.reloadTypes();
        }}
      />
    </div>
  );
}
