import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@ewrt/shared';
import { HostRoutes } from './HostRoutes';

/** The host's own React root: antd providers and the browser router around the host's routes. */
export function HostApp() {
  return (
    <AppProviders>
      <BrowserRouter>
        <HostRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
