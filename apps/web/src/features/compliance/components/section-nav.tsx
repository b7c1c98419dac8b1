import { type MouseEvent, useEffect, useState } from 'react';
import { cn } from '@/lib/utils';
import type { ComplianceSection } from '../compliance-sections';

/**
 * The band of the viewport a section must reach to count as the one being read: below the sticky bars,
 * in the upper part of the screen.
 */
const READING_BAND = '-120px 0px -55% 0px';

function prefersReducedMotion() {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The section being read: the first (in page order) whose card is in the reading band. */
function useCurrentSection(sections: readonly ComplianceSection[], revision: string) {
  const [current, setCurrent] = useState<string | null>(sections[0]?.id ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision re-observes once late sections render
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const targets = sections.flatMap((section) => {
      const heading = document.getElementById(section.id);
      if (!heading) return [];
      return [{ id: section.id, element: heading.closest<HTMLElement>('[data-slot="card"]') ?? heading }];
    });
    const inBand = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const target = targets.find((t) => t.element === entry.target);
          if (!target) continue;
          if (entry.isIntersecting) inBand.add(target.id);
          else inBand.delete(target.id);
        }
        const first = targets.find((t) => inBand.has(t.id));
        if (first) setCurrent(first.id);
      },
      { rootMargin: READING_BAND },
    );
    for (const target of targets) observer.observe(target.element);
    return () => observer.disconnect();
  }, [sections, revision]);
  return [current, setCurrent] as const;
}

/**
 * 'On this page': links to each section's heading, the one being read marked. Beside the content from
 * 1280 px, a sticky strip that scrolls sideways above it below that. Smooth scrolling only when the reader
 * has not asked for reduced motion.
 */
export function SectionNav({
  sections,
  revision,
  className,
}: {
  sections: readonly ComplianceSection[];
  /** Changes when sections appear (data loaded), so they are observed too. */
  revision: string;
  className?: string;
}) {
  const [current, setCurrent] = useCurrentSection(sections, revision);

  function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
    const heading = document.getElementById(id);
    if (!heading) return;
    event.preventDefault();
    setCurrent(id);
    heading.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
    window.history.replaceState(window.history.state, '', `#${id}`);
  }

  return (
    <nav
      aria-label="Sections"
      className={cn(
        'sticky top-14 z-[5] -mx-4 border-b bg-background/95 px-4 backdrop-blur-sm md:-mx-6 md:px-6',
        'xl:top-20 xl:mx-0 xl:self-start xl:border-b-0 xl:bg-transparent xl:px-0 xl:backdrop-blur-none',
        className,
      )}
    >
      <p className="sr-only font-medium text-muted-foreground text-xs uppercase tracking-wide xl:not-sr-only xl:mb-2 xl:block">
        On this page
      </p>
      <ul className="flex gap-1 overflow-x-auto py-2 [scrollbar-width:none] xl:flex-col xl:gap-0 xl:overflow-visible xl:border-l xl:py-0">
        {sections.map((section) => {
          const isCurrent = section.id === current;
          return (
            <li key={section.id} className="shrink-0">
              <a
                href={`#${section.id}`}
                aria-current={isCurrent ? 'location' : undefined}
                onClick={(event) => jumpTo(event, section.id)}
                className={cn(
                  'block whitespace-nowrap rounded-md px-2.5 py-1.5 text-muted-foreground text-sm outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  'xl:-ml-px xl:rounded-none xl:border-l-2 xl:border-transparent xl:px-3 xl:py-1',
                  isCurrent && 'bg-muted font-medium text-foreground xl:border-primary xl:bg-transparent',
                )}
              >
                {section.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
