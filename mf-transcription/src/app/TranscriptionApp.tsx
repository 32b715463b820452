import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ScreenLoading } from '@ewrt/shared/kit';
import { routes, type TranscriptionAppRouteKey } from '../routes';

// Each screen is its own chunk: Manage Transcriptions does not download the microphone and socket code of Live.
const LiveTranscriptionPage = lazy(() =>
  import('../features/live/LiveTranscriptionPage').then((module) => ({
    default: module.LiveTranscriptionPage,
  })),
);
const AudioUploadPage = lazy(() =>
  import('../features/upload/AudioUploadPage').then((module) => ({ default: module.AudioUploadPage })),
);
const ManageTranscriptionsPage = lazy(() =>
  import('../features/manage/ManageTranscriptionsPage').then((module) => ({
    default: module.ManageTranscriptionsPage,
  })),
);

/** The screen of each declared route. */
const SCREENS: Record<TranscriptionAppRouteKey, ComponentType> = {
  'transcription-live': LiveTranscriptionPage,
  'transcription-upload': AudioUploadPage,
  'transcription-manage': ManageTranscriptionsPage,
};

/**
 * The Transcription area's routes, from its declarations. The shell mounts this remote only on these paths; on any
 * other path (for instance while leaving for another area) it renders nothing and lets the owner take over.
 */
export function TranscriptionApp() {
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
