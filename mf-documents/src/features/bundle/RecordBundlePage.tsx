import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Col, Empty, Flex, Progress, Row, Spin, Typography } from 'antd';
import {
  CloudUploadOutlined,
  FilePdfOutlined,
  OrderedListOutlined,
  SaveOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { BundleDocument, BundleEntry } from '@ewrt/contract';
import { getErrorMessage, type Patient } from '@ewrt/shared';
import {
  downloadFromLink,
  PageViewer,
  patientPageSource,
  SectionCard,
  useRequestedPatient,
  type PageLocation,
} from '@ewrt/shared/kit';
import { generateBundle, getBundleDownload, saveBundleDescription, saveBundleOrder } from '../api/bundleApi';
import { getJobStatus } from '../api/jobsApi';
import { LiveAnnouncement } from '../jobs/LiveAnnouncement';
import { PatientPageTitle } from '../patient-page/PatientPageTitle';
import { PatientRequiredView } from '../page-layout/PatientRequiredView';
import { BundleOrderList } from './BundleOrderList';
import { BUNDLE_MESSAGES } from './bundleMessages';
import { CurrentBundleCard } from './CurrentBundleCard';
import { dateOrder } from './dateOrder';
import { OmittedDuplicatesTable } from './OmittedDuplicatesTable';
import { useBundleState } from './useBundleState';

const PAGE_TITLE = 'Record Bundle';

/** A bundled document's first page, as the page viewer opens it: nothing marked, its bundle page known. */
const firstPageOf = (entry: BundleEntry): PageLocation => ({
  s3_key: entry.s3_key,
  filename: entry.filename,
  page: 1,
  bundle_page: entry.first_page,
  chunk_id: null,
});

const sameOrder = (a: readonly BundleDocument[], b: readonly BundleDocument[]) =>
  a.length === b.length && a.every((document, index) => document.s3_key === b[index]!.s3_key);

/** /pagination?patientId=: orders the patient's processed documents and produces the paginated PDF bundle. */
export function RecordBundlePage() {
  const requested = useRequestedPatient();
  const { patient } = requested;

  if (!patient)
    return <PatientRequiredView title={PAGE_TITLE} requested={requested} messages={BUNDLE_MESSAGES} />;
  return <PatientRecordBundle patient={patient} />;
}

/** Why the screen has no new bundle to show: the server refused to start one, or the job ended without one. */
type JobOutcome =
  { kind: 'refused'; message: string } | { kind: 'failed'; message: string } | { kind: 'cancelled' } | null;

function PatientRecordBundle({ patient }: { patient: Patient }) {
  const patientId = patient.ID_Patient;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { state, loadError, refreshNow, replace } = useBundleState(patientId);
  /** The user's order while it differs from the saved one; null when the screen shows the server's order. */
  const [editedOrder, setEditedOrder] = useState<BundleDocument[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [jobOutcome, setJobOutcome] = useState<JobOutcome>(null);
  const [announcement, setAnnouncement] = useState('');
  const followedJobId = useRef<number | null>(null);
  const pages = useMemo(() => patientPageSource(patientId), [patientId]);
  const [viewedEntry, setViewedEntry] = useState<BundleEntry | null>(null);
  const viewedPage = useMemo(() => (viewedEntry ? firstPageOf(viewedEntry) : null), [viewedEntry]);

  const savedOrder = state?.documents ?? [];
  // An order changed on screen shows each document as the server last described it.
  const latest = new Map(savedOrder.map((document) => [document.s3_key, document]));
  const shownOrder = editedOrder?.map((document) => latest.get(document.s3_key) ?? document) ?? savedOrder;
  const unsaved = editedOrder !== null && !sameOrder(editedOrder, savedOrder);
  const activeJob = state?.active_job ?? null;

  // When the followed job ends without making the current bundle, say why (the previous bundle stays current).
  useEffect(() => {
    if (!state) return;
    if (state.active_job) {
      followedJobId.current = state.active_job.id;
      return;
    }
    const ended = followedJobId.current;
    if (ended === null) return;
    followedJobId.current = null;
    if (state.bundle?.job_id === ended && state.bundle.status === 'completed') {
      setAnnouncement(`The bundle is ready: ${state.bundle.page_count ?? 0} pages`);
      return;
    }
    getJobStatus(ended).then(
      ({ job }) => {
        if (job.status === 'cancelled') setJobOutcome({ kind: 'cancelled' });
        else if (job.status === 'failed')
          setJobOutcome({ kind: 'failed', message: job.error_message ?? BUNDLE_MESSAGES.generateFailed });
      },
      () => setJobOutcome({ kind: 'failed', message: BUNDLE_MESSAGES.generateFailed }),
    );
  }, [state]);

  const saveOrder = async (): Promise<boolean> => {
    setSaving(true);
    setSaveError(null);
    try {
      const answer = await saveBundleOrder(
        patientId,
        shownOrder.map((document) => document.s3_key),
      );
      replace(answer);
      setEditedOrder(null);
      return true;
    } catch (error) {
      // The user's order stays on screen to try again.
      setSaveError(getErrorMessage(error, BUNDLE_MESSAGES.saveFailed));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const describe = async (document: BundleDocument, description: string) => {
    replace(await saveBundleDescription(patientId, document.s3_key, description));
    setAnnouncement(`The index description of ${document.filename} was saved`);
  };

  const startBundle = async () => {
    setJobOutcome(null);
    setStarting(true);
    try {
      // The job uses the saved order: an order changed on screen is saved first.
      if (unsaved && !(await saveOrder())) return;
      const answer = await generateBundle(patientId);
      followedJobId.current = answer.job_id;
      void message.success(answer.message);
      refreshNow();
    } catch (error) {
      setJobOutcome({ kind: 'refused', message: getErrorMessage(error, BUNDLE_MESSAGES.generateFailed) });
    } finally {
      setStarting(false);
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      const link = await getBundleDownload(patientId);
      downloadFromLink(link.download_url, link.filename);
    } catch (error) {
      void message.error(getErrorMessage(error, BUNDLE_MESSAGES.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  const jobListButton = (
    <Button
      icon={<UnorderedListOutlined aria-hidden />}
      onClick={() => navigate(`/patient/${patientId}/jobs`)}
    >
      View job list
    </Button>
  );

  return (
    <div style={{ padding: 24 }}>
      <PatientPageTitle title={PAGE_TITLE} patientId={patientId} patient={patient} />
      <Typography.Paragraph style={{ marginTop: 12, maxWidth: 820 }}>
        Put the patient&rsquo;s processed documents in the order the bundle should follow, by dragging them or
        with Move up and Move down, then generate one PDF: an index first, then every document, each page
        numbered &ldquo;Page N&rdquo; at the bottom. The page numbers stay as they are until you generate the
        bundle again.
      </Typography.Paragraph>
      <LiveAnnouncement text={announcement} />
      {loadError !== null && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={getErrorMessage(loadError, BUNDLE_MESSAGES.loadFailed)}
          action={<Button onClick={refreshNow}>Retry</Button>}
        />
      )}
      {!state ? (
        loadError === null && <Spin description="Loading documents..." />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={14}>
            <SectionCard title="Document order">
              {shownOrder.length === 0 ? (
                <Empty description="This patient has no processed documents yet.">
                  <Button
                    type="primary"
                    icon={<CloudUploadOutlined aria-hidden />}
                    onClick={() => navigate(`/documents/process?patientId=${patientId}`)}
                  >
                    Process Documents
                  </Button>
                </Empty>
              ) : (
                <Flex vertical gap="middle">
                  <Typography.Text>
                    {state.order_saved || unsaved
                      ? 'Your order; documents processed later are added at the end, by date.'
                      : 'By the date found in each document (oldest first), undated documents last.'}
                  </Typography.Text>
                  <BundleOrderList
                    documents={shownOrder}
                    onChange={setEditedOrder}
                    onDescribe={describe}
                    disabled={saving}
                  />
                  {unsaved && <Alert type="info" showIcon title={BUNDLE_MESSAGES.unsavedOrder} />}
                  {saveError && <Alert type="error" showIcon title={saveError} />}
                  <Flex gap="small" wrap>
                    <Button
                      type="primary"
                      icon={<SaveOutlined aria-hidden />}
                      loading={saving}
                      disabled={!unsaved}
                      onClick={() =>
                        void saveOrder().then(
                          (saved) => saved && void message.success(BUNDLE_MESSAGES.orderSaved),
                        )
                      }
                    >
                      Save order
                    </Button>
                    <Button
                      icon={<OrderedListOutlined aria-hidden />}
                      disabled={saving}
                      onClick={() => setEditedOrder(dateOrder(shownOrder))}
                    >
                      Reset to date order
                    </Button>
                  </Flex>
                </Flex>
              )}
              {state.omitted_duplicates.length > 0 && (
                <div style={{ marginTop: 16 }}>
                  <OmittedDuplicatesTable
                    omitted={state.omitted_duplicates}
                    caption={BUNDLE_MESSAGES.omittedFromOrder}
                  />
                </div>
              )}
            </SectionCard>
          </Col>
          <Col xs={24} xl={10}>
            <Flex vertical gap="large">
              <SectionCard title="Generate">
                <Flex vertical gap="middle">
                  {activeJob ? (
                    <div role="status" aria-live="polite">
                      <Typography.Text strong>Generating the bundle (job {activeJob.id})</Typography.Text>
                      <Progress
                        percent={Math.round(activeJob.progress_percentage)}
                        aria-label="Bundle progress"
                      />
                      <Typography.Text>
                        {activeJob.current_step_description ?? 'Waiting to start'}
                      </Typography.Text>
                    </div>
                  ) : null}
                  {jobOutcome?.kind === 'refused' && (
                    <Alert type="error" showIcon title={jobOutcome.message} />
                  )}
                  {jobOutcome?.kind === 'failed' && (
                    <Alert type="error" showIcon title={BUNDLE_MESSAGES.jobFailed(jobOutcome.message)} />
                  )}
                  {jobOutcome?.kind === 'cancelled' && (
                    <Alert type="warning" showIcon title={BUNDLE_MESSAGES.jobCancelled} />
                  )}
                  <Flex gap="small" wrap>
                    <Button
                      type="primary"
                      icon={<FilePdfOutlined aria-hidden />}
                      loading={starting}
                      disabled={activeJob !== null || shownOrder.length === 0 || saving}
                      onClick={() => void startBundle()}
                    >
                      Generate bundle
                    </Button>
                    {jobListButton}
                  </Flex>
                </Flex>
              </SectionCard>
              {state.bundle?.status === 'completed' && (
                <CurrentBundleCard
                  bundle={state.bundle}
                  downloading={downloading}
                  onDownload={() => void download()}
                  onViewDocument={setViewedEntry}
                />
              )}
            </Flex>
          </Col>
        </Row>
      )}
      <PageViewer
        citation={viewedPage}
        title={viewedEntry ? (viewedEntry.description ?? viewedEntry.filename) : ''}
        source={pages}
        onClose={() => setViewedEntry(null)}
      />
    </div>
  );
}
