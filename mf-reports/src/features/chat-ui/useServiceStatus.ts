import { useEffect, useState } from 'react';

export type ServiceStatus<Status> =
  { state: 'checking' } | { state: 'known'; status: Status } | { state: 'unknown' };

/** A service's status, asked once when the screen opens; 'unknown' when the question itself failed. */
export function useServiceStatus<Status>(check: () => Promise<Status>): ServiceStatus<Status> {
  const [status, setStatus] = useState<ServiceStatus<Status>>({ state: 'checking' });
  useEffect(() => {
    let current = true;
    check().then(
      (answer) => current && setStatus({ state: 'known', status: answer }),
      () => current && setStatus({ state: 'unknown' }),
    );
    return () => {
      current = false;
    };
  }, [check]);
  return status;
}
