import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { inboundAddress } from '../inbound-email/inbound-address';
import { findReplyAddressing, listThreadMailIds } from './reply-headers.queries';

/**
 * The headers that bring an investor's answer to a reply back into its thread
 * (docs/decisions/058-inbound-email.md): `Reply-To` the organisation's inbound address (the fund's, when
 * the message has one) when Parley receives e-mail, and, when the message came by e-mail,
 * `In-Reply-To` its Message-ID with `References` the thread's mail before it — so the answer threads in
 * the investor's mail program too, and Parley threads it by those ids.
 */

/** The newest messages of a thread whose mail References names: a long thread's header stays short. */
export const REFERENCES_MESSAGES_MAX = 10;

/** A Message-ID as headers carry it, `<left@right>`; anything else (a malformed id as received) is dropped. */
export function messageIdHeaderValue(id: string): string | null {
  const bare = id.trim().replace(/^<|>$/g, '');
  return /^[^<>\s"()[\]\\,;:@]+@[^<>\s"()\\,;:@]+$/.test(bare) ? `<${bare}>` : null;
}

export async function replyThreadingHeaders(
  db: DbOrTx,
  inbound: Pick<NonNullable<Config['inbound']>, 'domain'> | undefined,
  input: { orgId: string; messageId: string },
): Promise<Record<string, string>> {
  const addressing = await findReplyAddressing(db, input);
  if (!addressing) return {};
  const headers: Record<string, string> = {};
  if (inbound) {
    headers['Reply-To'] = inboundAddress(inbound.domain, addressing.inboundSlug, addressing.projectName);
  }
  const inReplyTo = addressing.rfcMessageId ? messageIdHeaderValue(addressing.rfcMessageId) : null;
  if (!inReplyTo) return headers;
  const earlier = await listThreadMailIds(db, {
    orgId: input.orgId,
    threadId: addressing.threadId,
    limit: REFERENCES_MESSAGES_MAX,
  });
  const chain = earlier
    .map((mail) => messageIdHeaderValue(mail.id))
    .filter((id): id is string => id !== null && id !== inReplyTo);
  headers['In-Reply-To'] = inReplyTo;
  // RFC 5322 §3.6.4: the parent's id last.
  headers.References = [...new Set(chain), inReplyTo].join(' ');
  return headers;
}
