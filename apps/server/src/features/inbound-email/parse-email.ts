import { createHash } from 'node:crypto';
import { MESSAGE_LIMITS } from '@parley/contracts';
import { type AddressObject, type HeaderValue, simpleParser } from 'mailparser';
import { cleanFileName, type MailAttachment } from './attachment-files';
import { toOneLine, toStorableText, toSubject } from './inbound-text';
import { stripQuotedHistory } from './quoted-history';

/**
 * An RFC 5322 message as ingestion reads it (docs/decisions/058-inbound-email.md): ids, sender,
 * recipients, subject, text and attachments, decoded by `mailparser` (charsets, quoted-printable and
 * base64) into a plain object. HTML is never kept: a mail without a text part gets the text mailparser
 * makes of its HTML.
 */
export type ParsedEmail = {
  /** The Message-ID with its angle brackets, or one made from the message's SHA-256 when it has none. */
  rfcMessageId: string;
  /** The ids the mail answers, nearest first: In-Reply-To, then References from the last. */
  answeredIds: string[];
  fromName: string;
  /** Lower-case; '' when the From header names no usable address. */
  fromAddress: string;
  /** Delivered-To, X-Original-To, To and Cc addresses in that order, lower-case, each once. */
  recipients: string[];
  subject: string;
  /** The text without its quoted history; neither capped nor noted yet. */
  text: string;
  attachments: MailAttachment[];
  /** Header values by lower-case name, unfolded, every occurrence (for classifyMail). */
  headers: Map<string, string[]>;
};

/** Longer ids are replaced by a hash of themselves: the unique index cannot hold any length of text. */
const MESSAGE_ID_MAX = 250;
/** The ids of References read: the nearest, which are the ones that can name Parley's reply. */
const ANSWERED_IDS_MAX = 50;
/** A usable address: something@domain, no spaces, at most what an investor's e-mail may be. */
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;

const sha256Hex = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** The form ids are stored and compared in: `<id>`, without spaces; null when there is nothing. */
export function normaliseMessageId(value: string): string | null {
  const id = toStorableText(value)
    .replace(/\s+/g, '')
    .replace(/^<+|>+$/g, '');
  if (id === '') return null;
  return id.length + 2 > MESSAGE_ID_MAX ? `<${sha256Hex(id)}@parley.invalid>` : `<${id}>`;
}

/** Every `<…>` id in a header value (In-Reply-To may carry a comment, References several ids). */
function idsIn(value: string | string[] | undefined): string[] {
  const values = Array.isArray(value) ? value : value ? [value] : [];
  return values.flatMap((v) => {
    const bracketed = v.match(/<[^<>]+>/g);
    return (bracketed ?? v.split(/\s+/)).map(normaliseMessageId).filter((id): id is string => id !== null);
  });
}

const normaliseAddress = (value: string | undefined) => {
  const address = (value ?? '').trim().toLowerCase();
  return address.length <= MESSAGE_LIMITS.investorEmail && ADDRESS.test(address) ? address : '';
};

/** The addresses of a parsed address header, or of a plain one (X-Original-To), groups flattened. */
function addressesIn(value: HeaderValue | AddressObject | AddressObject[] | undefined): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((v) => addressesIn(v as AddressObject));
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((part) => normaliseAddress(/<([^<>]+)>/.exec(part)?.[1] ?? part))
      .filter((address) => address !== '');
  }
  if (typeof value === 'object' && 'value' in value && Array.isArray(value.value)) {
    return value.value.flatMap((entry) => [
      normaliseAddress(entry.address),
      ...(entry.group ?? []).map((member) => normaliseAddress(member.address)),
    ]);
  }
  return [];
}

/** Header lines as received, unfolded, by lower-case name. */
function headersOf(lines: readonly { key: string; line: string }[]): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (const { key, line } of lines) {
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    headers.set(key, [...(headers.get(key) ?? []), value]);
  }
  return headers;
}

export async function parseEmail(raw: Buffer): Promise<ParsedEmail> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const fromEntry = mail.from?.value[0];
  const fromAddress = normaliseAddress(fromEntry?.address);
  // The addresses the receiving servers wrote first: they name this delivery's mailbox, where To and Cc
  // may name several organisations' (each gets its own delivery).
  const recipients = [
    ...addressesIn(mail.headers.get('delivered-to')),
    ...addressesIn(mail.headers.get('x-original-to')),
    ...addressesIn(mail.to),
    ...addressesIn(mail.cc),
  ].filter((address) => address !== '');
  const references = idsIn(mail.references).reverse();
  const answeredIds = [...new Set([...idsIn(mail.inReplyTo), ...references])].slice(0, ANSWERED_IDS_MAX);
  return {
    rfcMessageId:
      (mail.messageId ? normaliseMessageId(mail.messageId) : null) ?? `<${sha256Hex(raw)}@parley.invalid>`,
    answeredIds,
    fromName:
      toOneLine(fromEntry?.name ?? '', MESSAGE_LIMITS.investorName) || fromAddress || 'Unknown sender',
    fromAddress,
    recipients: [...new Set(recipients)],
    subject: toSubject(mail.subject),
    text: stripQuotedHistory(toStorableText(mail.text ?? '').trim()),
    attachments: mail.attachments.map((attachment) => ({
      fileName: cleanFileName(attachment.filename),
      content: attachment.content,
    })),
    headers: headersOf(mail.headerLines),
  };
}
