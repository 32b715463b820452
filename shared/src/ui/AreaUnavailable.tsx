import { Button, theme } from 'antd';

export interface AreaUnavailableProps {
  /** The area's name as users know it, e.g. "Patients". */
  areaLabel: string;
  /** Why loading failed, for whoever supports the user: behind a "Details" disclosure, never up front. */
  detail?: string;
  /** Offered only when trying again can help. */
  onRetry?: () => void;
}

/** antd's WarningFilled outline, drawn inline (the shared package does not depend on the icon set). */
function WarningIcon({ color }: { color: string }) {
  return (
    <svg viewBox="64 64 896 896" width={72} height={72} fill={color} aria-hidden focusable="false">
      <path d="M955.7 856l-416-720c-6.2-10.7-16.9-16-27.7-16s-21.6 5.3-27.7 16l-416 720C56 877.4 71.4 904 96 904h832c24.6 0 40-26.6 27.7-48zM480 416c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v184c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V416zm32 352a48.01 48.01 0 010-96 48.01 48.01 0 010 96z" />
    </svg>
  );
}

/**
 * The fallback when an area cannot be shown: a failed remote load or a crash. It tells the user what is
 * unavailable and what they can do; the technical reason waits behind "Details". Laid out like antd's
 * warning Result, without Result itself: its status illustrations would make every page that loads the
 * shared package (the landing page too) pay for pictures it never shows.
 */
export function AreaUnavailable({ areaLabel, detail, onRetry }: AreaUnavailableProps) {
  const { token } = theme.useToken();
  return (
    <div role="alert" style={{ padding: '48px 16px', textAlign: 'center', overflowWrap: 'anywhere' }}>
      <div style={{ marginBottom: 24 }}>
        <WarningIcon color={token.colorWarning} />
      </div>
      <h2
        style={{
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          fontWeight: 600,
          lineHeight: 1.33,
          marginBlock: 8,
        }}
      >
        This area is unavailable
      </h2>
      <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
        <p style={{ margin: 0 }}>
          {`${areaLabel} cannot be opened at the moment. The rest of the suite keeps working.`}
        </p>
        {onRetry ? (
          <p style={{ margin: 0 }}>Try again in a moment. If it keeps happening, tell your administrator.</p>
        ) : null}
      </div>
      {onRetry ? (
        <div style={{ marginTop: 24 }}>
          <Button type="primary" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : null}
      {detail ? (
        <details
          style={{
            maxWidth: 560,
            margin: '24px auto 0',
            color: token.colorTextSecondary,
            textAlign: 'start',
          }}
        >
          <summary style={{ cursor: 'pointer', minHeight: 24 }}>Details</summary>
          <p style={{ marginBlock: 8 }}>{detail}</p>
        </details>
      ) : null}
    </div>
  );
}
