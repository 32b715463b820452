import { useCallback, useEffect, useState } from 'react';

export type PatientListingState<Listing> =
  | { status: 'loading'; listing: Listing | null }
  | { status: 'loaded'; listing: Listing }
  | { status: 'failed'; error: unknown };

/**
 * What `load` lists for a patient (their transcriptions, their generated documents...); `reload` lists it again
 * (after a deletion, on Refresh). `load` should be stable (a module function), as a new one lists again.
 */
export function usePatientListing<Listing>(patientId: number, load: (patientId: number) => Promise<Listing>) {
  const [state, setState] = useState<PatientListingState<Listing>>({ status: 'loading', listing: null });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    // While reloading, the tables keep their rows so that they do not flash empty.
    setState((previous) => ({
      status: 'loading',
      listing: previous.status === 'failed' ? null : previous.listing,
    }));
    load(patientId).then(
      (listing) => current && setState({ status: 'loaded', listing }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [patientId, load, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload };
}
