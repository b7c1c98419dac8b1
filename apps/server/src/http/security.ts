import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { carriesSessionCookie } from '../auth/session-cookie';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Form posts that come from elsewhere by design and carry their own proof instead of a cookie:
 * RFC 8058 one-click unsubscribe is POSTed by mail providers and authenticated by its HMAC token.
 */
const CROSS_ORIGIN_FORM_PATHS = new Set(['/api/email/unsubscribe/one-click']);

/**
 * Server-to-server JSON posts that carry a signature over their body instead of a cookie: the mail
 * provider's delivery reports (docs/decisions/039-email-delivery-webhook.md). No browser sends them and
 * they never use a session, so the Origin checks do not apply; they must still be JSON.
 */
export const SIGNED_WEBHOOK_PATHS: ReadonlySet<string> = new Set(['/api/webhooks/email-events']);

/**
 * Investors' e-mail (docs/decisions/058-inbound-email.md): signed like the delivery reports, but its
 * body is the raw RFC 5322 message in whatever content type the provider posts it, so neither the
 * Origin checks nor the JSON rule apply. A browser's form could reach it, but not sign it.
 */
export const INBOUND_EMAIL_WEBHOOK_PATH = '/api/webhooks/inbound-email';

/** The fund document upload (decision 013): the one same-origin route whose body is multipart/form-data. */
const DOCUMENT_UPLOAD_PATH = /^\/api\/projects\/[^/]+\/documents$/;

export function isDocumentUpload(method: string, path: string): boolean {
  return method === 'POST' && DOCUMENT_UPLOAD_PATH.test(path);
}

/**
 * CSP without inline script. Inline styles stay allowed: radix-ui, sonner and recharts set them
 * at runtime, while script-src stays 'self'.
 */
export function securityHeaders(options: { isHttps: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'same-origin',
    strictTransportSecurity: options.isHttps ? 'max-age=63072000; includeSubDomains' : false,
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    // A route that sets one of these itself keeps it: an attachment download answers with a stricter CSP
    // (docs/decisions/058-inbound-email.md).
    overwrite: false,
  });
}

/** API answers carry personal data: no cache may keep them. */
export const noStore = createMiddleware(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});

/**
 * Refuses state-changing requests from another origin. hono/csrf only guards form content types,
 * so a cross-origin JSON POST would pass it (docs/decisions/009-allowed-origin-check.md): we check
 * Sec-Fetch-Site and Origin ourselves, require one of them when the request carries a session cookie,
 * and require JSON, which a plain HTML form cannot send.
 */
export function sameOriginOnly(options: { appOrigin: string }) {
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || CROSS_ORIGIN_FORM_PATHS.has(c.req.path)) return next();
    if (c.req.path === INBOUND_EMAIL_WEBHOOK_PATH) return next();
    if (!SIGNED_WEBHOOK_PATHS.has(c.req.path)) refuseCrossOrigin(c, options.appOrigin);
    const contentType = c.req.header('content-type') ?? '';
    // The upload passed the same Origin/Sec-Fetch-Site checks above, so a cross-origin form is still refused.
    const isUpload =
      isDocumentUpload(c.req.method, c.req.path) && /^multipart\/form-data\s*;/i.test(contentType);
    if (!isUpload && !/^application\/json\s*(;|$)/i.test(contentType)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    }
    return next();
  });
}

function refuseCrossOrigin(c: Context, appOrigin: string) {
  const fetchSite = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw new AppError('CROSS_ORIGIN');
  }
  if (origin !== undefined && !isAllowedOrigin(origin, appOrigin, c.req.header('host'))) {
    throw new AppError('CROSS_ORIGIN');
  }
  // Every browser sends one of the two on a write; a cookie-carrying write with neither is from
  // something that could be replaying the cookie without the page (docs/api.md 'Writes and CSRF').
  if (fetchSite === undefined && origin === undefined && carriesSessionCookie(c)) {
    throw new AppError('CROSS_ORIGIN');
  }
}

/** The configured public origin, or the origin the request itself was sent to. */
function isAllowedOrigin(origin: string, appOrigin: string, host: string | undefined): boolean {
  if (origin === appOrigin) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
