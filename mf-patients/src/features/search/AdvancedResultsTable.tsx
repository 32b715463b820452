import { memo, useMemo } from 'react';
import { Button, Table, type TableColumnsType } from 'antd';
import { formatDate, MESSAGES, type Patient } from '@ewrt/shared';
import { patientName } from '../patient-info/patientName';
import { sortPatients, type PatientSort, type PatientSortField } from './sortPatients';

interface AdvancedResultsTableProps {
  patients: Patient[];
  loading: boolean;
  sort: PatientSort;
  onSort: (field: PatientSortField) => void;
  onSelect: (patient: Patient) => void;
}

const SORT_DIRECTIONS: ('ascend' | 'descend')[] = ['ascend', 'descend', 'ascend'];

/** The advanced search results; memoised so typing in the filters does not redraw the table. */
export const AdvancedResultsTable = memo(function AdvancedResultsTable({
  patients,
  loading,
  sort,
  onSort,
  onSelect,
}: AdvancedResultsTableProps) {
  const rows = useMemo(() => sortPatients(patients, sort), [patients, sort]);

  const columns = useMemo<TableColumnsType<Patient>>(() => {
    const sortable = (field: PatientSortField, title: string, render?: (value: string | null) => string) => ({
      key: field,
      dataIndex: field,
      title,
      sorter: true,
      sortOrder: sort.field === field ? sort.direction : null,
      sortDirections: SORT_DIRECTIONS,
      render: render ?? ((value: string | null) => value ?? ''),
    });
    return [
      sortable('Surname', 'Surname'),
      sortable('FirstName', 'First name'),
      sortable('MRN', 'MRN'),
      sortable('DateOfBirth', 'Date of birth', (value) => formatDate(value)),
      sortable('Solicitorname', 'Solicitor name'),
      sortable('Solicitorcompany', 'Solicitor company'),
      sortable('Solicitorreference', 'Solicitor reference'),
      {
        key: 'open',
        title: 'Actions',
        render: (_value: unknown, patient: Patient) => (
          <Button size="small" onClick={() => onSelect(patient)} aria-label={`Open ${patientName(patient)}`}>
            Open
          </Button>
        ),
      },
    ];
  }, [sort, onSelect]);

  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<Patient>
        rowKey="ID_Patient"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: MESSAGES.emptyAdvancedTable }}
        aria-label="Advanced search results"
        onChange={(_pagination, _filters, sorter, extra) => {
          // The direction rule is ours (first click ascending, same header flips), not antd's cycle.
          if (extra.action !== 'sort' || Array.isArray(sorter) || !sorter.columnKey) return;
          onSort(String(sorter.columnKey) as PatientSortField);
        }}
      />
    </div>
  );
});
