import './startupError.css';

/**
 * A full page shown when the host cannot start at all (no usable runtime configuration). The technical
 * reason, for whoever supports the user, waits behind "Details".
 */
export function StartupError({ detail }: { detail: string }) {
  return (
    <main className="startup-error" role="alert">
      <h1>The Expert Witness Report Tool could not start</h1>
      <p>The site configuration could not be loaded, so the application cannot connect to its services.</p>
      <p>Please reload the page in a moment. If the problem persists, contact your administrator.</p>
      <details className="startup-error__details">
        <summary>Details</summary>
        <p className="startup-error__detail">{detail}</p>
      </details>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
