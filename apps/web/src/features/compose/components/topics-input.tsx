import { MESSAGE_TOPIC_LENGTH_MAX, MESSAGE_TOPICS_MAX, normalizeTopics } from '@parley/contracts';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * docs/product.md §2 Compose topics list: add by button or Enter, removable chips; empty and
 * case-insensitive duplicate topics are ignored (the server applies the same rule).
 */
export function TopicsInput({
  id,
  topics,
  onChange,
  disabled,
  error,
}: {
  id: string;
  topics: string[];
  onChange: (topics: string[]) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const [value, setValue] = useState('');
  const isFull = topics.length >= MESSAGE_TOPICS_MAX;

  function add() {
    const next = normalizeTopics([...topics, value]);
    if (next.length <= MESSAGE_TOPICS_MAX) onChange(next);
    setValue('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Topics</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={value}
          maxLength={MESSAGE_TOPIC_LENGTH_MAX}
          disabled={disabled || isFull}
          placeholder="e.g. Distributions"
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" disabled={disabled || isFull || !value.trim()} onClick={add}>
          <Plus aria-hidden /> Add
        </Button>
      </div>
      <p id={hintId} className="text-muted-foreground text-xs">
        Press Enter or Add. Up to {MESSAGE_TOPICS_MAX}; left empty, topics are suggested from the message.
      </p>
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      {topics.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Topics added">
          {topics.map((topic) => (
            <li key={topic}>
              <Badge variant="secondary" className="gap-1 pr-1">
                {topic}
                <button
                  type="button"
                  className="rounded-sm p-0.5 hover:bg-foreground/10 focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
                  aria-label={`Remove topic ${topic}`}
                  disabled={disabled}
                  onClick={() => onChange(topics.filter((t) => t !== topic))}
                >
                  <X aria-hidden className="size-3" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
