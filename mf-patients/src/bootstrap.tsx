// The remote's own dev page: sign-in against the API and the patients area without the host.
import { mountStandalone } from '@ewrt/shared';
import { PatientsApp } from './app/PatientsApp';
import { areaLabel } from './routes';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render the patients area into.');

// The area's routes start at /patients; the standalone page opens there (inside the host, "/" is the landing page).
if (window.location.pathname === '/') window.history.replaceState(null, '', '/patients');

void mountStandalone({ name: 'mf_patients', App: PatientsApp, rootElement, areaLabel });
