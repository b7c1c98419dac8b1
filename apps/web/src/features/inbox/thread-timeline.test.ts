import type { ThreadEntry } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { attachmentTypeName } from './attachment-type';
import {
  countMessages,
  EARLIER_ENTRIES_SHOWN,
  entryKey,
  followLatest,
  isLongText,
  latestMessageOf,
  omittedText,
  splitThread,
  visibleEarlier,
} from './thread-timeline';

function messageEntry(id: string, at: string): ThreadEntry {
  return {
    kind: 'message',
    at,
    message: {
      id,
      investor_name: 'Ada Investor',
      investor_email: 'ada@example.com',
      subject: 'Q3 distribution',
      body_text: `Text of ${id}`,
      created_at: at,
      source: 'email',
      sender_unknown: false,
      status: 'open',
      attachments: [],
    },
  };
}

function replyEntry(id: string, messageId: string, at: string): ThreadEntry {
  return {
    kind: 'reply',
    at,
    reply: { id, message_id: messageId, text: `Reply ${id}`, approved_at: at, approved_by: 'Dana Director' },
  };
}

const THREAD: ThreadEntry[] = [
  messageEntry('m1', '2026-11-01T10:00:00Z'),
  replyEntry('r1', 'm1', '2026-11-01T12:00:00Z'),
  messageEntry('m2', '2026-11-02T10:00:00Z'),
  replyEntry('r2', 'm2', '2026-11-02T12:00:00Z'),
  messageEntry('m3', '2026-11-03T10:00:00Z'),
];

describe('the thread page timeline', () => {
  it('shows the entries before the answered message above it, and what came after below it', () => {
    const parts = splitThread(THREAD, 'm2');
    expect(parts.earlier.map(entryKey)).toEqual(['message-m1', 'reply-r1']);
    expect(parts.current?.id).toBe('m2');
    expect(parts.later.map(entryKey)).toEqual(['reply-r2', 'message-m3']);
    expect(countMessages(parts.later)).toBe(1);
    expect(latestMessageOf(parts.later)?.id).toBe('m3');
    expect(latestMessageOf(splitThread(THREAD, 'm3').later)).toBeNull();
  });

  it('answers the newest message with the whole thread above it', () => {
    const parts = splitThread(THREAD, 'm3');
    expect(parts.earlier).toHaveLength(4);
    expect(parts.later).toEqual([]);
  });

  it('keeps every entry above when the answered message is not in the thread', () => {
    const parts = splitThread(THREAD, 'elsewhere');
    expect(parts).toEqual({ earlier: THREAD, current: null, later: [] });
  });

  it('shows the newest earlier entries of a long thread and counts the rest', () => {
    const long = Array.from({ length: 7 }, (_, i) => messageEntry(`m${i}`, `2026-11-0${i + 1}T10:00:00Z`));
    const { shown, hidden } = visibleEarlier(long, false);
    expect(shown).toHaveLength(EARLIER_ENTRIES_SHOWN);
    expect(shown.map(entryKey)).toEqual(['message-m4', 'message-m5', 'message-m6']);
    expect(hidden).toBe(4);
    expect(visibleEarlier(long, true)).toEqual({ shown: long, hidden: 0 });
    expect(visibleEarlier(long.slice(0, 2), false).hidden).toBe(0);
  });

  it('offers Show more only for texts longer than a few lines', () => {
    expect(isLongText('Thanks, that helps.')).toBe(false);
    expect(isLongText('one\ntwo\nthree\nfour')).toBe(false);
    expect(isLongText('one\ntwo\nthree\nfour\nfive')).toBe(true);
    expect(isLongText('x'.repeat(241))).toBe(true);
    expect(isLongText(`${'x'.repeat(200)}\n\n\n\n\n`)).toBe(false);
  });

  it('says how many earlier messages the thread leaves out', () => {
    expect(omittedText(1)).toBe('1 earlier message of this thread is not shown.');
    expect(omittedText(1234, (n) => n.toLocaleString('en'))).toBe(
      '1,234 earlier messages of this thread are not shown.',
    );
  });
});

describe('following the newest message of an open thread', () => {
  const start = { answeringId: 'm2', seenLatestId: 'm2' };

  it('moves the workspace to a newer message when the draft holds no unsaved text', () => {
    expect(followLatest(start, 'm3', false)).toEqual({ answeringId: 'm3', seenLatestId: 'm3' });
  });

  it('keeps the workspace on its message while the draft holds unsaved text', () => {
    expect(followLatest(start, 'm3', true)).toEqual({ answeringId: 'm2', seenLatestId: 'm3' });
  });

  it('does not move later on its own once the newer message was seen', () => {
    const kept = followLatest(start, 'm3', true);
    expect(followLatest(kept, 'm3', false)).toBe(kept);
  });

  it('changes nothing while the newest message stays the same', () => {
    expect(followLatest(start, 'm2', false)).toBe(start);
  });
});

describe('attachment types in words', () => {
  it('names the document types people know, images by their format, and others by their media type', () => {
    expect(attachmentTypeName('application/pdf')).toBe('PDF');
    expect(
      attachmentTypeName('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBe('Word document');
    expect(attachmentTypeName('image/png')).toBe('PNG image');
    expect(attachmentTypeName('image/svg+xml')).toBe('SVG image');
    expect(attachmentTypeName('text/plain; charset=utf-8')).toBe('Text');
    expect(attachmentTypeName('application/x-custom')).toBe('application/x-custom');
    expect(attachmentTypeName('')).toBe('File');
  });
});
