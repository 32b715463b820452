import { useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Flex, Spin, Typography } from 'antd';
import { FileWordOutlined } from '@ant-design/icons';
import { useParams } from 'react-router-dom';
import type { RecordFlag, RecordFlagPlace, ReviewedPage, SourceLocation } from '@ewrt/contract';
import { RECORD_GAP_DEFAULT_DAYS } from '@ewrt/contract/limits';
import { getErrorMessage } from '@ewrt/shared';
import { PageViewer, saveExportedFile } from '@ewrt/shared/kit';
import { exportRecordReview } from '../api/recordReviewApi';
import { placeCitation, placeLabel } from '../chronology/placeCitation';
import { NoPatientInAddress } from '../page-layout/NoPatientInAddress';
import { PatientPageTitle } from '../patient-page/PatientPageTitle';
import { patientConversationSource } from '../record-questions/patientConversationSource';
import { useQuestionPatient } from '../record-questions/useQuestionPatient';
import { DuplicateGroupsCard } from './DuplicateGroupsCard';
import { RecordFlagsCard } from './RecordFlagsCard';
import { RECORD_REVIEW_MESSAGES } from './recordReviewMessages';
import { useRecordReview } from './useRecordReview';

const PAGE_TITLE = 'Records Review';

function parsePatientId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The page open in the citation view, and the view's title. */
interface OpenPage {
  citation: SourceLocation;
  title: string;
}

/** One of the review's answers once loaded, a spinner before, or why it could not be loaded (with Retry). */
function Loaded<T>({
  loaded,
  failure,
  loading,
  onRetry,
  children,
}: {
  loaded: { answer: T | null; error: unknown };
  failure: string;
  loading: string;
  onRetry: () => void;
  children: (answer: T) => ReactNode;
}) {
  return (
    <>
      {loaded.error !== null ? (
        <Alert
          type="error"
          showIcon
          title={getErrorMessage(loaded.error, failure)}
          action={<Button onClick={onRetry}>Retry</Button>}
        />
      ) : null}
      {loaded.answer !== null ? (
        children(loaded.answer)
      ) : loaded.error === null ? (
        <Spin description={loading} />
      ) : null}
    </>
  );
}

function PatientRecordReview({ patientId }: { patientId: number }) {
  const { message } = App.useApp();
  const patientState = useQuestionPatient(patientId);
  const [gapDays, setGapDays] = useState(RECORD_GAP_DEFAULT_DAYS);
  const { duplicates, gaps, reload } = useRecordReview(patientId, gapDays);
  const source = useMemo(() => patientConversationSource(patientId), [patientId]);
  const [openPage, setOpenPage] = useState<OpenPage | null>(null);
  const [exporting, setExporting] = useState(false);

  const openFlagPlace = (place: RecordFlagPlace, flag: RecordFlag) =>
    setOpenPage({ citation: placeCitation(place, flag), title: `${flag.title}: ${placeLabel(place)}` });
  const openReviewedPage = (page: ReviewedPage) =>
    setOpenPage({
      citation: placeCitation({ ...page, bundle_page: null, chunk_id: null }, { passage: '' }),
      title: `${page.filename}, page ${page.page}`,
    });

  const exportToWord = async () => {
    setExporting(true);
    try {
      saveExportedFile(await exportRecordReview(patientId, gapDays));
      void message.success(RECORD_REVIEW_MESSAGES.exported);
    } catch (error) {
      void message.error(getErrorMessage(error, RECORD_REVIEW_MESSAGES.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        <Flex justify="space-between" align="start" gap="small" wrap>
          <PatientPageTitle
            level={1}
            title={PAGE_TITLE}
            patientId={patientId}
            patient={patientState.patient}
          />
          <Button
            icon={<FileWordOutlined aria-hidden />}
            loading={exporting}
            onClick={() => void exportToWord()}
          >
            Export to Word
          </Button>
        </Flex>
        <Typography.Paragraph style={{ margin: 0 }}>
          {RECORD_REVIEW_MESSAGES.explanation}
        </Typography.Paragraph>
        <Loaded
          loaded={duplicates}
          failure={RECORD_REVIEW_MESSAGES.duplicatesLoadFailed}
          loading="Comparing the documents..."
          onRetry={reload}
        >
          {(answer) => (
            <DuplicateGroupsCard
              patientId={patientId}
              duplicates={answer}
              onChanged={reload}
              onOpenPage={openReviewedPage}
            />
          )}
        </Loaded>
        <Loaded
          loaded={gaps}
          failure={RECORD_REVIEW_MESSAGES.gapsLoadFailed}
          loading="Reading the records for gaps..."
          onRetry={reload}
        >
          {(answer) => (
            <RecordFlagsCard
              patientId={patientId}
              gaps={answer}
              gapDays={gapDays}
              onGapDaysChange={setGapDays}
              onOpenPlace={openFlagPlace}
            />
          )}
        </Loaded>
        <PageViewer
          citation={openPage?.citation ?? null}
          title={openPage?.title ?? ''}
          source={source}
          onClose={() => setOpenPage(null)}
        />
      </Flex>
    </div>
  );
}

/** /patients/:patientId/record-review: copies of documents set aside, and what the records lack. */
export function RecordReviewPage() {
  const patientId = parsePatientId(useParams().patientId);
  if (patientId === null) return <NoPatientInAddress />;
  return <PatientRecordReview key={patientId} patientId={patientId} />;
}
