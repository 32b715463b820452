import type { ComponentType } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '../ui/AppProviders';
import { AreaUnavailable } from '../ui/AreaUnavailable';
import { ErrorBoundary } from '../ui/ErrorBoundary';

export interface RemoteTreeProps {
  /** Shown in the fallback when the area crashes. */
  areaLabel: string;
  App: ComponentType;
}

/** What every remote renders, inside the host or standalone: providers, crash fallback, router, the app. */
export function RemoteTree({ areaLabel, App }: RemoteTreeProps) {
  return (
    <AppProviders>
      <ErrorBoundary
        fallback={(error, reset) => (
          <AreaUnavailable areaLabel={areaLabel} detail={error.message} onRetry={reset} />
        )}
      >
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProviders>
  );
}
