import type { InboundOutcome } from '@parley/contracts';

/** What became of a delivered e-mail, in words and as a badge (docs/decisions/058-inbound-email.md). */
export const INBOUND_OUTCOME_BADGES: Record<
  InboundOutcome,
  { label: string; hint: string; variant: 'success' | 'secondary' | 'outline' | 'warning' }
> = {
  new_thread: { label: 'New thread', hint: 'Started a conversation in the inbox', variant: 'success' },
  threaded: { label: 'Joined thread', hint: 'Answered a reply and joined its thread', variant: 'secondary' },
  auto_reply: {
    label: 'Auto-reply',
    hint: 'An automatic answer: kept, no thread started',
    variant: 'outline',
  },
  bounce: { label: 'Bounce', hint: 'A delivery failure report: kept, no thread started', variant: 'warning' },
  duplicate: { label: 'Duplicate', hint: 'Delivered before: nothing new was stored', variant: 'outline' },
};

/** Ours: the address Parley receives at, or why it receives nothing. */
export const INBOUND_OFF_TEXT = 'Receiving e-mail is off: set INBOUND_EMAIL_DOMAIN';
