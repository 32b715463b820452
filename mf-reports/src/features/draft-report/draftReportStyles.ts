import type { CSSProperties } from 'react';
import type { JobStatus } from '@ewrt/contract';

/** Secondary text dark enough for 4.5:1 on white and on antd's light panel backgrounds. */
export const MUTED_TEXT: CSSProperties = { color: '#595959' };

/**
 * Tag colours that keep small text above 4.5:1: antd's preset green and gold tags fall below it, so each status
 * gets a dark text on its light tint (the colours of DRF-03: pending grey, running blue, completed green,
 * failed red, cancelled yellow).
 */
export const STATUS_TAG_STYLE: Record<JobStatus, CSSProperties> = {
  pending: { color: '#262626', background: '#f5f5f5', borderColor: '#bfbfbf' },
  running: { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' },
  completed: { color: '#135200', background: '#f6ffed', borderColor: '#95de64' },
  failed: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  cancelled: { color: '#613400', background: '#fffbe6', borderColor: '#ffd666' },
};

/** The Generated Report panel's badges, in the same contrast-safe tints. */
export const BADGE_STYLE = {
  template: STATUS_TAG_STYLE.completed,
  model: STATUS_TAG_STYLE.running,
  count: STATUS_TAG_STYLE.pending,
  digest: STATUS_TAG_STYLE.cancelled,
} as const;
