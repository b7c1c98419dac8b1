import type { ComplianceFlag } from '@parley/contracts';
import { Fragment, type ReactNode } from 'react';
import { markClassOf } from '@/components/compliance-severity';
import { segmentsOf } from '@/lib/text-segments';
import { flaggedLines } from './compliance-rules';

/**
 * The flagged passages of the checked text, read-only, each flagged span marked (a <mark> with its
 * severity and suggestion for screen readers and as a tooltip), under the editor.
 */
export function ComplianceHighlightedText({
  text,
  flags,
  id,
}: {
  text: string;
  flags: readonly ComplianceFlag[];
  id?: string;
}) {
  const titleId = id ? `${id}-title` : undefined;
  return (
    <section aria-labelledby={titleId} className="grid gap-1.5">
      <h3 id={titleId} className="font-medium text-sm">
        Flagged passages
      </h3>
      <ul className="grid gap-2 rounded-md border bg-muted/30 p-3 text-sm leading-relaxed">
        {flaggedLines(text, flags).map((line) => (
          <li key={line.start} className="whitespace-pre-wrap break-words">
            {renderLine(text, line, flags)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function renderLine(
  text: string,
  line: { start: number; end: number },
  flags: readonly ComplianceFlag[],
): ReactNode[] {
  const inLine = flags
    .filter((f) => f.start >= line.start && f.end <= line.end)
    .map((f) => ({ ...f, start: f.start - line.start, end: f.end - line.start }));
  return segmentsOf(text.slice(line.start, line.end), inLine).map((segment, index) =>
    segment.span ? (
      <mark
        // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and rebuilt with the text
        key={index}
        className={markClassOf(segment.span.severity)}
        title={`${segment.span.severity} severity: suggest '${segment.span.suggestion}'`}
      >
        {segment.text}
        <span className="sr-only">
          {' '}
          (flagged, {segment.span.severity} severity; suggestion: {segment.span.suggestion})
        </span>
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and rebuilt with the text
      <Fragment key={index}>{segment.text}</Fragment>
    ),
  );
}
