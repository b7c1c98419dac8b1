import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type AuditFilters, type FilterChip, NO_AUDIT_FILTERS } from '../audit-filters';

/** The active filters as chips, each removable, and one button that clears them all. */
export function AuditFilterChips({
  chips,
  onChange,
}: {
  chips: readonly FilterChip[];
  onChange: (filters: AuditFilters) => void;
}) {
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <span className="inline-flex items-center gap-1 rounded-full border bg-muted/50 py-0.5 pr-1 pl-3 text-xs">
            {chip.label}
            <button
              type="button"
              className="rounded-full p-0.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              aria-label={`Remove filter ${chip.label}`}
              onClick={() => onChange(chip.without)}
            >
              <X aria-hidden className="size-3" />
            </button>
          </span>
        </li>
      ))}
      <li>
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0 text-xs"
          onClick={() => onChange(NO_AUDIT_FILTERS)}
        >
          Clear filters
        </Button>
      </li>
    </ul>
  );
}
