// The remote's own dev page: sign-in against the API and the Documents area without the host.
import { mountStandalone } from '@ewrt/shared';
import { DocumentsApp } from './app/DocumentsApp';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render the Documents area into.');

// Inside the host "/" is the landing page; the standalone page opens on the area's first route.
if (window.location.pathname === '/') window.history.replaceState(null, '', '/documents');

void mountStandalone({ name: 'mf_documents', App: DocumentsApp, rootElement });
