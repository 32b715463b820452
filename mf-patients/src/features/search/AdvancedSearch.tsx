import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Col, Flex, Form, Input, Row } from 'antd';
import {
  ADVANCED_SEARCH_DEBOUNCE_MS,
  MESSAGES,
  type AdvancedSearchFilters,
  type Patient,
} from '@ewrt/shared';
import { searchPatientsAdvanced } from '../api/patientsApi';
import { useDebouncedValue } from './useDebouncedValue';
import { useLatestSearch } from './useLatestSearch';
import { AdvancedResultsTable } from './AdvancedResultsTable';
import {
  DEFAULT_PATIENT_SORT,
  nextPatientSort,
  type PatientSort,
  type PatientSortField,
} from './sortPatients';

type FilterField = keyof AdvancedSearchFilters;

const FILTER_FIELDS: readonly { field: FilterField; label: string }[] = [
  { field: 'FirstName', label: 'First name' },
  { field: 'Surname', label: 'Surname' },
  { field: 'MRN', label: 'MRN' },
  { field: 'Solicitorname', label: 'Solicitor name' },
  { field: 'Solicitorcompany', label: 'Solicitor company' },
  { field: 'Solicitorreference', label: 'Solicitor reference' },
];

const NO_FILTERS: Required<AdvancedSearchFilters> = {
  FirstName: '',
  Surname: '',
  MRN: '',
  Solicitorname: '',
  Solicitorcompany: '',
  Solicitorreference: '',
};

const NO_PATIENTS: Patient[] = [];

function hasAnyFilter(filters: AdvancedSearchFilters): boolean {
  return Object.values(filters).some((value) => typeof value === 'string' && value.trim() !== '');
}

export interface AdvancedSearchProps {
  onSelect: (patient: Patient) => void;
}

/** The advanced search's six filters, searched 500 ms after the last change, and its sortable results. */
export function AdvancedSearch({ onSelect }: AdvancedSearchProps) {
  const [filters, setFilters] = useState<Required<AdvancedSearchFilters>>(NO_FILTERS);
  const debouncedFilters = useDebouncedValue(filters, ADVANCED_SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<PatientSort>(DEFAULT_PATIENT_SORT);
  const search = useMemo(
    () =>
      hasAnyFilter(debouncedFilters)
        ? () => searchPatientsAdvanced(debouncedFilters).then((answer) => answer.patients)
        : null,
    [debouncedFilters],
  );
  const { result: results, loading, error } = useLatestSearch(search);

  const sortBy = useCallback(
    (field: PatientSortField) => setSort((current) => nextPatientSort(current, field)),
    [],
  );

  return (
    <Flex vertical gap="middle">
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          {FILTER_FIELDS.map(({ field, label }) => (
            <Col key={field} xs={24} sm={12} lg={8}>
              <Form.Item label={label} htmlFor={`advanced-${field}`} style={{ marginBottom: 12 }}>
                <Input
                  id={`advanced-${field}`}
                  value={filters[field]}
                  onChange={(event) => setFilters((current) => ({ ...current, [field]: event.target.value }))}
                  autoComplete="off"
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Flex justify="end">
          <Button onClick={() => setFilters(NO_FILTERS)} disabled={!hasAnyFilter(filters)}>
            Clear filters
          </Button>
        </Flex>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
      {!error && results !== null && results.length === 0 && (
        <Alert type="info" showIcon title={MESSAGES.noAdvancedResults} />
      )}
      <AdvancedResultsTable
        patients={results ?? NO_PATIENTS}
        loading={loading}
        sort={sort}
        onSort={sortBy}
        onSelect={onSelect}
      />
    </Flex>
  );
}
