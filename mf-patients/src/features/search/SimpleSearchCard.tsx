import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Card, Empty, Flex, Input, Spin, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import {
  MESSAGES,
  SEARCH_PAGE_SIZE,
  SIMPLE_SEARCH_DEBOUNCE_MS,
  SIMPLE_SEARCH_MIN_CHARS,
  type Patient,
} from '@ewrt/shared';
import { searchPatients } from '../api/patientsApi';
import { PatientList } from '../patient-info/PatientList';
import { useDebouncedValue } from './useDebouncedValue';
import { useLatestSearch } from './useLatestSearch';

// Pagination (and the Select it carries for page sizes) loads only when results span several pages.
const Pagination = lazy(() => import('antd/es/pagination'));

interface SimpleSearchCardProps {
  term: string;
  onTermChange: (term: string) => void;
  onSelect: (patient: Patient) => void;
}

interface SearchResult {
  term: string;
  patients: Patient[];
  total: number;
}

const SEARCH_INPUT_ID = 'patient-simple-search';
const SEARCH_HINT_ID = 'patient-simple-search-hint';
const GROUP_NOTE_ID = 'patient-simple-search-group-note';

/** Name/MRN search within the user's group: 3 characters minimum, 300 ms after the last keystroke, 5 per page. */
export function SimpleSearchCard({ term, onTermChange, onSelect }: SimpleSearchCardProps) {
  const trimmed = term.trim();
  const debouncedTerm = useDebouncedValue(trimmed, SIMPLE_SEARCH_DEBOUNCE_MS);
  // The page belongs to the term it was chosen for: a new term starts again at page 1.
  const [pageChoice, setPageChoice] = useState({ term: '', page: 1 });
  const page = pageChoice.term === debouncedTerm ? pageChoice.page : 1;
  const search = useMemo(
    () =>
      debouncedTerm.length < SIMPLE_SEARCH_MIN_CHARS
        ? null
        : (): Promise<SearchResult> =>
            searchPatients(debouncedTerm, page).then((answer) => ({
              term: debouncedTerm,
              patients: answer.patients,
              total: answer.total,
            })),
    [debouncedTerm, page],
  );
  const { result, loading, error } = useLatestSearch(search);

  const missing = SIMPLE_SEARCH_MIN_CHARS - trimmed.length;
  const tooShort = trimmed.length > 0 && missing > 0;
  const searching = trimmed.length >= SIMPLE_SEARCH_MIN_CHARS;
  const pageCount = result ? Math.ceil(result.total / SEARCH_PAGE_SIZE) : 0;

  return (
    <Card title="Find a patient">
      <Flex vertical gap="small">
        <label htmlFor={SEARCH_INPUT_ID}>
          <Typography.Text strong>Search by name or MRN</Typography.Text>
        </label>
        <Input
          id={SEARCH_INPUT_ID}
          size="large"
          prefix={<SearchOutlined aria-hidden />}
          placeholder="e.g. Smith or DEMO-1001"
          value={term}
          onChange={(event) => onTermChange(event.target.value)}
          allowClear
          autoComplete="off"
          aria-describedby={`${GROUP_NOTE_ID} ${SEARCH_HINT_ID}`}
        />
        <Typography.Text type="secondary" id={GROUP_NOTE_ID}>
          {MESSAGES.searchGroupNote}
        </Typography.Text>
        <div id={SEARCH_HINT_ID} aria-live="polite">
          {tooShort && (
            <Typography.Text type="warning">{MESSAGES.typeMoreCharacters(missing)}</Typography.Text>
          )}
        </div>

        {searching && (
          <Spin spinning={loading} description="Searching...">
            <div style={{ minHeight: 64 }}>
              {error && <Alert type="error" showIcon title={error} />}
              {!error && result && result.total === 0 && result.patients.length === 0 && (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    <Flex vertical gap={4}>
                      <Typography.Text strong>{MESSAGES.noSimpleResults}</Typography.Text>
                      <Typography.Text type="secondary">
                        {MESSAGES.noResultsForTerm(result.term)}
                      </Typography.Text>
                    </Flex>
                  }
                />
              )}
              {!error && result && result.patients.length > 0 && (
                <Flex vertical gap="small">
                  <Typography.Text type="secondary">
                    {result.total} {result.total === 1 ? 'patient' : 'patients'} found, page {page} of{' '}
                    {pageCount}
                  </Typography.Text>
                  <PatientList label="Search results" patients={result.patients} onSelect={onSelect} />
                  {pageCount > 1 && (
                    <Suspense fallback={null}>
                      <Pagination
                        current={page}
                        pageSize={SEARCH_PAGE_SIZE}
                        total={result.total}
                        showSizeChanger={false}
                        onChange={(nextPage) => setPageChoice({ term: debouncedTerm, page: nextPage })}
                        align="end"
                      />
                    </Suspense>
                  )}
                </Flex>
              )}
            </div>
          </Spin>
        )}
      </Flex>
    </Card>
  );
}
