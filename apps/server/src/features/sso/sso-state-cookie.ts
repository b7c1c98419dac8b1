import { SSO_FLOW_MINUTES } from '@parley/contracts';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/**
 * The state of the flow this browser started, kept in a cookie until the provider sends the browser
 * back: the callback accepts only the state it holds, so a callback URL made in someone else's browser
 * (their code, to sign this one in as them) is refused (docs/decisions/056-single-sign-on.md). SameSite
 * Lax: the provider's redirect is a top-level GET, which carries it. `__Host-` over https, as the
 * session cookie (decision 002).
 */
const NAME = 'parley_sso_state';

const nameOf = (secure: boolean) => (secure ? `__Host-${NAME}` : NAME);
const attributes = (secure: boolean) => ({ httpOnly: true, sameSite: 'Lax', secure, path: '/' }) as const;

export function setSsoStateCookie(c: Context, state: string, secure: boolean) {
  setCookie(c, nameOf(secure), state, { ...attributes(secure), maxAge: SSO_FLOW_MINUTES * 60 });
}

export function readSsoStateCookie(c: Context, secure: boolean): string | undefined {
  return getCookie(c, nameOf(secure));
}

export function clearSsoStateCookie(c: Context, secure: boolean) {
  deleteCookie(c, nameOf(secure), attributes(secure));
}
