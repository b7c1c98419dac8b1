import {
  type CreateErasureInput,
  type ErasurePreview,
  type ErasurePreviewInput,
  type ErasureResult,
  erasurePreviewSchema,
  erasureResultSchema,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionKeys } from './retention-keys';

/**
 * POST /api/retention/erasure-preview: what an erasure would do now, and what would refuse it. It writes
 * nothing; the address goes in the body so it never appears in a URL (access logs, browser history).
 */
export function previewErasure(input: ErasurePreviewInput, signal?: AbortSignal): Promise<ErasurePreview> {
  return api.post('/api/retention/erasure-preview', input, { signal, parser: erasurePreviewSchema });
}

export function usePreviewErasure() {
  return useMutation({ mutationFn: (input: ErasurePreviewInput) => previewErasure(input) });
}

/** POST /api/retention/erasures. */
export function requestErasure(input: CreateErasureInput): Promise<ErasureResult> {
  return api.post('/api/retention/erasures', input, { parser: erasureResultSchema });
}

export function useRequestErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestErasure,
    onSettled: () => queryClient.invalidateQueries({ queryKey: retentionKeys.all }),
  });
}
