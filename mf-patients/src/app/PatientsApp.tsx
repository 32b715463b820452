import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { Route, Routes } from 'react-router-dom';
import { PatientSearchPage } from '../features/search-dashboard/PatientSearchPage';

// The first screen of the area is the patient search: the patient's own pages load when opened.
const PatientDetailPage = lazy(() =>
  import('../features/detail/PatientDetailPage').then((module) => ({ default: module.PatientDetailPage })),
);
const PatientDashboardPage = lazy(() =>
  import('../features/dashboard/PatientDashboardPage').then((module) => ({
    default: module.PatientDashboardPage,
  })),
);

function PageLoading() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin size="large" aria-label="Loading the page" />
    </div>
  );
}

/**
 * The patient area's routes. The shell mounts this remote only on these paths; on any other path
 * (for instance while leaving for another area) it renders nothing and lets the owner take over.
 */
export function PatientsApp() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/patients" element={<PatientSearchPage />} />
        <Route path="/patients/:patientId" element={<PatientDetailPage />} />
        <Route path="/patients/:patientId/dashboard" element={<PatientDashboardPage />} />
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
