// The remote's own dev page: sign-in against the API and the __LABEL__ area without the host.
import { mountStandalone } from '@ewrt/shared';
import { __COMPONENT__ } from './app/__COMPONENT__';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render the __LABEL__ area into.');

// Inside the host "/" is the landing page; the standalone page opens on the area's first route.
if (window.location.pathname === '/') window.history.replaceState(null, '', '__PATH__');

void mountStandalone({ name: '__CONTAINER__', App: __COMPONENT__, rootElement });
