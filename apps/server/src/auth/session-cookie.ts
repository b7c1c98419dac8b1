import { SESSION_COOKIE } from '@parley/contracts';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/**
 * Over https the cookie is `__Host-` prefixed: the browser then keeps it only if it is Secure, for
 * Path=/ and without Domain, so a sibling subdomain can neither plant nor overwrite it. Browsers refuse
 * that prefix over http, so development and the E2E tests use the plain name (decision 002).
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** Decision 002: httpOnly, SameSite=Lax, Secure when the public origin is https. */
function attributes(secure: boolean) {
  return { httpOnly: true, sameSite: 'Lax', secure, path: '/' } as const;
}

export function setSessionCookie(c: Context, session: { token: string; expiresAt: Date }, secure: boolean) {
  setCookie(c, sessionCookieName(secure), session.token, {
    ...attributes(secure),
    expires: session.expiresAt,
  });
}

/** The session token under the one name this origin uses: over https a plain-named cookie is ignored. */
export function readSessionCookie(c: Context, secure: boolean): string | undefined {
  return getCookie(c, sessionCookieName(secure));
}

/**
 * Whether the request carries a session cookie under either name: the CSRF check asks this before the
 * guard reads the one that counts, so a request cannot dodge it with the other name.
 */
export function carriesSessionCookie(c: Context): boolean {
  const cookies = getCookie(c);
  return cookies[SESSION_COOKIE] !== undefined || cookies[sessionCookieName(true)] !== undefined;
}

export function clearSessionCookie(c: Context, secure: boolean) {
  deleteCookie(c, sessionCookieName(secure), attributes(secure));
}
