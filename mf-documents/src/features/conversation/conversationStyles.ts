import type { CSSProperties } from 'react';

// Colours come from the suite's theme (shared/src/ui/theme.ts, chosen for 4.5:1 text contrast) through antd's CSS
// variables, so the conversation follows the theme rather than antd's defaults.
export const MUTED_TEXT: CSSProperties = { color: 'var(--ant-color-text-secondary)' };
/** A sentence the cited pages do not support: tinted, underlined and labelled, so colour is never the only cue. */
export const UNSUPPORTED_SENTENCE: CSSProperties = {
  background: 'var(--ant-color-warning-bg)',
  textDecoration: 'underline dashed',
  textUnderlineOffset: 3,
};
export const UNSUPPORTED_NOTE: CSSProperties = {
  color: 'var(--ant-color-warning-text)',
  marginInlineStart: 4,
  fontWeight: 500,
};
export const TINTED_PANEL: CSSProperties = {
  background: 'var(--ant-color-info-bg)',
  border: '1px solid var(--ant-color-info-border)',
  borderRadius: 8,
};
