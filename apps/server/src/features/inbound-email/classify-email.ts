/**
 * Mail that is nobody's question (docs/decisions/058-inbound-email.md): auto-replies and bounces are
 * kept as inbound_emails rows but start no thread, so an out-of-office answer to a reply does not
 * reopen the investor's thread and a bounce does not become an investor.
 */

export type MailKind = 'auto_reply' | 'bounce';

export type MailSigns = {
  /** Header values by lower-case name, as received (unfolded), every occurrence. */
  headers: ReadonlyMap<string, readonly string[]>;
  /** The envelope sender (SMTP MAIL FROM), '' for the null sender `<>`; undefined when unknown (the webhook). */
  envelopeFrom: string | undefined;
  /** The From address, lower-case; '' when the mail has none. */
  fromAddress: string;
};

/** RFC 3834: `Auto-Submitted: no` is a person's mail; any other value is a machine's. */
function isAutoSubmitted(values: readonly string[]): boolean {
  return values.some((value) => {
    const keyword = value.split(';')[0]?.trim().toLowerCase() ?? '';
    return keyword !== '' && keyword !== 'no';
  });
}

/** Precedence values mailing lists and responders set (RFC 2076 and common practice). */
const MACHINE_PRECEDENCE = new Set(['bulk', 'junk', 'list', 'auto_reply']);

/** Sender local parts of mail systems' own reports. */
const SYSTEM_SENDERS = new Set(['mailer-daemon', 'postmaster']);

const valuesOf = (headers: MailSigns['headers'], name: string) => headers.get(name) ?? [];

/**
 * A bounce: a delivery status notification (RFC 3464 multipart/report; report-type=delivery-status),
 * the null envelope sender (by SMTP, or as the Return-Path the last server wrote), or mail from
 * MAILER-DAEMON or postmaster. A mail with no sender at all is treated alike: nobody could be answered.
 */
function isBounce(signs: MailSigns): boolean {
  const contentType = valuesOf(signs.headers, 'content-type')[0] ?? '';
  if (
    /^\s*multipart\/report\b/i.test(contentType) &&
    /report-type\s*=\s*"?delivery-status"?/i.test(contentType)
  )
    return true;
  if (signs.envelopeFrom === '') return true;
  if (valuesOf(signs.headers, 'return-path').some((value) => /^\s*<\s*>\s*$/.test(value))) return true;
  if (signs.fromAddress === '') return true;
  const local = signs.fromAddress.slice(0, signs.fromAddress.lastIndexOf('@'));
  return SYSTEM_SENDERS.has(local.toLowerCase());
}

/**
 * An auto-reply: Auto-Submitted other than `no`, Precedence bulk, junk, list or auto_reply, or
 * X-Autoreply / X-Autorespond. X-Auto-Response-Suppress is not one: Outlook and Exchange put it on
 * people's own mail to ask responders not to answer it.
 */
function isAutoReply(signs: MailSigns): boolean {
  if (isAutoSubmitted(valuesOf(signs.headers, 'auto-submitted'))) return true;
  if (
    valuesOf(signs.headers, 'precedence').some((value) => MACHINE_PRECEDENCE.has(value.trim().toLowerCase()))
  )
    return true;
  return (
    valuesOf(signs.headers, 'x-autoreply').length > 0 || valuesOf(signs.headers, 'x-autorespond').length > 0
  );
}

/** What kind of machine's mail this is, or null for a person's. A bounce is told before an auto-reply. */
export function classifyMail(signs: MailSigns): MailKind | null {
  if (isBounce(signs)) return 'bounce';
  if (isAutoReply(signs)) return 'auto_reply';
  return null;
}
