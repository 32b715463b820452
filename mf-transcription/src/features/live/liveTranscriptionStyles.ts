import type { CSSProperties } from 'react';

/** Secondary text dark enough for 4.5:1 on white and on antd's light panel backgrounds. */
export const MUTED_TEXT: CSSProperties = { color: '#595959' };

/**
 * The recording badge and the connection states in tints whose text stays above 4.5:1; each also says its state
 * in words and with an icon, never by colour alone.
 */
export const STATE_STYLE = {
  recording: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  paused: { color: '#613400', background: '#fffbe6', borderColor: '#ffd666' },
  connected: { color: '#135200' },
  connecting: { color: '#003eb3' },
  disconnected: { color: '#a8071a' },
} satisfies Record<string, CSSProperties>;

/** The live line: what the recogniser is still hearing, set apart from the final text by style and a label. */
export const PARTIAL_TEXT: CSSProperties = { color: '#595959', fontStyle: 'italic' };

/** Transcribed and AI text keeps its line breaks and never overflows narrow screens. */
export const FLOWING_TEXT: CSSProperties = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' };

/** A form field's visible label above its control. */
export const FIELD_LABEL: CSSProperties = { display: 'block', fontWeight: 600, marginBottom: 4 };
