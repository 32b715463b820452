import { Route, Routes } from 'react-router-dom';
import { PatientDashboardPage } from '../features/dashboard/PatientDashboardPage';
import { PatientDetailPage } from '../features/detail/PatientDetailPage';
import { PatientSearchPage } from '../features/search-dashboard/PatientSearchPage';

/**
 * The patient area's routes. The shell mounts this remote only on these paths; on any other path
 * (for instance while leaving for another area) it renders nothing and lets the owner take over.
 */
export function PatientsApp() {
  return (
    <Routes>
      <Route path="/patients" element={<PatientSearchPage />} />
      <Route path="/patients/:patientId" element={<PatientDetailPage />} />
      <Route path="/patients/:patientId/dashboard" element={<PatientDashboardPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
