import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AudioUploadPage } from '../features/upload/AudioUploadPage';
import { LiveTranscriptionPage } from '../features/live/LiveTranscriptionPage';
import { ManageTranscriptionsPage } from '../features/manage/ManageTranscriptionsPage';
import { routes, type TranscriptionAppRouteKey } from '../routes';

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
    <Routes>
      {routes.map(({ key, path }) => {
        const Screen = SCREENS[key];
        return <Route key={key} path={path} element={<Screen />} />;
      })}
      <Route path="*" element={null} />
    </Routes>
  );
}
