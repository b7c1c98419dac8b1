import type { ThreadEntry, ThreadMessage } from '@parley/contracts';

/**
 * The thread page's timeline (docs/decisions/058-inbound-email.md): the entries before the message the
 * draft workspace answers, that message, and what came after it (the reply sent to it, or messages the
 * investor wrote while a draft was being edited).
 */
export type ThreadParts = {
  earlier: ThreadEntry[];
  /** The answered message as the thread shows it (its attachments); null when the thread lacks it. */
  current: ThreadMessage | null;
  later: ThreadEntry[];
};

export function splitThread(entries: readonly ThreadEntry[], answeringId: string): ThreadParts {
  const index = entries.findIndex((entry) => entry.kind === 'message' && entry.message.id === answeringId);
  if (index === -1) return { earlier: [...entries], current: null, later: [] };
  const entry = entries[index];
  return {
    earlier: entries.slice(0, index),
    current: entry?.kind === 'message' ? entry.message : null,
    later: entries.slice(index + 1),
  };
}

/** The investor's messages among some entries (the replies left out). */
export function countMessages(entries: readonly ThreadEntry[]): number {
  return entries.filter((entry) => entry.kind === 'message').length;
}

/** The newest investor message among some entries, or null when there is none. */
export function latestMessageOf(entries: readonly ThreadEntry[]): ThreadMessage | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry?.kind === 'message') return entry.message;
  }
  return null;
}

/** A stable key for an entry: a message and a reply may not share ids across tables. */
export function entryKey(entry: ThreadEntry): string {
  return entry.kind === 'message' ? `message-${entry.message.id}` : `reply-${entry.reply.id}`;
}

/**
 * Ours: the earlier entries shown at first, the newest of them; 'Show N earlier' opens the rest, so a
 * long thread does not push the message being answered out of sight.
 */
export const EARLIER_ENTRIES_SHOWN = 3;

export function visibleEarlier(
  earlier: readonly ThreadEntry[],
  isShowingAll: boolean,
): { shown: ThreadEntry[]; hidden: number } {
  if (isShowingAll || earlier.length <= EARLIER_ENTRIES_SHOWN) return { shown: [...earlier], hidden: 0 };
  const hidden = earlier.length - EARLIER_ENTRIES_SHOWN;
  return { shown: earlier.slice(hidden), hidden };
}

/** Ours: an entry's text is clamped to this many lines; longer ones get 'Show more'. */
export const COLLAPSED_LINES = 4;
/** Roughly what COLLAPSED_LINES hold in the conversation column (about 60 characters a line). */
const COLLAPSED_CHARACTERS = 240;

/** Whether a text is likely cut by the clamp, so 'Show more' is offered (no measuring, no layout jump). */
export function isLongText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.split('\n').length > COLLAPSED_LINES || trimmed.length > COLLAPSED_CHARACTERS;
}

/** The note on messages the thread leaves out (more than THREAD_MESSAGES_MAX). */
export function omittedText(omitted: number, formatCount: (n: number) => string = String): string {
  return omitted === 1
    ? '1 earlier message of this thread is not shown.'
    : `${formatCount(omitted)} earlier messages of this thread are not shown.`;
}

/** Which message the workspace answers, and the newest one the page has seen. */
export type AnsweringState = { answeringId: string; seenLatestId: string };

/**
 * A newer message came in while the page is open: the workspace follows it when the draft editor holds
 * no unsaved text; otherwise it stays, and the page offers to move (the text is never dropped silently).
 */
export function followLatest(
  state: AnsweringState,
  latestId: string,
  isEditorDirty: boolean,
): AnsweringState {
  if (latestId === state.seenLatestId) return state;
  return { answeringId: isEditorDirty ? state.answeringId : latestId, seenLatestId: latestId };
}
