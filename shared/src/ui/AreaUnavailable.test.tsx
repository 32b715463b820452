import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AppProviders } from './AppProviders';
import { AreaUnavailable } from './AreaUnavailable';
import { ErrorBoundary } from './ErrorBoundary';
import { FullPageSpinner } from './FullPageSpinner';

test('AreaUnavailable names the area, keeps the technical detail behind "Details" and retries', async () => {
  const onRetry = jest.fn();
  render(
    <AppProviders>
      <AreaUnavailable areaLabel="Patients" detail="Loading script failed" onRetry={onRetry} />
    </AppProviders>,
  );
  expect(screen.getByRole('heading', { name: 'This area is unavailable' })).toBeInTheDocument();
  expect(
    screen.getByText('Patients cannot be opened at the moment. The rest of the suite keeps working.'),
  ).toBeInTheDocument();
  expect(
    screen.getByText('Try again in a moment. If it keeps happening, tell your administrator.'),
  ).toBeInTheDocument();
  // The detail is inside a closed disclosure: present for support, not read out to the clinician first.
  const details = screen.getByText('Details').closest('details');
  expect(details).not.toHaveAttribute('open');
  expect(screen.getByText('Loading script failed')).not.toBeVisible();
  await userEvent.click(screen.getByText('Details'));
  expect(screen.getByText('Loading script failed')).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

test('AreaUnavailable offers no Retry when trying again cannot help', () => {
  render(<AreaUnavailable areaLabel="Documents" />);
  expect(
    screen.getByText('Documents cannot be opened at the moment. The rest of the suite keeps working.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Try again/)).not.toBeInTheDocument();
  expect(screen.queryByText('Details')).not.toBeInTheDocument();
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
