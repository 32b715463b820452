// UI constants of the question screens (QRY-01).

/** The conversation panel's greatest height before it scrolls, in pixels. */
export const CONVERSATION_PANEL_MAX_HEIGHT = 600;
/** How long the spec says a query takes, shown while one runs. */
export const QUERY_DURATION_NOTICE = 'Queries take 30 to 60 seconds.';
/** How often the elapsed-time counter moves on. */
export const ELAPSED_TICK_MS = 1000;
