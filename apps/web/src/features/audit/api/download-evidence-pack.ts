import { EVIDENCE_SELECTION_URL, type EvidenceSelectionQuery } from '@parley/contracts';
import { fileNameFromDisposition } from '../audit-format';
import { fetchForDownload } from './export-audit-log';

/** GET /api/audit/evidence: the selection's signed zip, as a Blob to save (docs/decisions/031-evidence-packs.md). */
export async function downloadEvidencePack(
  query: EvidenceSelectionQuery,
): Promise<{ blob: Blob; fileName: string }> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const response = await fetchForDownload(`${EVIDENCE_SELECTION_URL}?${params}`);
  const fileName = fileNameFromDisposition(
    response.headers.get('content-disposition'),
    'parley-evidence.zip',
  );
  return { blob: await response.blob(), fileName };
}
