import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE_SECONDS } from '@parley/contracts';

/**
 * Reads the sidebar's expanded state from a `document.cookie` string (docs/product.md §3: kept in a cookie).
 * Returns null when the cookie is absent or holds something else, so the caller picks the default.
 */
export function readSidebarExpanded(cookieString: string): boolean | null {
  for (const part of cookieString.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SIDEBAR_COOKIE) continue;
    const value = rest.join('=');
    if (value === 'true') return true;
    if (value === 'false') return false;
    return null;
  }
  return null;
}

/** The cookie that stores the state: 7 days (docs/product.md §9), the whole site, never sent cross-site. */
export function serializeSidebarCookie(isExpanded: boolean): string {
  return `${SIDEBAR_COOKIE}=${isExpanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
