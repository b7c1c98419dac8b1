import { type DraftVersion, fallbackNotice, LIBRARY_TEXTS } from '@parley/contracts';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@/lib/format';
import { libraryAnswerLink } from '@/lib/paths';

const DRAFTER_LABELS: Record<string, string> = {
  'built-in': 'Built-in drafter (offline)',
  'openai-compatible': 'OpenAI-compatible service',
  none: 'Written by hand',
  library: LIBRARY_TEXTS.drafter,
};

/**
 * 'How this draft was made': drafter (and, for a fallback draft, which drafter failed and how), model,
 * the tone and reading level aimed at, the passages it was given, the prompt hash, who edited.
 */
export function DraftProvenance({ draft }: { draft: DraftVersion }) {
  const p = draft.provenance;
  const fallback = fallbackNotice(p);
  return (
    <details className="rounded-md border px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-ring">
        How this draft was made
      </summary>
      <dl className="mt-2 grid gap-x-3 gap-y-1.5 sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Version</dt>
        <dd>
          {draft.version} ({draft.source === 'generated' ? 'generated' : 'edited'}) by{' '}
          {draft.created_by_name ?? 'a former member'} on {formatDateTime(draft.created_at)}
        </dd>
        <dt className="text-muted-foreground">Drafter</dt>
        <dd>
          {DRAFTER_LABELS[p.drafter] ?? p.drafter}
          {fallback ? <span className="block text-muted-foreground">{fallback}</span> : null}
        </dd>
        {p.library ? (
          <>
            <dt className="text-muted-foreground">Library answer</dt>
            <dd data-testid="provenance-library">
              <Link to={libraryAnswerLink.build(p.library.id)} className="underline underline-offset-2">
                {p.library.title}
              </Link>
              <span className="block text-muted-foreground">
                Approved {formatDate(p.library.approved_at)}
                {p.library.approved_by_name ? ` by ${p.library.approved_by_name}` : ''}; expires{' '}
                {formatDate(p.library.expires_at)}
              </span>
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Model</dt>
        <dd>{p.model ?? 'None (no language model)'}</dd>
        {p.tone || p.reading_level ? (
          <>
            <dt className="text-muted-foreground">Aimed at</dt>
            <dd>
              {[p.tone && `${p.tone} tone`, p.reading_level && `reading grade ${p.reading_level}`]
                .filter(Boolean)
                .join(', ')}
            </dd>
          </>
        ) : null}
        {p.based_on ? (
          <>
            <dt className="text-muted-foreground">Edited</dt>
            <dd>
              by {p.edited_by_name ?? 'a former member'}, from version {p.based_on}
              {p.restored_from ? `, restoring version ${p.restored_from} and its sources` : null}
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Prompt hash</dt>
        <dd className="break-all font-mono text-xs">{p.prompt_hash ?? 'None'}</dd>
        <dt className="text-muted-foreground">Passages given</dt>
        <dd>
          {p.passages.length === 0 ? (
            'None'
          ) : (
            <ol className="list-decimal space-y-0.5 pl-5">
              {p.passages.map((passage) => (
                <li key={passage.id} className="break-all">
                  {passage.doc_path}
                </li>
              ))}
            </ol>
          )}
        </dd>
      </dl>
    </details>
  );
}
