import { createRoot } from 'react-dom/client';
import { startHost } from './app/startHost';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element to render the application into.');

void startHost(createRoot(rootElement));
