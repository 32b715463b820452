import { useLocation } from 'react-router-dom';

/** Test helper: shows the router's current location so tests can assert navigation. */
export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}
