import type { CSSProperties } from 'react';

/** Secondary text in the suite theme's colour (chosen for 4.5:1 contrast), through antd's CSS variable. */
export const MUTED_TEXT: CSSProperties = { color: 'var(--ant-color-text-secondary)' };
