import { useQuery } from '@tanstack/react-query';
import { api, type ResponseParser } from '@/lib/api-client';

/** The part of a GET /api/projects item the fund select needs (the projects slice owns the full shape). */
export type Fund = { id: string; name: string; status: string };

/** Checks just the fields the select reads, so the projects contract can grow freely. */
const fundsParser: ResponseParser<Fund[]> = {
  parse(data: unknown): Fund[] {
    const items = (data as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) throw new Error('no items');
    return items.map((item: unknown) => {
      const { id, name, status } = (item ?? {}) as Record<string, unknown>;
      if (typeof id !== 'string' || typeof name !== 'string') throw new Error('not a fund');
      return { id, name, status: typeof status === 'string' ? status : 'active' };
    });
  },
};

/** GET /api/projects?limit=100: the organisation's funds (first 100, newest first) for Compose. */
export function listFunds(signal?: AbortSignal): Promise<Fund[]> {
  return api.get('/api/projects?limit=100', { signal, parser: fundsParser });
}

export function useFunds() {
  return useQuery({ queryKey: ['compose', 'funds'], queryFn: ({ signal }) => listFunds(signal) });
}
