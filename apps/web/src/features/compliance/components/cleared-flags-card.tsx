import { FLAG_TEXTS, type FlagDismissal, flagRuleLabel } from '@parley/contracts';
import { Download, ExternalLink } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { FlagRuleBadge } from '@/components/flag-why';
import { LoadMore } from '@/components/load-more';
import { SearchField } from '@/components/search-field';
import { SectionError } from '@/components/section-error';
import { SeverityBadge } from '@/components/severity-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { FLAG_DISMISSALS_EXPORT_URL, useFlagDismissals } from '../api/flag-dismissals';
import { COMPLIANCE_SECTIONS } from '../compliance-sections';
import { SectionTitle } from './section-title';

/** The cleared sentence with its flagged span marked. */
function Sentence({ item }: { item: FlagDismissal }) {
  const { sentence, span_start: start, span_end: end } = item;
  return (
    <blockquote className="border-l-2 pl-3 text-sm leading-relaxed">
      {sentence.slice(0, start)}
      <mark className="rounded-sm bg-status-warn/25 px-0.5 text-foreground">
        {sentence.slice(start, end)}
      </mark>
      {sentence.slice(end)}
    </blockquote>
  );
}

/**
 * Cleared flags: every live 'not a problem here' of the organisation, newest first, searchable by
 * term or reason, each with its thread; Export downloads them as labelled examples (JSONL).
 */
export function ClearedFlagsCard({ canExport }: { canExport: boolean }) {
  const id = useId();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q);
  const list = useFlagDismissals(deferred);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <SectionTitle section={COMPLIANCE_SECTIONS.clearedFlags} />
          <CardDescription>{FLAG_TEXTS.clearedSubtitle}</CardDescription>
        </div>
        {canExport ? (
          <Button asChild variant="outline">
            <a href={FLAG_DISMISSALS_EXPORT_URL} download>
              <Download aria-hidden />
              {FLAG_TEXTS.exportLabel}
            </a>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <SearchField
          id={`${id}-search`}
          label={FLAG_TEXTS.search}
          placeholder={FLAG_TEXTS.search}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        {list.isPending ? (
          <Spinner label="Loading cleared flags..." className="py-6" />
        ) : list.isError ? (
          <SectionError title={FLAG_TEXTS.loadFailed} error={list.error} onRetry={() => list.refetch()} />
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground text-sm">
            {deferred.trim() ? FLAG_TEXTS.noMatches : FLAG_TEXTS.noCleared}
          </p>
        ) : (
          <ul className="grid gap-3" aria-label={FLAG_TEXTS.clearedTitle}>
            {items.map((item) => (
              <li
                key={item.id}
                data-testid="cleared-flag"
                className="grid min-w-0 gap-2 rounded-md border p-3"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="break-words font-medium">‘{item.term}’</span>
                  <SeverityBadge severity={item.severity} />
                  {flagRuleLabel(item.rule) ? (
                    <FlagRuleBadge rule={item.rule} />
                  ) : (
                    <code className="break-all text-muted-foreground text-xs">{item.rule}</code>
                  )}
                </div>
                <Sentence item={item} />
                <p className="text-muted-foreground text-sm">{item.rationale}</p>
                <p className="text-sm">{FLAG_TEXTS.clearedBy(item.dismissed_by_name, item.reason)}</p>
                <div className="flex flex-wrap items-center justify-between gap-2 text-muted-foreground text-xs">
                  <span>
                    <time dateTime={item.dismissed_at}>{formatDateTime(item.dismissed_at)}</time> ·{' '}
                    {item.investor_name}: {item.subject} · version {item.version}
                  </span>
                  <Button asChild variant="link" size="sm" className="h-auto p-0">
                    <Link to={paths.thread.build(item.message_id)}>
                      <ExternalLink aria-hidden />
                      {FLAG_TEXTS.openThread}
                      <span className="sr-only">: {item.subject}</span>
                    </Link>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <LoadMore query={list} failedText={FLAG_TEXTS.loadFailed} />
      </CardContent>
    </Card>
  );
}
