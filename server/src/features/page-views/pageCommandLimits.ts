/**
 * Drawing a page or reading its words takes about a second; someone is waiting for it, so it runs at the server's
 * own priority, but confined and bounded like every converter (an absurd page size is refused, not drawn).
 */
export const PAGE_COMMAND_LIMITS = { timeoutMs: 60_000, cpuSeconds: 60, memoryMb: 1024, background: false } as const;
/** A page drawn at 200 dpi in colour is a few MB of PNG. */
export const MAX_PAGE_IMAGE_BYTES = 64 * 1024 * 1024;
/** The word boxes of one page as XHTML. */
export const MAX_PAGE_WORDS_BYTES = 16 * 1024 * 1024;
