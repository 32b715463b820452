import type { CSSProperties } from 'react';

// Colours come from the suite theme (chosen for 4.5:1 text contrast) through antd's CSS variables, never antd's
// translucent defaults.
export const MUTED_TEXT: CSSProperties = { color: 'var(--ant-color-text-secondary)' };
export const QUESTION_BUBBLE: CSSProperties = {
  background: 'var(--ant-color-info-bg)',
  border: '1px solid var(--ant-color-info-border)',
  borderRadius: 8,
  padding: '10px 14px',
  marginInlineStart: 48,
};
export const ANSWER_BUBBLE: CSSProperties = {
  background: 'var(--ant-color-bg-container)',
  border: '1px solid var(--ant-color-border-secondary)',
  borderRadius: 8,
  padding: '10px 14px',
  marginInlineEnd: 48,
};
export const MESSAGE_TEXT: CSSProperties = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginTop: 4 };
/** The 'End of response' line closing each answer. */
export const END_MARKER: CSSProperties = {
  ...MUTED_TEXT,
  margin: '12px 0 0',
  paddingTop: 4,
  borderTop: '1px solid var(--ant-color-border-secondary)',
  textAlign: 'center',
  fontSize: 12,
};
