import {
  type CreateErasureInput,
  type ErasurePreview,
  type ErasureResult,
  erasurePreviewSchema,
  erasureResultSchema,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retentionKeys } from './retention-keys';

/** GET /api/retention/erasure-preview?email: what an erasure would do now, and what would refuse it. */
export function previewErasure(email: string, signal?: AbortSignal): Promise<ErasurePreview> {
  return api.get(`/api/retention/erasure-preview?${new URLSearchParams({ email })}`, {
    signal,
    parser: erasurePreviewSchema,
  });
}

export function usePreviewErasure() {
  return useMutation({ mutationFn: (email: string) => previewErasure(email) });
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
