/**
 * How an investor's attachment leaves Parley (docs/decisions/058-inbound-email.md): always as a download,
 * never rendered by the browser in Parley's origin, where a crafted HTML or SVG file would run as Parley.
 */

/** What anything that a browser could render as a page or run is sent as. */
export const OPAQUE_CONTENT_TYPE = 'application/octet-stream';

/** A bare `type/subtype` (RFC 6838 names), without parameters. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * Types a browser may treat as a document or a script: HTML and XHTML, XML and anything `+xml` (SVG,
 * RSS, MathML…), scripts, and the multipart and message types some browsers render.
 */
const ACTIVE_TYPE = /html|xml|svg|javascript|ecmascript|jscript|vbscript|x-shockwave|^multipart\/|^message\//;

/**
 * The Content-Type an attachment is sent with: the type its content was recognised as, unless that is
 * anything HTML/XML/SVG-like or not a plain media type at all, which go as application/octet-stream.
 */
export function downloadContentType(recognised: string): string {
  const type = recognised.trim().toLowerCase();
  if (!MEDIA_TYPE.test(type) || ACTIVE_TYPE.test(type)) return OPAQUE_CONTENT_TYPE;
  return type;
}

/** RFC 5987 attr-chars: everything else is percent-encoded as UTF-8. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `Content-Disposition: attachment` with the file's name twice (RFC 6266): `filename*` in UTF-8 (RFC
 * 5987) for every current browser, and an ASCII `filename` for the rest — non-ASCII, quotes,
 * backslashes and control characters replaced by `_`, so the header can never be broken out of.
 */
export function attachmentDisposition(fileName: string): string {
  const name = fileName.replace(/[\\/]/g, '_').trim() || 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const clean = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    // A lone surrogate has no UTF-8 form (encodeURIComponent would throw).
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(clean || 'attachment')}`;
}
