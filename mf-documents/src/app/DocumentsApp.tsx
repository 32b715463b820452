import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DocumentProcessingPage } from '../features/process/DocumentProcessingPage';
import { DocumentSearchPage } from '../features/search/DocumentSearchPage';
import { JobListPage } from '../features/jobs/JobListPage';
import { VectorManagementPage } from '../features/vectors/VectorManagementPage';
import { routes, type DocumentsAppRouteKey } from '../routes';
import { ScreenLoading } from '@ewrt/shared/kit';

// The question, bundle and opinion screens load when first opened, so the area's first screen stays small.
const RecordQuestionsPage = lazy(() =>
  import('../features/record-questions/RecordQuestionsPage').then((module) => ({
    default: module.RecordQuestionsPage,
  })),
);
const ChronologyPage = lazy(() =>
  import('../features/chronology/ChronologyPage').then((module) => ({ default: module.ChronologyPage })),
);
const RecordReviewPage = lazy(() =>
  import('../features/record-review/RecordReviewPage').then((module) => ({
    default: module.RecordReviewPage,
  })),
);
const RecordBundlePage = lazy(() =>
  import('../features/bundle/RecordBundlePage').then((module) => ({ default: module.RecordBundlePage })),
);
const OpinionUploadPage = lazy(() =>
  import('../features/opinion-upload/OpinionUploadPage').then((module) => ({
    default: module.OpinionUploadPage,
  })),
);
const OpinionQueryPage = lazy(() =>
  import('../features/opinion-query/OpinionQueryPage').then((module) => ({
    default: module.OpinionQueryPage,
  })),
);
const OpinionDocumentsPage = lazy(() =>
  import('../features/opinion-documents/OpinionDocumentsPage').then((module) => ({
    default: module.OpinionDocumentsPage,
  })),
);

/** The screen of each declared route. */
const SCREENS: Record<DocumentsAppRouteKey, ComponentType> = {
  'documents-process': DocumentProcessingPage,
  'documents-search': DocumentSearchPage,
  'documents-vectors': VectorManagementPage,
  'patient-jobs': JobListPage,
  'record-questions': RecordQuestionsPage,
  chronology: ChronologyPage,
  'record-review': RecordReviewPage,
  'record-bundle': RecordBundlePage,
  'opinions-upload': OpinionUploadPage,
  'opinions-query': OpinionQueryPage,
  'opinion-documents': OpinionDocumentsPage,
};

/**
 * The Documents area's routes, from its declarations. The shell mounts this remote only on these paths; on any
 * other path (for instance while leaving for another area) it renders nothing and lets the owner take over.
 */
export function DocumentsApp() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Routes>
        {routes.map(({ key, path }) => {
          const Screen = SCREENS[key];
          return <Route key={key} path={path} element={<Screen />} />;
        })}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
