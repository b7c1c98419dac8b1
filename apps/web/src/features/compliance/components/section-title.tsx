import type { ReactNode } from 'react';
import { CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { type ComplianceSection, SECTION_HEADING_CLASS } from '../compliance-sections';

/** A section card's h2, the target of its 'On this page' link (focusable, so the jump moves focus too). */
export function SectionTitle({ section, children }: { section: ComplianceSection; children?: ReactNode }) {
  return (
    <CardTitle id={section.id} tabIndex={-1} className={cn('text-lg outline-none', SECTION_HEADING_CLASS)}>
      {children ?? section.label}
    </CardTitle>
  );
}
