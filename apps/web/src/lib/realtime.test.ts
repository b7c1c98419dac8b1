import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateForEvent, parseRealtimeEvent, reconnectDelayMs } from './realtime';

const ID = '6f1c3a52-8d3e-4c1b-9a57-0e8b2d4f1a90';
const OTHER = '0b7d9c1e-2f4a-4e6b-8c3d-5a9f1e2d3c4b';

function clientWithQueries() {
  const client = new QueryClient();
  const keys = [
    ['messages', 'list', { tab: 'all', q: '' }],
    ['messages', 'detail', ID],
    ['drafts', ID, 'latest'],
    ['messages', 'detail', OTHER],
    ['projects'],
  ];
  for (const key of keys) client.setQueryData(key, { some: 'data' });
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
  return { client, stale };
}

describe('realtime events in the browser', () => {
  it('reconnect after 1 s, doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('accept only well-formed events', () => {
    expect(parseRealtimeEvent(JSON.stringify({ type: 'draft.saved', messageId: ID, version: 2 }))).toEqual({
      type: 'draft.saved',
      messageId: ID,
      version: 2,
    });
    expect(parseRealtimeEvent('not json')).toBeNull();
    expect(parseRealtimeEvent(JSON.stringify({ type: 'message.deleted', messageId: ID }))).toBeNull();
    expect(parseRealtimeEvent(undefined)).toBeNull();
  });

  it('refresh only the bell for a new notification, and keep its id only', () => {
    const event = parseRealtimeEvent(JSON.stringify({ type: 'notification.created', notificationId: OTHER }));
    expect(event).toEqual({ type: 'notification.created', notificationId: OTHER });
    const { client, stale } = clientWithQueries();
    client.setQueryData(['notifications', 'list'], { some: 'data' });
    if (event) invalidateForEvent(client, event);
    expect(stale()).toEqual([['notifications', 'list']]);
  });

  it('refresh only the Reports queries when a report changes', () => {
    const event = parseRealtimeEvent(JSON.stringify({ type: 'report.updated', reportId: OTHER }));
    expect(event).toEqual({ type: 'report.updated', reportId: OTHER });
    const { client, stale } = clientWithQueries();
    client.setQueryData(['reports', 'list'], { some: 'data' });
    if (event) invalidateForEvent(client, event);
    expect(stale()).toEqual([['reports', 'list']]);
  });

  it('refresh only the inbox lists for a new message', () => {
    const { client, stale } = clientWithQueries();
    invalidateForEvent(client, { type: 'message.created', messageId: ID });
    expect(stale()).toEqual([['messages', 'list', { tab: 'all', q: '' }]]);
  });

  it('refresh the lists and every query naming the thread when a message joins a thread', () => {
    const { client, stale } = clientWithQueries();
    const NEW = '3c2e1d4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    client.setQueryData(['messages', 'thread', ID], { thread_id: ID, latest_message_id: ID });
    invalidateForEvent(client, { type: 'message.created', messageId: NEW, threadId: ID });
    expect(stale()).toEqual([
      ['messages', 'list', { tab: 'all', q: '' }],
      ['messages', 'detail', ID],
      ['drafts', ID, 'latest'],
      ['messages', 'thread', ID],
    ]);
  });

  it('refresh a thread opened with a later message of it when a message joins the thread', () => {
    const { client, stale } = clientWithQueries();
    const LATER = '3c2e1d4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const NEW = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    client.setQueryData(['messages', 'thread', LATER], { thread_id: ID, latest_message_id: LATER });
    client.setQueryData(['messages', 'thread', OTHER], { thread_id: OTHER, latest_message_id: OTHER });
    invalidateForEvent(client, { type: 'message.created', messageId: NEW, threadId: ID });
    expect(stale()).toContainEqual(['messages', 'thread', LATER]);
    expect(stale()).not.toContainEqual(['messages', 'thread', OTHER]);
    expect(stale()).not.toContainEqual(['messages', 'detail', OTHER]);
  });

  it('refresh the lists and every query naming the message for a saved draft or a status change', () => {
    for (const type of ['draft.saved', 'message.updated'] as const) {
      const { client, stale } = clientWithQueries();
      invalidateForEvent(client, { type, messageId: ID });
      expect(stale()).toEqual([
        ['messages', 'list', { tab: 'all', q: '' }],
        ['messages', 'detail', ID],
        ['drafts', ID, 'latest'],
      ]);
    }
  });
});
