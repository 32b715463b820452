import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DocumentProcessingPage } from '../features/process/DocumentProcessingPage';
import { DocumentSearchPage } from '../features/search/DocumentSearchPage';
import { JobListPage } from '../features/jobs/JobListPage';
import { VectorManagementPage } from '../features/vectors/VectorManagementPage';
import { routes, type DocumentsAppRouteKey } from '../routes';

/** The screen of each declared route. */
const SCREENS: Record<DocumentsAppRouteKey, ComponentType> = {
  'documents-process': DocumentProcessingPage,
  'documents-search': DocumentSearchPage,
  'documents-vectors': VectorManagementPage,
  'patient-jobs': JobListPage,
};

/**
 * The Documents area's routes, from its declarations. The shell mounts this remote only on these paths; on any
 * other path (for instance while leaving for another area) it renders nothing and lets the owner take over.
 */
export function DocumentsApp() {
  return (
    <Routes>
      {routes.map(({ key, path }) => {
        const Screen = SCREENS[key];
        return <Route key={key} path={path} element={<Screen />} />;
      })}
      <Route path="*" element={null} />
    </Routes>
  );
}
