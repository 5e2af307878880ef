/** Business constants of the specification (section 9), in one place for server and client. */
export const MARKET_CACHE_MS = 30_000;
export const FOOTER_SCROLL_THRESHOLD_PX = 100;
export const HOME_SKELETON_COUNT = 8;
export const MUNICIPAL_SKELETON_COUNT = 6;
export const CHIP_SCROLL_STEP_PX = 300;
export const DEFAULT_PERCENTAGE = 50;
export const HINT_DELAY_WIDE_MS = 3_000;
export const HINT_DELAY_NARROW_MS = 10_000;
export const HINT_WIDE_MIN_WIDTH_PX = 1024;
export const SWIPE_CLOSE_PX = 50;
export const MUNICIPAL_HEADER_SHOW_SCROLL_PX = 10;
export const MUNICIPAL_TOP_CANDIDATES = 3;
/**
 * Realtime: at most two flushes per second per connection, so at least 500 ms between the starts of two
 * flushes. The first change after a quiet interval is flushed at once; later ones wait for its end.
 */
export const STREAM_FLUSH_INTERVAL_MS = 500;
export const NEWS_TRENDING_COUNT = 3;
export const MINIMUM_AGE_YEARS = 16;
/** Retention promised by the privacy page. */
export const RETENTION_DAYS = 365;
export const MAX_BODY_BYTES = 16 * 1024;
export const DAY_MS = 86_400_000;
