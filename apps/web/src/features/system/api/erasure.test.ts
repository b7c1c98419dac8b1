import { afterEach, describe, expect, it, vi } from 'vitest';
import { previewErasure } from './erasure';

afterEach(() => {
  vi.unstubAllGlobals();
});

const preview = {
  pseudonym: 'Investor 0a1b2c3d',
  messages_pseudonymised: 1,
  messages_retained: 0,
  emails_pseudonymised: 0,
  emails_retained: 0,
  retained_until: null,
  blocking_holds: [],
};

describe('previewErasure', () => {
  it('sends the address in a JSON body, never in the URL', async () => {
    const fetchMock = vi.fn(
      async (_path: string, _init: RequestInit) =>
        new Response(JSON.stringify(preview), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    await expect(previewErasure({ investor_email: 'ann@example.com' })).resolves.toEqual(preview);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/retention/erasure-preview');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ investor_email: 'ann@example.com' }));
  });
});
