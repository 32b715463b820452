// The remote's own dev page: sign-in against the API and the Transcription area without the host.
import { mountStandalone } from '@ewrt/shared';
import { TranscriptionApp } from './app/TranscriptionApp';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render the Transcription area into.');

// Inside the host "/" is the landing page; the standalone page opens on the area's first route.
if (window.location.pathname === '/') window.history.replaceState(null, '', '/transcription');

void mountStandalone({ name: 'mf_transcription', App: TranscriptionApp, rootElement });
