import type { Citation } from '@parley/contracts';
import { FileText } from 'lucide-react';
import { formatPercent } from '@/lib/format';

/**
 * docs/product.md §2 'Sources Referenced': each citation's document and page, with its relevance as a
 * percentage.
 */
export function DraftSources({ citations }: { citations: Citation[] }) {
  return (
    <section aria-labelledby="draft-sources-title" className="space-y-2">
      <h3 id="draft-sources-title" className="font-medium text-sm">
        Sources Referenced
      </h3>
      {citations.length === 0 ? (
        <p className="text-muted-foreground text-sm">No sources referenced yet.</p>
      ) : (
        <ol className="space-y-1.5">
          {citations.map((citation, index) => (
            <li key={citation.id} className="flex items-start gap-2 text-sm">
              <span className="w-6 shrink-0 text-muted-foreground tabular-nums">[{index + 1}]</span>
              <FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0 flex-1 break-all">{citation.doc_path}</span>
              <span className="shrink-0 text-muted-foreground tabular-nums">
                <span className="sr-only">Relevance </span>
                {formatPercent(citation.relevance)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
