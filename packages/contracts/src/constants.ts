/**
 * Session lifetimes (docs/decisions/002-cookie-sessions-and-same-origin-writes.md, docs/product.md §9): idle
 * and absolute expiry.
 */
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_ABSOLUTE_HOURS = 12;
export const SESSION_COOKIE = 'parley_session';

/** docs/product.md §9 layout constants. */
export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const THEME_STORAGE_KEY = 'theme';
/** docs/product.md §9: the email-health sidebar request is delayed 300 ms. */
export const EMAIL_HEALTH_DOT_DELAY_MS = 300;

/** The product's name: the sidebar header and the browser tab ('<Page> · Parley'). */
export const PRODUCT_NAME = 'Parley';
