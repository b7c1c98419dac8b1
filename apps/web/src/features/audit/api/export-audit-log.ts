import type { AuditExportFormat } from '@parley/contracts';
import { ApiError, parseApiError } from '@/lib/api-client';
import { type AuditFilters, exportQueryParams } from '../audit-filters';
import { fileNameFromDisposition } from '../audit-format';

/** How much of an export has arrived. */
export type ExportProgress = { bytes: number; lines: number };

/** The export's URL for the current search and filters (also a plain download link). */
export function auditExportUrl(format: AuditExportFormat, search: string, filters: AuditFilters): string {
  return `/api/audit/export?${exportQueryParams(format, search, filters)}`;
}

const NEWLINE = 10;

/** The line breaks in a chunk: entries of JSON Lines, rows of CSV (one more, the header). */
export function countLineBreaks(chunk: Uint8Array): number {
  let n = 0;
  for (const byte of chunk) if (byte === NEWLINE) n++;
  return n;
}

/** A GET of a file to download: the API's error as an ApiError, an unreachable server as one too. */
export async function fetchForDownload(url: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', signal: signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'The server could not be reached',
      isFromServer: false,
    });
  }
  if (!response.ok) throw parseApiError(response.status, await response.json().catch(() => null));
  return response;
}

/**
 * GET /api/audit/export, read as it streams so the dialog can show progress, then kept as a Blob to
 * save. `signal` cancels it (the server stops reading the chain when the connection closes).
 */
export async function downloadAuditExport(
  input: { format: AuditExportFormat; search: string; filters: AuditFilters },
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<{ blob: Blob; fileName: string; progress: ExportProgress }> {
  const response = await fetchForDownload(
    auditExportUrl(input.format, input.search, input.filters),
    options.signal,
  );
  if (!response.body) throw parseApiError(response.status, null);
  const parts: Uint8Array[] = [];
  const progress: ExportProgress = { bytes: 0, lines: 0 };
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    progress.bytes += value.byteLength;
    progress.lines += countLineBreaks(value);
    options.onProgress?.({ ...progress });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const fallback = `parley-audit-log.${input.format}`;
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition'), fallback);
  return { blob: new Blob(parts as BlobPart[], { type }), fileName, progress };
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
