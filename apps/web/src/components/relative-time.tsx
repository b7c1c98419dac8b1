import { formatDateTime, formatRelativeTime } from '@/lib/format';

/** '12 minutes ago', with the exact date and time on hover (and for assistive technology). */
export function RelativeTime({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)} className="underline decoration-dotted underline-offset-2">
      {formatRelativeTime(at)}
    </time>
  );
}
