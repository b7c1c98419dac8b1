import { type ComplianceFlag, type ComplianceSeverity, flagRationale } from '@parley/contracts';
import { Fragment, type ReactNode } from 'react';
import { markClassOf } from '@/components/compliance-severity';
import { segmentsOf } from '@/lib/text-segments';

/**
 * One flagged span: marked in its severity's colour, with why it was flagged as a tooltip and for
 * screen readers.
 */
export function FlagMark({
  severity,
  rationale,
  children,
}: {
  severity: ComplianceSeverity;
  rationale: string;
  children: ReactNode;
}) {
  return (
    <mark className={markClassOf(severity)} title={`${severity} severity: ${rationale}`}>
      {children}
      <span className="sr-only">
        {' '}
        (flagged, {severity} severity: {rationale})
      </span>
    </mark>
  );
}

/** The whole text with every given flag's span marked (overlaps keep the first, widest span). */
export function FlaggedText({ text, flags }: { text: string; flags: readonly ComplianceFlag[] }) {
  return segmentsOf(text, flags).map((segment, index) =>
    segment.span ? (
      <FlagMark
        // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and rebuilt with the text
        key={index}
        severity={segment.span.severity}
        rationale={flagRationale(segment.span)}
      >
        {segment.text}
      </FlagMark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and rebuilt with the text
      <Fragment key={index}>{segment.text}</Fragment>
    ),
  );
}
