import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AppProviders } from './AppProviders';
import { AreaUnavailable } from './AreaUnavailable';
import { ErrorBoundary } from './ErrorBoundary';
import { FullPageSpinner } from './FullPageSpinner';

test('AreaUnavailable names the area, shows the detail and retries', async () => {
  const onRetry = jest.fn();
  render(
    <AppProviders>
      <AreaUnavailable areaLabel="Patients" detail="Loading script failed" onRetry={onRetry} />
    </AppProviders>,
  );
  expect(screen.getByText('This area is unavailable')).toBeInTheDocument();
  expect(screen.getByText('Patients could not be loaded. Please try again in a moment.')).toBeInTheDocument();
  expect(screen.getByText('Loading script failed')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

test('ErrorBoundary shows the fallback for a crash and renders the children again on reset', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let shouldCrash = true;
  function Fragile() {
    if (shouldCrash) throw new Error('Exploded');
    return <p>Recovered</p>;
  }
  function Harness() {
    const [, rerender] = useState(0);
    return (
      <ErrorBoundary
        fallback={(error, reset) => (
          <AreaUnavailable
            areaLabel="Patients"
            detail={error.message}
            onRetry={() => {
              shouldCrash = false;
              reset();
              rerender((n) => n + 1);
            }}
          />
        )}
      >
        <Fragile />
      </ErrorBoundary>
    );
  }
  render(<Harness />);
  expect(screen.getByText('Exploded')).toBeInTheDocument();
  expect(console.error).toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(screen.getByText('Recovered')).toBeInTheDocument();
});

test('FullPageSpinner announces its caption and spins', async () => {
  const { container } = render(<FullPageSpinner tip="Restoring your session..." />);
  expect(screen.getByRole('status')).toHaveTextContent('Restoring your session...');
  // antd's Spin is loaded on first use.
  await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeInTheDocument());
});
