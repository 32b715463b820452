import { lazy, Suspense } from 'react';
import { Collapse, Spin } from 'antd';
import type { Patient } from '@ewrt/shared';

// The filters and the results table (antd Form, Table and what Table brings) load when the panel is
// first opened: the patient search screen starts with the panel closed.
const AdvancedSearch = lazy(() =>
  import('./AdvancedSearch').then((module) => ({ default: module.AdvancedSearch })),
);

interface AdvancedSearchPanelProps {
  onSelect: (patient: Patient) => void;
}

/** The collapsible advanced search: six filters, searched 500 ms after the last change, sortable results. */
export function AdvancedSearchPanel({ onSelect }: AdvancedSearchPanelProps) {
  return (
    <Collapse
      items={[
        {
          key: 'advanced',
          label: 'Advanced Search',
          children: (
            <Suspense fallback={<Spin aria-label="Loading the advanced search" />}>
              <AdvancedSearch onSelect={onSelect} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
