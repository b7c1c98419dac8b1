import { CheckCheck, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { useMessageAssignees } from '@/api/messages/list-assignees';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The select's value for "nobody" (radix's select refuses an empty value). */
const NOBODY = 'nobody';

type BulkBarProps = {
  count: number;
  isRunning: boolean;
  onResolve: () => void;
  onReopen: () => void;
  onAssign: (ownerId: string | null) => void;
  onClear: () => void;
};

/**
 * The actions on the inbox's selection (docs/product.md §2 Inbox): Resolve (with Undo in its toast),
 * Reopen, Assign to… a member or nobody. Shown while anything is selected; sticky so it stays in reach.
 */
export function BulkBar({ count, isRunning, onResolve, onReopen, onAssign, onClear }: BulkBarProps) {
  const assignees = useMessageAssignees(true);
  const [owner, setOwner] = useState('');
  return (
    <section
      aria-label="Selected messages"
      className="sticky top-16 z-20 flex flex-wrap items-center gap-2 rounded-lg border bg-background/95 p-2 shadow-sm backdrop-blur"
    >
      <p className="px-1 font-medium text-sm" role="status">
        {count === 1 ? '1 message selected' : `${count} messages selected`}
      </p>
      <Button type="button" size="sm" onClick={onResolve} disabled={isRunning}>
        <CheckCheck aria-hidden /> Resolve
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onReopen} disabled={isRunning}>
        <RotateCcw aria-hidden /> Reopen
      </Button>
      <Select
        value={owner}
        onValueChange={(value) => {
          setOwner('');
          onAssign(value === NOBODY ? null : value);
        }}
        disabled={isRunning || !assignees.data}
      >
        <SelectTrigger size="sm" aria-label="Assign the selected messages to">
          <SelectValue placeholder="Assign to…" />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NOBODY}>Nobody</SelectItem>
          {assignees.data?.items.map((member) => (
            <SelectItem key={member.id} value={member.id}>
              {member.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button type="button" size="sm" variant="ghost" onClick={onClear} className="ml-auto">
        <X aria-hidden /> Clear selection
      </Button>
    </section>
  );
}
