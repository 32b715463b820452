import { Button, theme } from 'antd';

export interface AreaUnavailableProps {
  /** The area's name as users know it, e.g. "Patients". */
  areaLabel: string;
  /** A technical detail line, e.g. why loading failed. */
  detail?: string;
  onRetry: () => void;
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
 * The fallback when an area cannot be shown: failed remote load, no remote configured, or a crash.
 * Laid out like antd's warning Result, without Result itself: its status illustrations would make
 * every page that loads the shared package (the landing page too) pay for pictures it never shows.
 */
export function AreaUnavailable({ areaLabel, detail, onRetry }: AreaUnavailableProps) {
  const { token } = theme.useToken();
  return (
    <div style={{ padding: '48px 32px', textAlign: 'center' }}>
      <div style={{ marginBottom: 24 }}>
        <WarningIcon color={token.colorWarning} />
      </div>
      <div
        style={{
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: 1.33,
          marginBlock: 8,
        }}
      >
        This area is unavailable
      </div>
      <div
        style={{ color: token.colorTextDescription, fontSize: token.fontSize, lineHeight: token.lineHeight }}
      >
        <div>{`${areaLabel} could not be loaded. Please try again in a moment.`}</div>
        {detail ? <div>{detail}</div> : null}
      </div>
      <div style={{ marginTop: 24 }}>
        <Button type="primary" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </div>
  );
}
