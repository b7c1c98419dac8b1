import { SESSION_COOKIE } from '@parley/contracts';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/** Decision 002: httpOnly, SameSite=Lax, Secure when the public origin is https. */
function attributes(secure: boolean) {
  return { httpOnly: true, sameSite: 'Lax', secure, path: '/' } as const;
}

export function setSessionCookie(c: Context, session: { token: string; expiresAt: Date }, secure: boolean) {
  setCookie(c, SESSION_COOKIE, session.token, { ...attributes(secure), expires: session.expiresAt });
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

export function clearSessionCookie(c: Context, secure: boolean) {
  deleteCookie(c, SESSION_COOKIE, attributes(secure));
}
