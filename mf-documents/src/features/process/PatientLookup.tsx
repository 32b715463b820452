import { useId, useState } from 'react';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { canUseResource, type Patient, useSession } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';
import { searchPatients } from '../api/patientLookupApi';
import { patientName } from './patientName';
import { PROCESSING_MESSAGES } from './processingMessages';

/** DOC-02: the lookup asks for page 1 and shows at most this many patients. */
export const LOOKUP_PAGE = 1;
export const LOOKUP_MAX_SHOWN = 3;

interface PatientLookupProps {
  patient: Patient | null;
  loadingRequested: boolean;
  requestedFailed: boolean;
  onChoose: (patient: Patient) => void;
}

type SearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'failed' }
  | { kind: 'found'; term: string; patients: Patient[]; total: number };

/** Choosing the patient whose documents are processed: the preselected one, or one found by surname or MRN. */
export function PatientLookup({ patient, loadingRequested, requestedFailed, onChoose }: PatientLookupProps) {
  const { user } = useSession();
  const [search, setSearch] = useState<SearchState>({ kind: 'idle' });
  const inputId = useId();

  const runSearch = async (value: string) => {
    const term = value.trim();
    if (term === '') return;
    setSearch({ kind: 'searching' });
    try {
      const answer = await searchPatients(term, LOOKUP_PAGE);
      setSearch({
        kind: 'found',
        term,
        patients: answer.patients,
        total: Math.max(answer.total, answer.patients.length),
      });
    } catch {
      setSearch({ kind: 'failed' });
    }
  };

  const choose = (found: Patient) => {
    onChoose(found);
    setSearch({ kind: 'idle' });
  };

  return (
    <SectionCard title="Patient">
      <Flex vertical gap="middle">
        {requestedFailed && (
          <Alert type="warning" showIcon title={PROCESSING_MESSAGES.loadPatientFromQueryFailed} />
        )}
        <div aria-live="polite">
          {patient ? (
            <Typography.Paragraph style={{ margin: 0 }}>
              Selected patient: <Typography.Text strong>{patientName(patient)}</Typography.Text> (MRN{' '}
              {patient.MRN})
            </Typography.Paragraph>
          ) : (
            <Typography.Text type="secondary">
              {loadingRequested ? 'Loading patient...' : 'No patient selected.'}
            </Typography.Text>
          )}
        </div>
        <div>
          <label htmlFor={inputId}>
            <Typography.Text>Search by surname or MRN</Typography.Text>
          </label>
          <Input.Search
            id={inputId}
            placeholder="Surname or MRN"
            enterButton="Search"
            loading={search.kind === 'searching'}
            onSearch={(value) => void runSearch(value)}
            style={{ marginTop: 4 }}
          />
        </div>
        {search.kind === 'failed' && <Alert type="error" showIcon title={PROCESSING_MESSAGES.searchFailed} />}
        {search.kind === 'found' && (
          <LookupResults
            search={search}
            canProcess={(found) => canUseResource(user, found, 'documents')}
            onChoose={choose}
          />
        )}
      </Flex>
    </SectionCard>
  );
}

interface LookupResultsProps {
  search: Extract<SearchState, { kind: 'found' }>;
  canProcess: (patient: Patient) => boolean;
  onChoose: (patient: Patient) => void;
}

function LookupResults({ search, canProcess, onChoose }: LookupResultsProps) {
  if (search.patients.length === 0) {
    return (
      <Typography.Text role="status">No patients found matching &quot;{search.term}&quot;.</Typography.Text>
    );
  }
  const shown = search.patients.slice(0, LOOKUP_MAX_SHOWN);
  const more = search.total - shown.length;
  return (
    <div aria-live="polite">
      <ul aria-label="Patients found" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {shown.map((found) => {
          const allowed = canProcess(found);
          return (
            <li key={found.ID_Patient} style={{ marginBottom: 8 }}>
              <Button block disabled={!allowed} onClick={() => onChoose(found)} style={{ textAlign: 'left' }}>
                {patientName(found)} · MRN {found.MRN}
                {!allowed && ' (documents not available for this patient)'}
              </Button>
            </li>
          );
        })}
      </ul>
      {more > 0 && <Typography.Text type="secondary">... and {more} more</Typography.Text>}
    </div>
  );
}
