import type { ComplianceFlag } from '@parley/contracts';
import { type ComponentProps, Fragment, type RefObject, useEffect, useRef } from 'react';
import { markTintOf } from '@/components/compliance-severity';
import { TEXTAREA_TEXT_METRICS, Textarea } from '@/components/ui/textarea';
import { segmentsOf } from '@/lib/text-segments';
import { cn } from '@/lib/utils';

/**
 * The draft's editor with its flagged words marked in place (docs/decisions/051-a-thread-built-for-work.md):
 * a transparent <textarea> over a layer that repeats its text with the same box, type and wrapping,
 * the text itself invisible and each flag a tinted, underlined <mark> at its offsets. The layer is
 * hidden from assistive technology: the flags rail says the same in words. `flags` is null while
 * the stored check does not match the text (the marks would point at the wrong words).
 */
export function FlaggedTextarea({
  flags,
  textareaRef,
  value,
  className,
  ...props
}: Omit<ComponentProps<'textarea'>, 'value' | 'ref'> & {
  value: string;
  flags: readonly ComplianceFlag[] | null;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const layerRef = useRef<HTMLDivElement>(null);
  const hasMarks = flags !== null && flags.length > 0;

  // The layer sits in the same box (inset-0), so it follows the textarea's size by itself; what CSS
  // cannot follow is the textarea's scroll position and its scrollbar (where field-sizing is not
  // supported the textarea scrolls), which narrows its lines.
  useEffect(() => {
    const textarea = textareaRef.current;
    const layer = layerRef.current;
    if (!hasMarks || !textarea || !layer) return;
    const sync = () => {
      const scrollbar = Math.max(0, textarea.offsetWidth - textarea.clientWidth - 2);
      layer.style.borderRightWidth = `${1 + scrollbar}px`;
      layer.scrollTop = textarea.scrollTop;
      layer.scrollLeft = textarea.scrollLeft;
    };
    sync();
    const observer = new ResizeObserver(sync);
    observer.observe(textarea);
    textarea.addEventListener('scroll', sync);
    return () => {
      observer.disconnect();
      textarea.removeEventListener('scroll', sync);
    };
  }, [hasMarks, textareaRef]);

  return (
    <div className="relative rounded-md dark:bg-input/20">
      {hasMarks ? (
        <div
          ref={layerRef}
          aria-hidden
          data-testid="draft-highlights"
          className={cn(
            TEXTAREA_TEXT_METRICS,
            'pointer-events-none absolute inset-0 overflow-hidden whitespace-pre-wrap break-words rounded-md border-transparent text-transparent',
          )}
        >
          {segmentsOf(value, flags).map((segment, index) =>
            segment.span ? (
              <mark
                // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and rebuilt with the text
                key={index}
                className={cn(markTintOf(segment.span.severity), 'text-transparent')}
              >
                {segment.text}
              </mark>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and rebuilt with the text
              <Fragment key={index}>{segment.text}</Fragment>
            ),
          )}
          {/* A last empty line of the textarea still takes its height. */}
          {'\u200b'}
        </div>
      ) : null}
      <Textarea
        ref={textareaRef}
        value={value}
        // Transparent in both themes: the wrapper carries the dark tint, under the marks.
        className={cn('relative dark:bg-transparent', className)}
        {...props}
      />
    </div>
  );
}

/** How far below the top of the textarea the line holding `index` starts, in px (a measuring copy). */
function lineTopOf(textarea: HTMLTextAreaElement, index: number): number {
  const style = getComputedStyle(textarea);
  const copy = document.createElement('div');
  for (const property of [
    'font',
    'letterSpacing',
    'padding',
    'borderWidth',
    'boxSizing',
    'lineHeight',
  ] as const) {
    copy.style[property] = style[property];
  }
  copy.style.position = 'absolute';
  copy.style.visibility = 'hidden';
  copy.style.whiteSpace = 'pre-wrap';
  copy.style.overflowWrap = 'break-word';
  copy.style.width = `${textarea.offsetWidth}px`;
  copy.textContent = textarea.value.slice(0, index);
  const caret = document.createElement('span');
  caret.textContent = '\u200b';
  copy.append(caret);
  document.body.append(copy);
  const top = caret.offsetTop - textarea.scrollTop;
  copy.remove();
  return top;
}

/**
 * Selects `[start, end)` in the draft editor and brings those words into view: the flags rail's
 * 'show in the draft' and the place focus returns to after Apply Fix. The page scrolls only when
 * the words are outside the viewport (below the sticky top bar).
 */
export function selectInEditor(textarea: HTMLTextAreaElement, range: { start: number; end: number }) {
  textarea.focus({ preventScroll: true });
  textarea.setSelectionRange(range.start, range.end);
  const top = textarea.getBoundingClientRect().top + lineTopOf(textarea, range.start);
  const topBar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  if (top < topBar + 8 || top > window.innerHeight - 48) {
    window.scrollBy({ top: top - window.innerHeight / 3 });
  }
}
