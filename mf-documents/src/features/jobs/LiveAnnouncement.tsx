import type { CSSProperties } from 'react';

// Read by screen readers, invisible on screen (the usual clip pattern).
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** A polite live region: screen readers announce each new text without moving focus. */
export function LiveAnnouncement({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" style={VISUALLY_HIDDEN}>
      {text}
    </div>
  );
}
