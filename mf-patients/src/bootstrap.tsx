// The remote's own dev page: sign-in against the API and the patients area without the host.
import { mountStandalone } from '@ewrt/shared';
import { PatientsApp } from './app/PatientsApp';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render the patients area into.');

void mountStandalone({ name: 'patients', App: PatientsApp, rootElement });
