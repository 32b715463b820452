// The remote's own dev page: sign-in against the API and the Reports area without the host.
import { mountStandalone } from '@ewrt/shared';
import { ReportsApp } from './app/ReportsApp';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render the Reports area into.');

// Inside the host "/" is the landing page; the standalone page opens on the area's first route.
if (window.location.pathname === '/') window.history.replaceState(null, '', '/reports');

void mountStandalone({ name: 'mf_reports', App: ReportsApp, rootElement });
