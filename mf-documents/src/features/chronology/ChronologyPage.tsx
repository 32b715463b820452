import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Col, Flex, Row, Spin, Typography } from 'antd';
import { FileWordOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router-dom';
import type { ChronologyEvent, ChronologyPlace, ChronologyResponse, SourceLocation } from '@ewrt/contract';
import { getErrorMessage, type Patient } from '@ewrt/shared';
import { PageViewer, SectionCard } from '@ewrt/shared/kit';
import { buildChronology, exportChronology } from '../api/chronologyApi';
import { saveExportedFile } from '@ewrt/shared/kit';
import { LiveAnnouncement } from '../jobs/LiveAnnouncement';
import { NoPatientInAddress } from '../page-layout/NoPatientInAddress';
import { PatientPageTitle } from '../patient-page/PatientPageTitle';
import { PatientInformationCard } from '../record-questions/PatientInformationCard';
import { patientConversationSource } from '../record-questions/patientConversationSource';
import { useQuestionPatient, type QuestionPatient } from '../record-questions/useQuestionPatient';
import { ChronologyFilters } from './ChronologyFilters';
import {
  NO_FILTER_CHOICES,
  toChronologyFilter,
  type ChronologyFilterChoices,
} from './chronologyFilterChoices';
import { CHRONOLOGY_MESSAGES } from './chronologyMessages';
import { ChronologyStatusCard } from './ChronologyStatusCard';
import { ChronologyTable } from './ChronologyTable';
import { UnreadDatesList } from './UnreadDatesList';
import { placeCitation, placeCitationTitle } from './placeCitation';
import { useChronology } from './useChronology';

const PAGE_TITLE = 'Medical Chronology';

function parsePatientId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The place open in the citation view, and the view's title. */
interface OpenPlace {
  citation: SourceLocation;
  title: string;
}

/** What to announce when the screen sees a build end: ready with its events, failed with the reason. */
function buildEndAnnouncement(chronology: ChronologyResponse): string {
  if (chronology.state === 'ready') return CHRONOLOGY_MESSAGES.ready(chronology.total_events);
  if (chronology.state === 'failed') {
    const reason = chronology.job?.error_message;
    return reason ? CHRONOLOGY_MESSAGES.jobFailed(reason) : CHRONOLOGY_MESSAGES.jobFailedWithoutReason;
  }
  return '';
}

function ChronologyEvents({
  patientId,
  chronology,
  dateOfEvent,
  choices,
  onChoicesChange,
}: {
  patientId: number;
  chronology: ChronologyResponse;
  dateOfEvent: string | null;
  choices: ChronologyFilterChoices;
  onChoicesChange: (choices: ChronologyFilterChoices) => void;
}) {
  const { message } = App.useApp();
  const source = useMemo(() => patientConversationSource(patientId), [patientId]);
  const [openPlace, setOpenPlace] = useState<OpenPlace | null>(null);
  const [exporting, setExporting] = useState(false);

  const openCitation = useCallback((place: ChronologyPlace, event: ChronologyEvent) => {
    setOpenPlace({ citation: placeCitation(place, event), title: placeCitationTitle(place, event) });
  }, []);

  const exportToWord = async () => {
    setExporting(true);
    try {
      saveExportedFile(await exportChronology(patientId, toChronologyFilter(choices)));
      void message.success(CHRONOLOGY_MESSAGES.exported);
    } catch (error) {
      void message.error(getErrorMessage(error, CHRONOLOGY_MESSAGES.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  return (
    <SectionCard title="Events">
      {chronology.total_events === 0 ? (
        <Typography.Paragraph style={{ margin: 0 }}>{CHRONOLOGY_MESSAGES.noEvents}</Typography.Paragraph>
      ) : (
        <Flex vertical gap="middle">
          <ChronologyFilters
            choices={choices}
            onChange={onChoicesChange}
            kinds={chronology.kinds}
            years={chronology.years}
          />
          <Flex justify="space-between" align="center" gap="small" wrap>
            <Typography.Text role="status">
              Showing {chronology.events.length} of {chronology.total_events} events
            </Typography.Text>
            <Button
              icon={<FileWordOutlined aria-hidden />}
              loading={exporting}
              disabled={chronology.events.length === 0}
              onClick={() => void exportToWord()}
            >
              Export to Word
            </Button>
          </Flex>
          <ChronologyTable
            events={chronology.events}
            dateOfEvent={dateOfEvent}
            caption="Clinical events in date order, with the Date of Event as a dividing row"
            onOpenPlace={openCitation}
          />
        </Flex>
      )}
      <UnreadDatesList dates={chronology.unread_dates} />
      <PageViewer
        citation={openPlace?.citation ?? null}
        title={openPlace?.title ?? ''}
        source={source}
        onClose={() => setOpenPlace(null)}
      />
    </SectionCard>
  );
}

function PatientChronology({ patientId }: { patientId: number }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const patientState = useQuestionPatient(patientId);
  const [choices, setChoices] = useState<ChronologyFilterChoices>(NO_FILTER_CHOICES);
  const filter = useMemo(() => toChronologyFilter(choices), [choices]);
  const { chronology, loadError, refreshNow } = useChronology(patientId, filter);
  const [starting, setStarting] = useState(false);
  const [buildError, setBuildError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const wasBuilding = useRef(false);

  // Announces the end of a build the screen watched, since the progress region disappears with it.
  useEffect(() => {
    if (!chronology) return;
    const building = chronology.state === 'building';
    if (wasBuilding.current && !building) setAnnouncement(buildEndAnnouncement(chronology));
    wasBuilding.current = building;
  }, [chronology]);

  // A new Date of Event moves the dividing line at once; the chronology is asked again so the server agrees.
  const patientWithRefresh: QuestionPatient = {
    ...patientState,
    replace: (patient: Patient) => {
      patientState.replace(patient);
      refreshNow();
    },
  };

  const startBuild = async () => {
    setStarting(true);
    setBuildError(null);
    try {
      const answer = await buildChronology(patientId);
      void message.success(answer.message);
      refreshNow();
    } catch (error) {
      setBuildError(getErrorMessage(error, CHRONOLOGY_MESSAGES.buildFailed));
    } finally {
      setStarting(false);
    }
  };

  const dateOfEvent = patientState.patient
    ? patientState.patient.DateofEvent
    : (chronology?.date_of_event ?? null);

  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        <PatientPageTitle level={1} title={PAGE_TITLE} patientId={patientId} patient={patientState.patient} />
        <LiveAnnouncement text={announcement} />
        {loadError !== null ? (
          <Alert
            type="error"
            showIcon
            title={getErrorMessage(loadError, CHRONOLOGY_MESSAGES.loadFailed)}
            action={<Button onClick={refreshNow}>Retry</Button>}
          />
        ) : null}
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={8}>
            <PatientInformationCard patientId={patientId} patientState={patientWithRefresh} />
          </Col>
          <Col xs={24} lg={16}>
            {chronology ? (
              <ChronologyStatusCard
                chronology={chronology}
                starting={starting}
                buildError={buildError}
                onBuild={() => void startBuild()}
                onJobList={() => navigate(`/patient/${patientId}/jobs`)}
              />
            ) : loadError === null ? (
              <Spin description="Loading the chronology..." />
            ) : null}
          </Col>
        </Row>
        {chronology && chronology.built_at !== null ? (
          <ChronologyEvents
            patientId={patientId}
            chronology={chronology}
            dateOfEvent={dateOfEvent}
            choices={choices}
            onChoicesChange={setChoices}
          />
        ) : null}
      </Flex>
    </div>
  );
}

/** /patients/:patientId/chronology: every dated clinical event in the patient's records, in order, with its pages. */
export function ChronologyPage() {
  const patientId = parsePatientId(useParams().patientId);
  if (patientId === null) return <NoPatientInAddress />;
  // Keyed by patient, so another patient's screen starts with its own filters and build state.
  return <PatientChronology key={patientId} patientId={patientId} />;
}
