import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { routes, type ReportsAppRouteKey } from '../routes';
import { ScreenLoading } from '@ewrt/shared/kit';

// Each screen loads when first opened: a user who only edits prompts never downloads the template editor.
const DraftReportPage = lazy(() =>
  import('../features/draft-report/DraftReportPage').then((module) => ({ default: module.DraftReportPage })),
);
const GeneratedReportsPage = lazy(() =>
  import('../features/generated-reports/GeneratedReportsPage').then((module) => ({
    default: module.GeneratedReportsPage,
  })),
);
const SecureChatbotPage = lazy(() =>
  import('../features/secure-chatbot/SecureChatbotPage').then((module) => ({
    default: module.SecureChatbotPage,
  })),
);
const ResearchAssistantPage = lazy(() =>
  import('../features/research-assistant/ResearchAssistantPage').then((module) => ({
    default: module.ResearchAssistantPage,
  })),
);
const PromptsPage = lazy(() =>
  import('../features/prompts/PromptsPage').then((module) => ({ default: module.PromptsPage })),
);
const StyleDocumentPage = lazy(() =>
  import('../features/style-document/StyleDocumentPage').then((module) => ({
    default: module.StyleDocumentPage,
  })),
);
const ReportTemplatesPage = lazy(() =>
  import('../features/report-templates/ReportTemplatesPage').then((module) => ({
    default: module.ReportTemplatesPage,
  })),
);
const StructuredTemplatesPage = lazy(() =>
  import('../features/structured-templates/StructuredTemplatesPage').then((module) => ({
    default: module.StructuredTemplatesPage,
  })),
);

/** The screen of each declared route. */
const SCREENS: Record<ReportsAppRouteKey, ComponentType> = {
  'draft-report': DraftReportPage,
  'generated-reports': GeneratedReportsPage,
  'secure-chatbot': SecureChatbotPage,
  'research-assistant': ResearchAssistantPage,
  'report-prompts': PromptsPage,
  'style-document': StyleDocumentPage,
  'report-templates': ReportTemplatesPage,
  'structured-templates': StructuredTemplatesPage,
};

/**
 * The Reports area's routes, from its declarations. The shell mounts this remote only on these paths; on any
 * other path (for instance while leaving for another area) it renders nothing and lets the owner take over.
 */
export function ReportsApp() {
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
