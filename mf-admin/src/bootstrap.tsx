// The remote's own dev page: sign-in against the API and the Users area without the host.
import { mountStandalone } from '@ewrt/shared';
import { AdminApp } from './app/AdminApp';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render the Users area into.');

// Inside the host "/" is the landing page; the standalone page opens on the area's first route.
if (window.location.pathname === '/') window.history.replaceState(null, '', '/users/dashboard');

void mountStandalone({ name: 'mf_admin', App: AdminApp, rootElement });
