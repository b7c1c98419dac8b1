import { type Citation, type CitationHighlight, DRAFT_TEXTS } from '@parley/contracts';
import { ChevronDown, ChevronUp, FileText } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatPercent } from '@/lib/format';
import { paths } from '@/lib/paths';
import { segmentsOf } from '@/lib/text-segments';
import { excerptOf, highlightsWithin } from './citation-excerpt';

/**
 * docs/product.md §2 'Sources Referenced': each [n] with its document and page, its relevance, the
 * passage it cited (an excerpt that expands to the whole) with the words the draft's sentences share
 * with it marked, and a link to the document on its fund's page. `citations` is null before any draft.
 */
export function DraftSources({ citations }: { citations: Citation[] | null }) {
  const hasHighlights = citations?.some((c) => c.highlights.length > 0) ?? false;
  return (
    <section aria-labelledby="draft-sources-title" className="space-y-2">
      <h3 id="draft-sources-title" className="font-medium text-sm">
        Sources Referenced
      </h3>
      {citations === null ? (
        <p className="text-muted-foreground text-sm">No sources referenced yet.</p>
      ) : citations.length === 0 ? (
        <p className="text-muted-foreground text-sm">{DRAFT_TEXTS.citesNothing}</p>
      ) : (
        <>
          {hasHighlights ? (
            <p className="text-muted-foreground text-xs">
              <SupportMark>Underlined and highlighted</SupportMark>: words the draft&apos;s sentences with
              that [n] share with the passage.
            </p>
          ) : null}
          <ol className="space-y-3">
            {citations.map((citation, index) => (
              <CitationItem key={citation.id} citation={citation} n={index + 1} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function CitationItem({ citation, n }: { citation: Citation; n: number }) {
  const { document } = citation;
  return (
    <li className="space-y-1.5 text-sm">
      <div className="flex items-start gap-2">
        <span className="w-6 shrink-0 text-muted-foreground tabular-nums">[{n}]</span>
        <FileText aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1 break-all">
          <span className="font-medium">{document.file_name}</span>
          {document.page === null ? null : (
            <span className="text-muted-foreground">, page {document.page}</span>
          )}
        </span>
        <span className="shrink-0 text-muted-foreground tabular-nums">
          <span className="sr-only">Relevance </span>
          {formatPercent(citation.relevance)}
        </span>
      </div>
      <div className="space-y-1.5 pl-8">
        <CitedPassage citation={citation} n={n} />
        {document.id && document.project_id ? (
          <Link
            to={paths.project.build(document.project_id, document.id)}
            className="inline-block text-primary text-xs underline-offset-4 hover:underline"
          >
            Open {document.file_name} in its fund
          </Link>
        ) : (
          <p className="text-muted-foreground text-xs">This document is no longer in the fund.</p>
        )}
      </div>
    </li>
  );
}

/** The passage: an excerpt around its first supporting word, expandable to the whole, words marked. */
function CitedPassage({ citation, n }: { citation: Citation; n: number }) {
  const id = useId();
  const [isExpanded, setExpanded] = useState(false);
  const { text, highlights } = citation;
  if (text === null) {
    return (
      <p className="text-muted-foreground text-xs">
        The passage is no longer available: its document was re-indexed or deleted before drafts kept the text
        they cite.
      </p>
    );
  }
  const excerpt = excerptOf(text, highlights);
  const shown = isExpanded || excerpt.isWhole ? { start: 0, end: text.length } : excerpt;
  const supporting = [...new Set(highlights.map((h) => text.slice(h.start, h.end)))];
  return (
    <div className="space-y-1">
      <blockquote
        id={`${id}-passage`}
        className="whitespace-pre-wrap break-words rounded-md border-l-2 bg-muted/30 px-3 py-2 text-muted-foreground leading-relaxed"
      >
        {shown.start > 0 ? '… ' : null}
        <MarkedText
          text={text.slice(shown.start, shown.end)}
          highlights={highlightsWithin(highlights, shown.start, shown.end)}
        />
        {shown.end < text.length ? ' …' : null}
      </blockquote>
      {supporting.length > 0 ? <p className="sr-only">Supporting words: {supporting.join(', ')}.</p> : null}
      {citation.text_source === 'current' ? (
        <p className="text-muted-foreground text-xs">
          The passage as indexed now: this version was drafted before drafts kept the text they cite.
        </p>
      ) : null}
      {excerpt.isWhole ? null : (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto px-0 text-xs"
          aria-expanded={isExpanded}
          aria-controls={`${id}-passage`}
          onClick={() => setExpanded((open) => !open)}
        >
          {isExpanded ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          {isExpanded ? 'Show less' : 'Show the whole passage'}
          <span className="sr-only"> of source [{n}]</span>
        </Button>
      )}
    </div>
  );
}

function MarkedText({ text, highlights }: { text: string; highlights: readonly CitationHighlight[] }) {
  return segmentsOf(text, highlights).map((segment, index) =>
    segment.span ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and rebuilt with the text
      <SupportMark key={index}>{segment.text}</SupportMark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and rebuilt with the text
      <Fragment key={index}>{segment.text}</Fragment>
    ),
  );
}

/** A supporting word: underlined and bold as well as tinted, so it does not rest on colour alone. */
function SupportMark({ children }: { children: string }) {
  return (
    <mark className="rounded-sm bg-status-warn/25 px-0.5 font-medium text-foreground underline decoration-2 decoration-status-warn underline-offset-2">
      {children}
    </mark>
  );
}
